/** The low-FPS monitor (spec section 5: 3 one-second samples averaged, below 30 → notice once)
 * and the once-per-session claim (section 4). */
import {
  announceLowFps, claimLowFpsNotice, LOW_FPS_EVENT, LOW_FPS_SESSION_KEY, LowFpsMonitor, type SessionFlagStore,
} from '../../../src/game/lowFps';

/** Feeds frames at a steady `fps` from `fromMs` for `seconds`; returns the first trip (or null)
 * and the time after the last frame. */
function feed(m: LowFpsMonitor, fps: number, fromMs: number, seconds: number): { trip: number | null; at: number | null; end: number } {
  const step = 1000 / fps;
  let trip: number | null = null;
  let at: number | null = null;
  let t = fromMs;
  for (let i = 0; i < Math.round(fps * seconds); i++) {
    t = fromMs + i * step;
    const r = m.frame(t);
    if (r !== null && trip === null) { trip = r; at = t; }
  }
  return { trip, at, end: t };
}

test('a steady 20 fps trips once, after the third complete one-second sample, with the average', () => {
  const m = new LowFpsMonitor();
  const r = feed(m, 20, 0, 5);
  expect(r.trip).toBe(20);
  expect(r.at).toBe(3000); // the frame that closes the third window (0-1000, 1000-2000, 2000-3000)
  expect(m.hasTripped).toBe(true);
  expect(feed(m, 10, r.end + 50, 5).trip).toBeNull(); // never again
});

test('exactly 30 fps does not trip; 29 does', () => {
  expect(feed(new LowFpsMonitor(), 30, 0, 6).trip).toBeNull();
  expect(feed(new LowFpsMonitor(), 29, 0, 6).trip).toBe(29);
});

test('the average is rolling: one slow second among fast ones does not trip, three do', () => {
  const m = new LowFpsMonitor();
  let end = feed(m, 60, 0, 3).end;
  end = feed(m, 10, end + 1000 / 60, 1).end; // samples 60, 60, ~10: average ~43
  expect(m.hasTripped).toBe(false);
  const r = feed(m, 10, end + 100, 3);
  expect(r.trip).not.toBeNull();
  expect(r.trip!).toBeLessThan(30);
});

test('a stall of several seconds (no frames) closes the windows it spans with zero frames', () => {
  const m = new LowFpsMonitor();
  const { end } = feed(m, 60, 0, 2);
  // one frame 4 s later: the windows it closes hold ~60, 0, 0 frames → average below 30
  expect(m.frame(end + 4000)).not.toBeNull();
});

test('reset (a pause) forgets the samples: slow seconds split by a pause need three new ones', () => {
  const m = new LowFpsMonitor();
  const a = feed(m, 20, 0, 2.5);
  expect(a.trip).toBeNull();
  m.reset();
  const b = feed(m, 20, a.end + 60_000, 2.5); // only 2 windows complete since the pause
  expect(b.trip).toBeNull();
  m.reset();
  expect(feed(m, 20, b.end + 1000, 3.1).trip).toBe(20);
});

function memoryStore(): SessionFlagStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, v); } };
}

test('claimLowFpsNotice: once per session, never when disabled, missing flag = enabled', () => {
  const s = memoryStore();
  expect(claimLowFpsNotice(false, s)).toBe(false);
  expect(s.data.size).toBe(0); // disabled does not use up the session's notice
  expect(claimLowFpsNotice(undefined, s)).toBe(true);
  expect(s.data.get(LOW_FPS_SESSION_KEY)).toBe('1');
  expect(claimLowFpsNotice(true, s)).toBe(false);
  expect(claimLowFpsNotice(true, memoryStore())).toBe(true); // a new session
});

test('claimLowFpsNotice: a storage that throws still shows the notice', () => {
  const broken: SessionFlagStore = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
  expect(claimLowFpsNotice(true, broken)).toBe(true);
  expect(claimLowFpsNotice(true, null)).toBe(true);
});

test('announceLowFps dispatches the event with the fps on the target', () => {
  const target = new EventTarget();
  const seen: unknown[] = [];
  target.addEventListener(LOW_FPS_EVENT, (e) => seen.push((e as CustomEvent).detail));
  announceLowFps({ fps: 21.5 }, target);
  expect(seen).toEqual([{ fps: 21.5 }]);
});
