/**
 * The drill schema (src/contracts/drillSchema.ts) and the full document check
 * (src/drill/drillDocument.ts): every drill file validates, defaults are the spec's, and a bad
 * document is refused with the field and the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  DRILL_DOCUMENT_SCHEMA, DRILL_GAME_MODES, drillToDocument, validateDrillDocument, type DrillDocumentError,
} from '../../../src/contracts/drillSchema';
import { DRILL_DEFAULTS } from '../../../src/contracts/constants';
import { SPAWN_MODES } from '../../../src/contracts/drillConfig';
import { checkDrillDocument } from '../../../src/drill/drillDocument';
import { gameModeNames } from '../../../src/ecs/gameModes';

const DIR = path.resolve(__dirname, '../../../drills');
const FILES = fs.readdirSync(DIR).filter((n) => n.endsWith('.json')).sort();
const read = (name: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8'));

/** The smallest valid document: the required fields only. */
const minimal = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 9001, name: 'Minimal', category: 'clicking', num_targets: 3, spawn_mode: 'Random', ...over,
});

function errorsOf(doc: unknown): DrillDocumentError[] {
  const r = validateDrillDocument(doc);
  if (r.ok) throw new Error(`expected ${JSON.stringify(doc)} to be refused`);
  return r.errors;
}

describe('drill files', () => {
  it('are at least 30, one per id, each named <id>.json', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(30);
    for (const f of FILES) expect(f).toBe(`${String(read(f).id)}.json`);
  });

  it.each(FILES)('%s validates against the drill schema and the engine parser', (name) => {
    const doc = read(name);
    const r = checkDrillDocument(doc);
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
    expect(r.drill.id).toBe(doc.id);
    expect(typeof r.drill.config).toBe('string');
  });
});

