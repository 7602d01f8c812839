/**
 * The verification fast paths of issue 38 item 4 give what the plain paths give:
 * - `decodeReplayLogColumns` + `createReplayLogCursor` (src/contracts/replayCodec.ts): for a
 *   log with every event kind (looks with and without a device, fire, ADS, moves with a whole
 *   and a fractional mask, -0 values), the events taken tick by tick equal the decoded events
 *   in the same windows (Object.is on every field), and the decode errors are the same;
 * - `simulateReplay` (src/server/replay.ts) on the columns gives the same state hashes as on
 *   the events, for a scripted 1 kHz run of drill 134;
 * - `nthSmallest` (src/analysis/runAnalysis.ts) is the sorted array's element, duplicates
 *   included.
 */
import type { EngineSettings, InputEvent } from '../../src/contracts/engine';
import {
  createReplayLogCursor, decodeReplayLog, decodeReplayLogColumns, encodeReplayLog,
} from '../../src/contracts/replayCodec';
import { TICK_MS } from '../../src/contracts/constants';
import { nthSmallest } from '../../src/analysis/runAnalysis';
import { simulateReplay } from '../../src/server/replay';
import { catalogueDrill, scriptedRun } from '../bench/scriptedRun';

const SETTINGS: EngineSettings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };

function sameEvent(a: InputEvent, b: InputEvent): void {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const k of Object.keys(a)) expect(Object.is((a as never)[k], (b as never)[k])).toBe(true);
}

test('columns read tick by tick give the decoded events, every kind and value exact', () => {
  const log: InputEvent[] = [];
  for (let i = 0; i < 3000; i++) {
    const t = i * 0.37;
    const k = i % 9;
    if (k === 0) log.push({ type: 'fire', t, down: i % 2 === 0 });
    else if (k === 1) log.push({ type: 'ads', t, down: i % 4 === 1 });
    else if (k === 2) log.push({ type: 'move', t, mask: i % 16 });
    else if (k === 3) log.push({ type: 'move', t, mask: 2.5 });
    else if (k === 4) log.push({ type: 'look', t, dx: -0, dy: 0.1 * i });
    else if (k === 5) log.push({ type: 'look', t, dx: 3, dy: -2, device: 'Cont' });
    else log.push({ type: 'look', t, dx: (i % 7) - 3, dy: (i % 5) - 2, device: 'Mouse' });
  }
  const bytes = encodeReplayLog(log);
  const events = decodeReplayLog(bytes);
  const cols = decodeReplayLogColumns(bytes);
  expect(cols.length).toBe(events.length);
  const cursor = createReplayLogCursor(cols);
  const buf: InputEvent[] = [];
  let li = 0;
  for (let tick = 0; cursor.left > 0; tick++) {
    buf.length = 0;
    const n = cursor.take((tick + 1) * TICK_MS, buf);
    expect(n).toBe(buf.length);
    for (const e of buf) sameEvent(e, events[li++]);
  }
  expect(li).toBe(events.length);
  // the same errors as the event decoder
  for (const cut of [3, 10, bytes.length - 1]) {
    const bad = bytes.subarray(0, cut);
    let a = '', b = '';
    try { decodeReplayLog(bad); } catch (e) { a = `${(e as Error).name}: ${(e as Error).message}`; }
    try { decodeReplayLogColumns(bad); } catch (e) { b = `${(e as Error).name}: ${(e as Error).message}`; }
    expect(b).toBe(a);
    expect(a).toMatch(/^RangeError/);
  }
});

test('simulateReplay on the columns gives the same run as on the events', () => {
  const drill = catalogueDrill(134, { duration: 10_000 });
  const engine = scriptedRun(drill, { seed: 77, settings: SETTINGS, lookEventsPerTick: 16, browserLike: true });
  const bytes = encodeReplayLog(engine.inputLog());
  const replay = { seed: 77, settings: SETTINGS, despawn_ms: 200 };
  const a = simulateReplay(drill, replay, decodeReplayLog(bytes));
  const b = simulateReplay(drill, replay, decodeReplayLogColumns(bytes));
  expect(b.sampled).toEqual(a.sampled);
  expect(b.engine.stateHash()).toBe(a.engine.stateHash());
  expect(b.engine.stateHash()).toBe(engine.stateHash());
  expect(b.engine.counters().hits).toBeGreaterThan(0);
});

test('nthSmallest is the sorted array element, duplicates included', () => {
  let seed = 3;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let k = 0; k < 200; k++) {
    const n = 1 + Math.floor(rnd() * 60);
    const a = Float64Array.from({ length: n }, () => Math.floor(rnd() * 10) / 4);
    const sorted = Float64Array.from(a).sort();
    const i = Math.floor(rnd() * n);
    expect(nthSmallest(Float64Array.from(a), i)).toBe(sorted[i]);
  }
  expect(() => nthSmallest(new Float64Array(2), 2)).toThrow(RangeError);
});
