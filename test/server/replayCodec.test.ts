/**
 * The compact binary replay encoding (src/contracts/replayCodec.ts, issue 18 item 3):
 * - bit-exact round trip (Object.is on every field, -0 and NaN included) for every catalogue
 *   drill's scripted run, with raw times (many fraction bits) and browser-like times (the
 *   recorder's 1/16 ms grid), and the server's re-simulation of each browser-like submission
 *   verifies it (hashes included); and for random logs (fast-check: any doubles, rescaled counts);
 * - sizes: a 60 s run at 1 kHz is at most 150 KiB of `input_log_b64`; the longest catalogue
 *   drill at 8 kHz fits REPLAY_MAX_EVENTS and the route's body limit, and the server verifies it;
 * - decoding bad data throws RangeError (never anything else), and the base64 helpers agree with
 *   Node's Buffer.
 * Measured sizes are printed (BENCHMARKS.md "Replay size").
 */
import fc from 'fast-check';
import type { EngineSettings, InputEvent } from '../../src/contracts/engine';
import {
  BULLET_DATA_MAX_ITEMS, encodeInputLog, PERFORMANCE_BODY_LIMIT, REPLAY_LOG_B64_MAX_LENGTH, REPLAY_MAX_EVENTS, type ReplayData,
} from '../../src/contracts/performance';
import {
  base64ToBytes, bytesToBase64, decodeReplayLog, decodeReplayLogBase64, encodeReplayLog, encodeReplayLogBase64,
  quantizeEventTime,
} from '../../src/contracts/replayCodec';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { buildReplay } from '../../src/game/submission';
import { buildGameData } from '../../src/metrics/scoring';
import type { StoredDrill } from '../../src/server/drills';
import { verifyReplay } from '../../src/server/replay';
import { catalogueDrill, scriptedRun } from '../bench/scriptedRun';
import { Client, startTestServer } from './helpers';

const SETTINGS: EngineSettings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };
const FIELDS = ['type', 't', 'dx', 'dy', 'device', 'down', 'mask'] as const;