describe('validateDrillDocument', () => {
  it("fills in every optional field's default: the spec's section 9 values", () => {
    const doc = minimal();
    const r = validateDrillDocument(doc);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(doc).toEqual(minimal()); // the input is not changed
    expect(r.drill).toMatchObject({
      duration: DRILL_DEFAULTS.durationMs,
      clip_size: DRILL_DEFAULTS.clipSize,
      clip_reload_time: DRILL_DEFAULTS.clipReloadTimeMs,
      weapon_fire_rate: DRILL_DEFAULTS.weaponFireRate,
      target_speed: DRILL_DEFAULTS.targetSpeed,
      target_health: DRILL_DEFAULTS.targetHealth,
      fov: DRILL_DEFAULTS.fov,
      fov_type: DRILL_DEFAULTS.fovType,
      player_movement_speed: DRILL_DEFAULTS.playerMovementSpeed,
      player_start_x: DRILL_DEFAULTS.playerStart[0],
      player_start_y: DRILL_DEFAULTS.playerStart[1],
      player_start_z: DRILL_DEFAULTS.playerStart[2],
      max_fps: DRILL_DEFAULTS.maxFps,
      crit_dmg_multiplier: DRILL_DEFAULTS.critDmgMultiplier,
      primary_metric: DRILL_DEFAULTS.primaryMetric,
      position_min_dist: DRILL_DEFAULTS.positionMinDist,
      position_max_dist: DRILL_DEFAULTS.positionMaxDist,
      ads_sens: DRILL_DEFAULTS.adsSens,
      target_lifetime: null,
      config: '{}',
      target_config: null,
      game_type_description: '',
    });
    // every field of the schema is in the answer: required ones as given, the rest defaulted
    expect(Object.keys(r.drill).sort()).toEqual(Object.keys(DRILL_DOCUMENT_SCHEMA.properties).sort());
  });

  it('turns config and target_config objects into the JSON strings of the gameconfig answer', () => {
    const r = validateDrillDocument(minimal({ config: { spawnOrder: 'order', positions: [[0, 1, -10]] }, target_config: { glow: 2 } }));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(JSON.parse(r.drill.config)).toEqual({ spawnOrder: 'order', positions: [[0, 1, -10]] });
    expect(JSON.parse(r.drill.target_config as string)).toEqual({ glow: 2 });
  });

  it('refuses a wrong type with the field and the reason', () => {
    expect(errorsOf(minimal({ target_size: 'big' }))).toEqual([{ field: 'target_size', reason: 'must be number, got "big"' }]);
    expect(errorsOf(minimal({ num_targets: 2.5 }))).toEqual([{ field: 'num_targets', reason: 'must be integer, got 2.5' }]);
    expect(errorsOf(minimal({ target_moving: 'true' }))).toEqual([{ field: 'target_moving', reason: 'must be boolean, got "true"' }]);
    expect(errorsOf(minimal({ config: '{"spawnOrder":"order"}' }))).toEqual([{ field: 'config', reason: 'must be object, got "{\\"spawnOrder\\":\\"order\\"}"' }]);
  });

  it('refuses a value out of range with the field, the bound and the value', () => {
    expect(errorsOf(minimal({ target_size: 9 }))).toEqual([{ field: 'target_size', reason: 'must be <= 3, got 9' }]);
    expect(errorsOf(minimal({ duration: 0 }))).toEqual([{ field: 'duration', reason: 'must be >= 1000, got 0' }]);
    expect(errorsOf(minimal({ accuracy_score: 120 }))).toEqual([{ field: 'accuracy_score', reason: 'must be <= 100, got 120' }]);
    expect(errorsOf(minimal({ config: { positions: [[0, 1]] } }))).toEqual([{ field: 'config.positions.0', reason: 'must NOT have fewer than 3 items, got [0,1]' }]);
    expect(errorsOf(minimal({ config: { adsZoom: 0.5 } }))).toEqual([{ field: 'config.adsZoom', reason: 'must be >= 1, got 0.5' }]);
    expect(errorsOf(minimal({ position_min_dist: 4, position_max_dist: 2 }))).toEqual([
      { field: 'position_min_dist', reason: 'must be at most position_max_dist (2), got 4' },
    ]);
  });

  it('refuses a name outside its list, naming the accepted values', () => {
    const [e] = errorsOf(minimal({ spawn_mode: 'Spiral' }));
    expect(e.field).toBe('spawn_mode');
    for (const m of SPAWN_MODES) expect(e.reason).toContain(JSON.stringify(m));
    expect(e.reason).toMatch(/got "Spiral"$/);
  });

  it('refuses an unknown field, at the top and inside config', () => {
    expect(errorsOf(minimal({ colour: 'red' }))).toEqual([{ field: 'colour', reason: 'is not a drill field' }]);
    expect(errorsOf(minimal({ config: { spawnorder: 'order' } }))).toEqual([{ field: 'config.spawnorder', reason: 'is not a known key of config' }]);
    // a player's setting is not a drill field
    expect(errorsOf(minimal({ mouse_sensitivity: 2 }))).toEqual([{ field: 'mouse_sensitivity', reason: 'is not a drill field' }]);
  });

  it('refuses a missing required field', () => {
    const { spawn_mode: _s, name: _n, ...doc } = minimal();
    expect(errorsOf(doc)).toEqual([{ field: 'name', reason: 'is required' }, { field: 'spawn_mode', reason: 'is required' }]);
    expect(errorsOf(null)).toEqual([{ field: '', reason: 'must be object, got null' }]);
    expect(errorsOf([])).toEqual([{ field: '', reason: 'must be object, got []' }]);
  });

  it('reports every error of a document at once', () => {
    const fields = errorsOf(minimal({ target_size: -1, duration: 'long', extra: 1, spawn_mode: 'x' })).map((e) => e.field).sort();
    expect(fields).toEqual(['duration', 'extra', 'spawn_mode', 'target_size']);
  });

  it('refuses a description with markup beyond <p> <b> <i> <em> <strong> <br> (the pre-game screen renders it as HTML)', () => {
    expect(validateDrillDocument(minimal({ game_type_description: '<p>Fast <b>and</b> <i>small</i>.<br/></p>' })).ok).toBe(true);
    for (const html of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<p onclick="x()">hi</p>', '<a href="javascript:1">x</a>']) {
      const [e] = errorsOf(minimal({ game_type_description: html }));
      expect(e.field).toBe('game_type_description');
      expect(e.reason).toMatch(/only <p>, <b>/);
    }
  });

  it('documents every field with its unit or range, default and spec section', () => {
    const props = { ...DRILL_DOCUMENT_SCHEMA.properties, ...DRILL_DOCUMENT_SCHEMA.properties.config.properties } as Record<string, { description?: string; default?: unknown; minimum?: number; type?: unknown }>;
    for (const [k, p] of Object.entries(props)) {
      expect([k, p.description]).toEqual([k, expect.stringMatching(/Spec: sections? \d/)]);
      if ('default' in p) expect([k, p.description]).toEqual([k, expect.stringContaining(`Default: ${JSON.stringify(p.default)}`)]);
      if (typeof p.minimum === 'number') expect([k, p.description]).toEqual([k, expect.stringContaining(`Range: `)]);
      if (p.type === 'number' || (Array.isArray(p.type) && p.type.includes('number'))) expect([k, p.description]).toEqual([k, expect.stringMatching(/Unit: /)]);
    }
  });

  it("names exactly the engine's registered game modes", () => {
    expect([...DRILL_GAME_MODES].sort()).toEqual(gameModeNames().filter((n) => !n.startsWith('test')).sort());
  });

  it('drillToDocument is its inverse', () => {
    for (const f of FILES) {
      const r = validateDrillDocument(read(f));
      if (!r.ok) throw new Error(f);
      expect(validateDrillDocument(drillToDocument(r.drill))).toEqual(r);
    }
  });
});

