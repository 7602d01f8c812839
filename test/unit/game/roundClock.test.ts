import { FPS_SHOWN_MS, FpsMeter, planFrame, RoundClock } from '../../../src/game/roundClock';

describe('planFrame (fixed-step accumulator, 64 ticks/s)', () => {
  test('ticks due are the windows fully elapsed; alpha is the fraction of the next', () => {
    expect(planFrame(0, 100)).toEqual({ targetTick: 0, boundaryMs: 0, alpha: 0 });
    expect(planFrame(15.624, 100).targetTick).toBe(0);
    expect(planFrame(15.625, 100)).toEqual({ targetTick: 1, boundaryMs: 15.625, alpha: 0 });
    expect(planFrame(16.6, 100)).toEqual({ targetTick: 1, boundaryMs: 15.625, alpha: (16.6 - 15.625) / 15.625 });
    expect(planFrame(1000, 100)).toEqual({ targetTick: 64, boundaryMs: 1000, alpha: 0 });
    expect(planFrame(1000 + 7.8125, 100).alpha).toBe(0.5);
  });

  test('negative round time plans nothing; the round end caps ticks and sets alpha 1', () => {
    expect(planFrame(-5, 100)).toEqual({ targetTick: 0, boundaryMs: 0, alpha: 0 });
    expect(planFrame(60000 + 3, 3840)).toEqual({ targetTick: 3840, boundaryMs: 60000, alpha: 1 });
    expect(planFrame(1e9, 3840).targetTick).toBe(3840);
  });
});

describe('RoundClock', () => {
  test('round time excludes paused spans and freezes while paused', () => {
    const c = new RoundClock();
    expect(c.roundTime(500)).toBe(0);
    c.start(1000);
    expect(c.roundTime(1250)).toBe(250);
    c.pause(1300);
    expect(c.isPaused).toBe(true);
    expect(c.roundTime(5000)).toBe(300);
    c.resume(6300); // paused 5000 ms
    expect(c.roundTime(6400)).toBe(400);
    expect(c.eventRoundTime(6350)).toBe(350);
    c.pause(7000);
    c.pause(8000); // second pause is a no-op
    c.resume(9000);
    expect(c.roundTime(9000)).toBe(1000);
  });
});

describe('FpsMeter', () => {
  test('counts frames in the last second', () => {
    const m = new FpsMeter();
    let n = 0;
    for (let t = 0; t <= 2000; t += 10) n = m.frame(t);
    expect(n).toBe(100);
    m.reset();
    expect(m.frame(3000)).toBe(1);
  });

  test('the shown value is taken at most every FPS_SHOWN_MS (500 ms), whatever the frames do', () => {
    expect(FPS_SHOWN_MS).toBe(500);
    const m = new FpsMeter();
    const shown: number[] = [];
    // frames alternating 10 and 20 ms apart (66.7 per second): the one-second count changes on
    // most frames
    let t = 0;
    for (let k = 0; t <= 3000; k++) {
      const n = m.frame(t);
      const s = m.shown(t);
      if (t >= 1000) expect(Math.abs(n - 67)).toBeLessThanOrEqual(1);
      if (shown.length === 0 || shown[shown.length - 1] !== s) shown.push(s);
      t += k % 2 === 0 ? 10 : 20;
    }
    // nothing to show at the first frame (0), then the rate of the first two frames (10 ms apart:
    // 100), then one new value at most every 500 ms: at most 8 values in 3 s, each near 66.7
    expect(shown.slice(0, 2)).toEqual([0, 100]);
    expect(shown.length).toBeLessThanOrEqual(8);
    for (const v of shown.slice(2)) expect(Math.abs(v - 66.7)).toBeLessThanOrEqual(1.5);
  });

  test('after a reset (a pause, a new round) the last value stays until two frames give a rate, never 1', () => {
    const m = new FpsMeter();
    for (let u = 0; u <= 2000; u += 10) { m.frame(u); m.shown(u); }
    expect(m.shown(2000)).toBe(100);
    m.reset();
    expect(m.frame(10_000)).toBe(1);
    expect(m.shown(10_000)).toBe(100); // one frame: no rate yet, the value before the pause stays
    m.frame(10_020);
    expect(m.shown(10_020)).toBe(50); // 1 interval of 20 ms
    // held between refreshes, then the rate of the frames so far within the first second
    for (let u = 10_040; u <= 10_400; u += 20) m.frame(u);
    expect(m.shown(10_400)).toBe(50);
    m.frame(10_520);
    expect(m.shown(10_520)).toBe(Math.round((21 * 1000) / 520)); // 22 frames (21 intervals) over 520 ms: 40
    // past the first second: the one-second count
    let n = 0;
    for (let u = 10_540; u <= 11_200; u += 20) n = m.frame(u);
    expect(n).toBe(45); // (10 200, 11 200]: 10 220 ... 10 400, 10 520, 10 540 ... 11 200
    expect(m.shown(11_200)).toBe(45);
  });
});
