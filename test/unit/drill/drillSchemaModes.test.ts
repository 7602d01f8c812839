/** The drill schema's game-mode names come from the registry (issue 34): src/contracts cannot
 * import the engine, so the validator takes the list; src/drill passes the registry's. */
import { DRILL_GAME_MODES, drillDocumentSchemaFor, validateDrillDocument } from '../../../src/contracts/drillSchema';
import { checkDrillDocument } from '../../../src/drill/drillDocument';
import { gameModeNames, registerGameMode } from '../../../src/ecs/gameModes';

const doc = (over: Record<string, unknown>) => ({ id: 7100, name: 'Modes', category: 'test', num_targets: 2, spawn_mode: 'Random', ...over });

describe('game modes in drill documents', () => {
  it('validateDrillDocument: built-in names by default, the given list otherwise, for both fields', () => {
    expect(validateDrillDocument(doc({ special_mode: 'elimination' })).ok).toBe(true);
    const r = validateDrillDocument(doc({ special_mode: 'zigzag', config: { gameMode: { name: 'zagzig' } } }));
    expect(r).toEqual({
      ok: false,
      errors: [
        { field: 'special_mode', reason: `must be a registered game mode (${DRILL_GAME_MODES.map((m) => `"${m}"`).join(', ')}), got "zigzag"` },
        { field: 'config.gameMode.name', reason: expect.stringMatching(/got "zagzig"$/) as unknown as string },
      ],
    });
    expect(validateDrillDocument(doc({ special_mode: 'zigzag' }), { gameModes: ['zigzag'] }).ok).toBe(true);
    expect(validateDrillDocument(doc({ special_mode: 'bad name!' }), { gameModes: ['bad name!'] }).ok).toBe(false); // the form
  });

  it('checkDrillDocument accepts a mode once it is registered', () => {
    expect(checkDrillDocument(doc({ special_mode: 'test_later' })).ok).toBe(false);
    registerGameMode('test_later', { description: 'test', hooks: {} });
    expect(checkDrillDocument(doc({ special_mode: 'test_later' })).ok).toBe(true);
  });

  it('drillDocumentSchemaFor lists the names in the schema', () => {
    const s = drillDocumentSchemaFor(gameModeNames()) as unknown as { properties: { special_mode: { enum: unknown[] } } };
    expect(s.properties.special_mode.enum).toEqual([...gameModeNames(), null]);
  });
});