describe('checkDrillDocument (schema, then the engine parser)', () => {
  it('answers the drill for a valid document', () => {
    expect(checkDrillDocument(minimal()).ok).toBe(true);
  });

  it("refuses what the schema allows but the engine cannot run, naming the engine's field", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ target_grow_mode: 'grow' }, 'target_grow_mode'],
      [{ target_moving: true, movement_pattern: 'depth' }, 'movement_pattern'],
      [{ numPriorityTargets: 2 }, 'numPriorityTargets'],
      [{ dynamic_target_setting_enabled: true }, 'config.dynamic_target_setting_type'],
      [{ target_lifetime: 1000, target_grow_mode: 'shrink', config: { minSize: 0.5, maxSize: 0.2 } }, 'config.minSize'],
      [{ config: { minFov: 100, maxFov: 80 } }, 'config.minFov'],
    ];
    for (const [over, field] of cases) {
      const r = checkDrillDocument(minimal(over));
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.errors).toHaveLength(1);
        expect([over, r.errors[0].field]).toEqual([over, field]);
        expect(r.errors[0].reason).not.toMatch(/^Invalid drill config/);
      }
    }
  });
});

describe('docs/engine.md "Drills as data"', () => {
  it("example drill passes the full check", () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../../../docs/engine.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Drills as data'));
    const example = /```json\n([\s\S]*?)```/.exec(section);
    expect(example).not.toBeNull();
    const r = checkDrillDocument(JSON.parse(example![1]));
    expect(r).toMatchObject({ ok: true });
    // a new id: not one of the catalogue's
    expect(FILES).not.toContain(`${String((JSON.parse(example![1]) as { id: number }).id)}.json`);
  });
});

describe('DrillDocument (the type of the schema)', () => {
  it('types a drill file', () => {
    const doc: import('../../../src/contracts/drillSchema').DrillDocument = {
      id: 1, name: 'x', category: 'clicking', num_targets: 1, spawn_mode: 'Random', config: { spawnOrder: 'order', positions: [[0, 1, 2]] }, target_lifetime: null,
    };
    // @ts-expect-error an unknown spawn mode is not a DrillDocument
    const bad: import('../../../src/contracts/drillSchema').DrillDocument = { id: 1, name: 'x', category: 'clicking', num_targets: 1, spawn_mode: 'Spiral' };
    expect(validateDrillDocument(doc).ok).toBe(true);
    expect(validateDrillDocument(bad).ok).toBe(false);
  });
});
