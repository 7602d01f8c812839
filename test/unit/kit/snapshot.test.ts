/**
 * Snapshots (issue 34 item 3): `kit.snapshot()` then `createDrillKit({ restore })` given the same
 * input from then on has the same state hash as the original at every later tick, for several
 * drills, snapshot ticks and input scripts.
 */
import { createDrillKit, kitDrill, registerSystem, type DrillConfig, type EngineSystem, type Kit } from '../../../src/kit';

/** A scripted player: every 9th tick aims at the first live target and clicks, every 5th looks
 * a little away; deterministic in the tick number and the kit's own state. */
function play(kit: Kit): void {
  const k = kit.tick;
  const live = kit.liveTargets();
  if (k % 9 === 3 && live.length > 0) kit.at(k).aimAt(live[k % live.length], 1).click(3);
  else if (k % 5 === 0) kit.at(k).look(37, -11, 2);
  if (k % 50 === 20) kit.at(k).keys(['forward'], 4);
  if (k % 50 === 40) kit.at(k).keys([], 4);
}

const DRILLS: Array<[string, () => DrillConfig]> = [
  ['134 Gridshot', () => kitDrill(134)],
  ['143 moving targets, automatic weapon', () => kitDrill(143)],
  ['156 return to centre', () => kitDrill(156)],
  ['166 clip', () => kitDrill(166)],
  ['161 circle movement', () => kitDrill(161)],
];

describe('snapshot / restore', () => {
  for (const [name, drill] of DRILLS) {
    it(`${name}: restore + the same input = the same hash at every later tick (snapshots at 3 ticks)`, () => {
      const ref = createDrillKit({ drill: drill(), seed: 21 });
      const snaps = new Map<number, ReturnType<Kit['snapshot']>>();
      const hashes: number[] = [];
      const at = [1, 97, 410];
      for (let i = 0; i < 700 && !ref.finished; i++) {
        if (at.includes(ref.tick)) snaps.set(ref.tick, ref.snapshot());
        play(ref);
        ref.step();
        hashes[ref.tick] = ref.hash();
      }
      expect(snaps.size).toBe(3);
      for (const [t, snap] of snaps) {
        const kit = createDrillKit({ restore: snap });
        expect(kit.tick).toBe(t);
        expect(kit.hash()).toBe(t === 0 ? kit.hash() : hashes[t]);
        while (kit.tick < hashes.length - 1 && !kit.finished) {
          play(kit);
          kit.step();
          if (kit.hash() !== hashes[kit.tick]) throw new Error(`${name}: restored at ${t}, hash differs at tick ${kit.tick}`);
        }
        expect(kit.tick).toBe(hashes.length - 1);
        expect(kit.counters()).toEqual(ref.counters());
      }
    });
  }

  it('a snapshot is a copy: the original running on does not change it, and it restores twice', () => {
    const ref = createDrillKit({ drill: kitDrill(134), seed: 5 });
    ref.step(10);
    const snap = ref.snapshot();
    const h = ref.hash();
    ref.at(ref.tick).aimAt(ref.liveTargets()[0], 1).click(2);
    ref.step(20);
    const a = createDrillKit({ restore: snap });
    const b = createDrillKit({ restore: snap });
    expect(a.hash()).toBe(h);
    expect(b.hash()).toBe(h);
    expect(a.counters().kills).toBe(0);
  });

  it('different input after the restore gives a different hash (the test can fail)', () => {
    const ref = createDrillKit({ drill: kitDrill(134), seed: 5 });
    ref.step(10);
    const kit = createDrillKit({ restore: ref.snapshot() });
    ref.at(ref.tick).look(100, 0, 1);
    ref.step();
    kit.step();
    expect(kit.hash()).not.toBe(ref.hash());
  });

  it('carries registered systems\' state, and refuses a process without the same systems', () => {
    type S = { n: number };
    const counter: EngineSystem<S> = { name: 'snapCounter', init: () => ({ n: 0 }), update: (_w, s) => { s.n++; } };
    const before = createDrillKit({ drill: kitDrill(134), seed: 5 });
    before.step(3);
    const snapWithout = before.snapshot();
    registerSystem(counter, { before: 'scoring' });
    const ref = createDrillKit({ drill: kitDrill(134), seed: 5 });
    ref.step(12);
    const kit = createDrillKit({ restore: ref.snapshot() });
    expect(kit.world.plugins.snapCounter).toEqual({ n: 12 });
    kit.step(5); ref.step(5);
    expect(kit.hash()).toBe(ref.hash());
    expect(() => createDrillKit({ restore: snapWithout })).toThrow(/registered systems null.*\["snapCounter"\]/);
  });
});