/** The first difference between two logs (Object.is per field), or null. */
function firstDifference(a: readonly InputEvent[], b: readonly InputEvent[]): string | null {
  if (a.length !== b.length) return `length ${a.length} != ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as unknown as Record<string, unknown>;
    const y = b[i] as unknown as Record<string, unknown>;
    for (const k of FIELDS) if (!Object.is(x[k], y[k])) return `event ${i} field ${k}: ${String(x[k])} != ${String(y[k])}`;
  }
  return null;
}

const roundTrip = (log: readonly InputEvent[]) => decodeReplayLogBase64(JSON.parse(JSON.stringify(encodeReplayLogBase64(log))));

const CATALOGUE_IDS = DRILL_CATALOGUE.map((d) => Number(d.id));

describe('round trip of every catalogue drill\'s scripted run is bit-exact', () => {
  test.each(CATALOGUE_IDS)('drill %i', (id) => {
    // 15 s of each drill (its own targets, weapon and modes), to bound the test's time
    const drill = catalogueDrill(id, { duration: 15000 });
    for (const browserLike of [false, true]) {
      const engine = scriptedRun(drill, { seed: id * 7 + 1, settings: SETTINGS, lookEventsPerTick: 2, browserLike, frameTicks: 2 });
      const log = engine.inputLog();
      expect(log.length).toBeGreaterThan(20);
      expect(firstDifference(log, roundTrip(log))).toBeNull();
      if (!browserLike) continue;
      // and the server's re-simulation of the submitted replay (through JSON) verifies the run
      const entry = DRILL_CATALOGUE.find((d) => Number(d.id) === id) as Record<string, unknown>;
      const { category, ...fields } = entry;
      const stored: StoredDrill = { id, category: String(category), fields: { ...fields, duration: 15000 } };
      const body = JSON.parse(JSON.stringify(submissionOf(engine)));
      const v = verifyReplay(stored, body.gameData, body.replay);
      expect({ verified: v.verified, reason: v.reason }).toEqual({ verified: true, reason: null });
    }
  });
});

describe('random logs round-trip bit-exactly (fast-check)', () => {
  const anyDouble = fc.double(); // NaN, +-Infinity, -0, subnormals included
  const count = fc.integer({ min: -5000, max: 5000 });
  const gridTime = fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map((q) => q / 16);
  const lookValue = fc.oneof(count, anyDouble, fc.constant(-0), count.map((n) => n * 0.7316));
  const time = fc.oneof(gridTime, anyDouble, fc.double({ min: 0, max: 1e6, noNaN: true }));
  const event: fc.Arbitrary<InputEvent> = fc.oneof(
    fc.record({
      type: fc.constant('look' as const), t: time, dx: lookValue, dy: lookValue,
    }).chain((e) => fc.constantFrom<InputEvent>(e, { ...e, device: 'Mouse' }, { ...e, device: 'Cont' })),
    fc.record({ type: fc.constant('fire' as const), t: time, down: fc.boolean() }),
    fc.record({ type: fc.constant('ads' as const), t: time, down: fc.boolean() }),
    fc.record({ type: fc.constant('move' as const), t: time, mask: fc.oneof(fc.integer({ min: 0, max: 15 }), anyDouble) }),
  );

  test('any events', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 300 }), (log) => firstDifference(log, roundTrip(log)) === null),
      { numRuns: 1000 },
    );
  });

  test('steady 1 kHz-like streams (grid times, small counts, rescaled counts)', () => {
    const scale = fc.double({ min: 0.01, max: 10, noNaN: true });
    fc.assert(
      fc.property(
        scale, scale,
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 }), fc.boolean()), { maxLength: 400 }),
        (sx, sy, steps) => {
          let q = 0;
          const log: InputEvent[] = steps.map(([dq, dx, dy, scaled]) => {
            q += dq;
            return { type: 'look', t: q / 16, dx: scaled ? dx * sx : dx, dy: scaled ? dy * sy : dy };
          });
          return firstDifference(log, roundTrip(log)) === null;
        },
      ),
      { numRuns: 300 },
    );
  });

  test('decoding arbitrary bytes throws RangeError or returns a log, nothing else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, withMagic) => {
        if (withMagic && bytes.length >= 2) { bytes[0] = 0x52; bytes[1] = 1; }
        try {
          const log = decodeReplayLog(bytes, 10000);
          return Array.isArray(log) && log.length <= 10000;
        } catch (e) {
          return e instanceof RangeError;
        }
      }),
      { numRuns: 2000 },
    );
  });
});

test('a rescaled mouse log (mid-run sensitivity change, src/input/lookScale.ts) stays compact', () => {
  const scaleX = 0.8 / 1.3, scaleY = -(0.8 / 1.3);
  const log: InputEvent[] = [];
  for (let i = 0; i < 10000; i++) {
    const rawX = ((i * 7) % 9) - 4, rawY = ((i * 5) % 7) - 3;
    log.push({ type: 'look', t: i, dx: rawX * scaleX, dy: rawY * scaleY });
  }
  const bytes = encodeReplayLog(log);
  expect(firstDifference(log, decodeReplayLog(bytes))).toBeNull();
  expect(bytes.length / log.length).toBeLessThan(2); // not 16+ bytes of raw doubles per event
});

test('quantizeEventTime: the 1/16 ms grid, monotonic, no -0', () => {
  expect(quantizeEventTime(1.03)).toBe(1.0);
  expect(quantizeEventTime(1.04)).toBe(1.0625);
  expect(Object.is(quantizeEventTime(-0.01), 0)).toBe(true);
  expect(quantizeEventTime(15.625 * 7)).toBe(15.625 * 7);
  fc.assert(fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), fc.double({ min: 0, max: 1e3, noNaN: true }), (a, d) =>
    quantizeEventTime(a) <= quantizeEventTime(a + d) && Number.isInteger(quantizeEventTime(a) * 16)));
});

test('bad input: wrong magic, format, count, truncation, base64', () => {
  const good = encodeReplayLog([{ type: 'fire', t: 1, down: true }, { type: 'look', t: 2, dx: 3, dy: -4 }]);
  expect(() => decodeReplayLog(new Uint8Array([0x41, 1, 0]))).toThrow(/not an encoded input log/);
  expect(() => decodeReplayLog(new Uint8Array([0x52, 9, 0]))).toThrow(/unknown format version 9/);
  expect(() => decodeReplayLog(good, 1)).toThrow(/more than the 1 allowed/);
  expect(() => decodeReplayLog(good.slice(0, good.length - 1))).toThrow(RangeError);
  expect(() => decodeReplayLog(new Uint8Array([0x52, 1, 0xff, 0xff, 0x7f, 0]))).toThrow(/cannot fit/);
  expect(() => base64ToBytes('abc')).toThrow(/multiple of 4/);
  expect(() => base64ToBytes('ab$=')).toThrow(/invalid character/);
  expect(() => base64ToBytes('a=bc')).toThrow(/invalid character/);
  fc.assert(fc.property(fc.uint8Array({ maxLength: 100 }), (b) => {
    const s = bytesToBase64(b);
    return s === Buffer.from(b).toString('base64') && Buffer.from(base64ToBytes(s)).equals(Buffer.from(b));
  }), { numRuns: 500 });
});

/** `{ gameData, bulletData, replay }` of a finished scripted run. */
function submissionOf(engine: ReturnType<typeof scriptedRun>) {
  const { gameData } = buildGameData(engine, {
    viewportWidth: 1280, viewportHeight: 720, fov: 103, fovType: 'h', sensitivity: SETTINGS.sensitivity, frameRate: 144,
  });
  const replay = buildReplay(engine, SETTINGS, 200) as ReplayData;
  return { gameData, bulletData: engine.bullets(), replay };
}

describe('sizes (browser-like logs: the recorder\'s time grid, whole counts)', () => {
  test('a 60 s run at 1 kHz: input_log_b64 at most 150 KiB', () => {
    const engine = scriptedRun(catalogueDrill(134), { seed: 1000, settings: SETTINGS, lookEventsPerTick: 16, browserLike: true });
    const log = engine.inputLog();
    expect(log.length).toBeGreaterThanOrEqual(60000);
    const b64 = encodeReplayLogBase64(log);
    const tuplesJson = JSON.stringify(encodeInputLog(log)).length;
    const body = JSON.stringify(submissionOf(engine)).length;
    // eslint-disable-next-line no-console
    console.log(`1 kHz, 60 s: ${log.length} events, input_log_b64 ${(b64.length / 1024).toFixed(1)} KiB ` +
      `(${((b64.length * 6) / 8 / log.length).toFixed(2)} bytes/event binary; tuple JSON (ecs-2) was ${(tuplesJson / 1024).toFixed(0)} KiB), ` +
      `whole submission ${(body / 1024).toFixed(1)} KiB`);
    expect(b64.length).toBeLessThanOrEqual(150 * 1024);
    expect(firstDifference(log, decodeReplayLogBase64(b64))).toBeNull();
  });

  test('the longest catalogue drill at 8 kHz fits REPLAY_MAX_EVENTS and the body limit, and the server verifies it', async () => {
    const longest = DRILL_CATALOGUE.reduce((a, d) => (Number(d.duration ?? 60000) > Number(a.duration ?? 60000) ? d : a));
    const id = Number(longest.id);
    const engine = scriptedRun(catalogueDrill(id), { seed: 8000, settings: SETTINGS, lookEventsPerTick: 125, browserLike: true });
    const log = engine.inputLog();
    expect(log.length).toBeGreaterThanOrEqual((Number(longest.duration ?? 60000) / 1000) * 8000);
    expect(log.length).toBeLessThanOrEqual(REPLAY_MAX_EVENTS);
    const body = submissionOf(engine);
    expect(body.replay).toBeDefined();
    expect(body.replay.input_log_b64!.length).toBeLessThanOrEqual(REPLAY_LOG_B64_MAX_LENGTH);
    expect(body.bulletData.length).toBeLessThanOrEqual(BULLET_DATA_MAX_ITEMS);
    const json = JSON.stringify(body);
    // eslint-disable-next-line no-console
    console.log(`8 kHz, drill ${id} (${Number(longest.duration ?? 60000) / 1000} s): ${log.length} events, input_log_b64 ` +
      `${(body.replay.input_log_b64!.length / 1024).toFixed(1)} KiB, whole submission ${(json.length / 1024).toFixed(1)} KiB ` +
      `(${(json.length / PERFORMANCE_BODY_LIMIT * 100).toFixed(0)}% of the ${PERFORMANCE_BODY_LIMIT / 1024} KiB body limit)`);
    expect(json.length).toBeLessThan(PERFORMANCE_BODY_LIMIT * 0.6);

    const server = await startTestServer();
    try {
      const res = await new Client(server).request({
        method: 'POST', url: '/api/v1/performance', payload: json, headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().verified).toBe(true);
      // one byte over the limit: 413 with an { error }
      const big = await new Client(server).request({
        method: 'POST', url: '/api/v1/performance', payload: json.padEnd(PERFORMANCE_BODY_LIMIT + 1, ' '),
        headers: { 'content-type': 'application/json' },
      });
      expect(big.statusCode).toBe(413);
      expect(typeof big.json().error).toBe('string');
    } finally {
      await server.close();
    }
  }, 120_000); // a 60 s run at 8 kHz re-simulated: over Jest's 30 s on a busy 2-core machine
});
