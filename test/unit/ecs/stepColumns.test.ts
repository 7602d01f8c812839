/**
 * `DrillEngine.stepColumns` (issue 38 item 4): the engine's input system reads a tick's events
 * as columns (src/contracts/inputColumns.ts), which is how the server's re-simulation hands over
 * its decoded log. For seeded logs of every event kind (looks with and without a device, fire
 * presses and releases, movement masks, ADS) on a semi-automatic drill, an automatic walking
 * drill with ADS, and a controller player, the run through `stepColumns` has the same state hash
 * after every tick, the same counters and the same bullets as the run through `step`; the
 * columns of `writeInputColumns` give the events back (`inputColumnEvent`); a window or code
 * error is a RangeError as `step`'s.
 */
import type { EngineSettings, InputEvent } from '../../../src/contracts/engine';
import { TICK_MS } from '../../../src/contracts/constants';
import {
  createInputColumns, inputColumnEvent, writeInputColumns, INPUT_CODE_OTHER,
} from '../../../src/contracts/inputColumns';
import { createDrillEngine } from '../../../src/ecs/engine';
import { createRng } from '../../../src/ecs/rng';
import { drill, SETTINGS } from './helpers';

/** A seeded log of `ticks` ticks: 0-6 events a tick of every kind, sorted by t. */
function randomLog(seed: number, ticks: number): InputEvent[] {
  const rng = createRng(seed);
  const out: InputEvent[] = [];
  for (let k = 0; k < ticks; k++) {
    const n = Math.floor(rng.next() * 7);
    const ts: number[] = [];
    for (let i = 0; i < n; i++) ts.push(k * TICK_MS + Math.floor(rng.next() * TICK_MS * 16) / 16);
    ts.sort((a, b) => a - b);
    for (const t of ts) {
      const r = rng.next();
      if (r < 0.6) {
        const dev = rng.next();
        const dx = Math.round((rng.next() - 0.5) * 80), dy = Math.round((rng.next() - 0.5) * 40);
        out.push(dev < 0.4 ? { type: 'look', t, dx, dy } : dev < 0.8 ? { type: 'look', t, dx, dy, device: 'Mouse' } : { type: 'look', t, dx: dx / 3, dy: -0, device: 'Cont' });
      } else if (r < 0.75) out.push({ type: 'fire', t, down: rng.next() < 0.6 });
      else if (r < 0.9) out.push({ type: 'move', t, mask: Math.floor(rng.next() * 16) });
      else out.push({ type: 'ads', t, down: rng.next() < 0.5 });
    }
  }
  return out;
}

type Run = { hashes: number[]; counters: unknown; bullets: unknown; yaw: number; pitch: number };

function play(over: Record<string, unknown>, settings: EngineSettings, log: InputEvent[], columns: boolean): Run {
  const e = createDrillEngine({ drill: drill(over), seed: 7, settings, recordInputLog: false, trackBullets: true });
  const cols = createInputColumns(log.length);
  writeInputColumns(log, 0, log.length, cols);
  const hashes: number[] = [];
  let li = 0;
  while (!e.finished) {
    const hi = (e.tick + 1) * TICK_MS;
    const from = li;
    while (li < log.length && log[li].t < hi) li++;
    if (columns) e.stepColumns(cols, from, li);
    else e.step(log.slice(from, li));
    hashes.push(e.stateHash());
  }
  return { hashes, counters: e.counters(), bullets: e.bullets(), yaw: e.yaw, pitch: e.pitch };
}

describe('DrillEngine.stepColumns', () => {
  const cases: [string, Record<string, unknown>, EngineSettings][] = [
    ['semi-automatic', { duration: 4000 }, SETTINGS],
    ['automatic, walking, ADS', { duration: 4000, weapon_automatic: true, weapon_fire_rate: 12, player_movement_speed: 5, ads: true, ads_sens: 0.5 }, SETTINGS],
    ['controller player, inverted', { duration: 4000, weapon_automatic: true, target_moving: true }, { sensitivity: 1.3, sensitivityY: 0.7, invertY: true, inputDevice: 'Cont' }],
  ];
  it.each(cases)('%s: the same run as step, tick by tick', (_name, over, settings) => {
    for (const seed of [1, 2, 3]) {
      const log = randomLog(seed, 260);
      const a = play(over, settings, log, false);
      const b = play(over, settings, log, true);
      expect(b.hashes).toEqual(a.hashes);
      expect(b.counters).toEqual(a.counters);
      expect(b.bullets).toEqual(a.bullets);
      expect(Object.is(b.yaw, a.yaw) && Object.is(b.pitch, a.pitch)).toBe(true);
      // the log did something: shots were fired and the aim moved
      expect((a.bullets as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('columns give the events back; an unknown type is INPUT_CODE_OTHER', () => {
    const log = randomLog(9, 40);
    const cols = createInputColumns(1); // grows
    expect(writeInputColumns(log, 0, log.length, cols)).toBe(log.length);
    log.forEach((e, i) => {
      const back = inputColumnEvent(cols, i);
      const want = e.type === 'fire' || e.type === 'ads' ? { ...e, down: e.down } : e;
      expect(back).toEqual(want);
      if (e.type === 'look') expect(Object.is((back as typeof e).dy, e.dy)).toBe(true);
    });
    writeInputColumns([{ type: 'wave', t: 1 } as unknown as InputEvent], 0, 1, cols);
    expect(cols.code[0]).toBe(INPUT_CODE_OTHER);
  });

  it('keeps the input log when the engine records one (the object path)', () => {
    const log = randomLog(4, 64);
    const e = createDrillEngine({ drill: drill({ duration: 1000 }), seed: 3, settings: SETTINGS });
    const cols = createInputColumns(log.length);
    writeInputColumns(log, 0, log.length, cols);
    let li = 0;
    while (!e.finished) {
      const hi = (e.tick + 1) * TICK_MS, from = li;
      while (li < log.length && log[li].t < hi) li++;
      e.stepColumns(cols, from, li);
    }
    expect(e.inputLog()).toEqual(log.filter((x) => x.t < 1000));
  });

  it('throws RangeError for an event outside the tick or an unknown code, as step does', () => {
    const e = createDrillEngine({ drill: drill(), seed: 1, settings: SETTINGS, recordInputLog: false });
    const cols = createInputColumns(4);
    writeInputColumns([{ type: 'look', t: TICK_MS + 1, dx: 1, dy: 0 }], 0, 1, cols);
    expect(() => e.stepColumns(cols, 0, 1)).toThrow(RangeError);
    expect(() => e.step([{ type: 'look', t: TICK_MS + 1, dx: 1, dy: 0 }])).toThrow(`input event t=${TICK_MS + 1} ms is outside tick 0`);
    expect(() => e.stepColumns(cols, 0, 1)).toThrow(`input event t=${TICK_MS + 1} ms is outside tick 0`);
    cols.t[0] = 1; cols.code[0] = 7;
    expect(() => e.stepColumns(cols, 0, 1)).toThrow(/unknown input code 7/);
    expect(e.tick).toBe(0);
  });
});
