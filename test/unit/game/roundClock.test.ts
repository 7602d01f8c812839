import { FpsMeter, planFrame, RoundClock } from '../../../src/game/roundClock';

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
});
