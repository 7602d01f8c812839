/**
 * docs/engine.md's example (issue 34): a game mode whose targets teleport every 2 s, written
 * with the kit's public exports only (src/kit.ts): a registered system placed after movement,
 * its state inside the world (and so inside the state hash and snapshots), a game mode that
 * turns it on, and its tests.
 */
import {
  createDrillKit, findSpawnPosition, kitDrill, liveTargetIds, moveTargetTo, registerGameMode, registerSystem,
  roundTimeMs, TICK_MS, type EngineSystem,
} from '../../../src/kit';

/** The mode's state: the round time of the next teleport (ms) and how many were done. */
type TeleportState = { nextMs: number; teleports: number };
const TELEPORT_EVERY_MS = 2000;

const teleport: EngineSystem<TeleportState> = {
  name: 'teleport',
  modes: ['teleport'],
  init: () => ({ nextMs: TELEPORT_EVERY_MS, teleports: 0 }),
  update(w, s) {
    const endMs = roundTimeMs(w) + TICK_MS; // this tick's end
    if (endMs < s.nextMs || w.finished) return;
    for (const eid of liveTargetIds(w)) {
      const p = findSpawnPosition(w); // the drill's spawn rule, seeded PRNG
      if (p) moveTargetTo(w, eid, p);
    }
    s.nextMs += TELEPORT_EVERY_MS;
    s.teleports++;
  },
};
registerSystem(teleport, { after: 'movement' });
registerGameMode('teleport', { description: 'Targets jump to a new spot every 2 s.', hooks: {} });

const positions = (kit: ReturnType<typeof createDrillKit>) => kit.liveTargets().map((t) => [t.eid, t.x, t.y, t.z]);

describe('teleport mode (a registered system + a game mode, public kit only)', () => {
  it('moves every live target at 2 s, not before', () => {
    const kit = createDrillKit({ drill: kitDrill(134, { special_mode: 'teleport' }), seed: 7 });
    const start = positions(kit);
    const ticksTo2s = Math.round(TELEPORT_EVERY_MS / TICK_MS); // 128
    kit.step(ticksTo2s - 1); // ticks 0..126: the last ends at 1984.375 ms
    expect(positions(kit)).toEqual(start);
    expect(kit.world.plugins.teleport).toEqual({ nextMs: 2000, teleports: 0 });
    kit.step(1); // the tick ending at 2000 ms
    const after = positions(kit);
    expect(after.map((p) => p[0])).toEqual(start.map((p) => p[0])); // same targets
    for (let i = 0; i < start.length; i++) expect(after[i].slice(1)).not.toEqual(start[i].slice(1));
    expect(kit.world.plugins.teleport).toEqual({ nextMs: 4000, teleports: 1 });
  });

  it('does not run in other modes', () => {
    const kit = createDrillKit({ drill: kitDrill(134), seed: 7 });
    const start = positions(kit);
    kit.step(200);
    expect(positions(kit)).toEqual(start);
    expect(kit.world.plugins).toEqual({});
  });

  it('a target that teleported can be hit at its new spot', () => {
    const kit = createDrillKit({ drill: kitDrill(134, { special_mode: 'teleport' }), seed: 7 });
    kit.step(128);
    const t = kit.liveTargets()[0];
    kit.at(kit.tick).aimAt(t, 1).click(2);
    kit.step();
    expect(kit.eventsOf('hit').map((e) => e.eid)).toEqual([t.eid]);
  });

  it('its state is in the state hash: same seed, same run; the plug-in state changes the hash', () => {
    const a = createDrillKit({ drill: kitDrill(134, { special_mode: 'teleport' }), seed: 7 });
    const b = createDrillKit({ drill: kitDrill(134, { special_mode: 'teleport' }), seed: 7 });
    for (let i = 0; i < 300; i++) { a.step(); b.step(); expect(a.hash()).toBe(b.hash()); }
    const h = a.hash();
    (a.world.plugins.teleport as TeleportState).teleports += 1;
    expect(a.hash()).not.toBe(h);
  });

  it('a drill file may name the mode (the schema accepts registered modes)', () => {
    expect(kitDrill({ special_mode: 'teleport' }).gameMode).toBe('teleport');
    expect(() => kitDrill({ special_mode: 'teleprot' })).toThrow(/special_mode: must be a registered game mode .*"teleport".*got "teleprot"/);
  });
});
