import {
  AutoQualityController, AUTO_WINDOW_MS, autoRenderScale, effectiveRenderScale, publishAutoRenderScale, shadowMapSize,
  subscribeAutoRenderScale,
} from '../../../../src/game/effects/videoQuality';

describe('shadow map size (spec section 9: 1024 low, 4096 high, capped by hardware)', () => {
  test('off, low, high', () => {
    expect(shadowMapSize(0, 16384)).toBe(0);
    expect(shadowMapSize(1, 16384)).toBe(1024);
    expect(shadowMapSize(2, 16384)).toBe(4096);
    expect(shadowMapSize(7 as never, 16384)).toBe(0);
    expect(shadowMapSize(null, 16384)).toBe(0);
  });

  test('capped by the largest texture the hardware takes (a power of two at most)', () => {
    expect(shadowMapSize(2, 2048)).toBe(2048);
    expect(shadowMapSize(2, 3000)).toBe(2048);
    expect(shadowMapSize(1, 512)).toBe(512);
    expect(shadowMapSize(2, 4096)).toBe(4096);
    expect(shadowMapSize(2, undefined)).toBe(4096);
    expect(shadowMapSize(2, 0)).toBe(4096);
  });
});

/** Feeds `seconds` of frames of `frameMs` each starting at `t`; returns the end time and the
 * scales seen after each frame. */
function run(q: AutoQualityController, t: number, frameMs: number, seconds: number): { t: number; scales: number[] } {
  const scales: number[] = [];
  const end = t + seconds * 1000;
  for (; t < end; t += frameMs) {
    q.frame(t);
    scales.push(q.scale);
  }
  return { t, scales };
}

describe('automatic render scale (spec section 5: 0.6-1 in 0.1 steps)', () => {
  test('starts at 1 and holds at a steady 60 fps', () => {
    const q = new AutoQualityController();
    expect(q.scale).toBe(1);
    run(q, 0, 1000 / 60, 10);
    expect(q.scale).toBe(1);
  });

  test('steps down 0.1 per slow window (30 fps), never below 0.6', () => {
    const q = new AutoQualityController();
    const r = run(q, 0, 1000 / 30, 30);
    const distinct = [...new Set(r.scales)];
    expect(distinct).toEqual([1, 0.9, 0.8, 0.7, 0.6]);
    expect(q.scale).toBe(0.6);
    // one step at a time: consecutive values differ by at most 0.1
    for (let i = 1; i < r.scales.length; i++) expect(Math.abs(r.scales[i] - r.scales[i - 1])).toBeLessThanOrEqual(0.1 + 1e-9);
  });

  test('steps up only after 3 fast windows in a row, never above 1', () => {
    const q = new AutoQualityController(0.6);
    let r = run(q, 0, 1000 / 60, 2.5);
    expect(q.scale).toBe(0.6); // 2 windows: not yet
    r = run(q, r.t, 1000 / 60, 1.1);
    expect(q.scale).toBe(0.7);
    run(q, r.t, 1000 / 60, 60);
    expect(q.scale).toBe(1);
  });

  test('hysteresis: 52 fps (between the thresholds) changes nothing; alternating slow and fast windows do not oscillate up', () => {
    const q = new AutoQualityController(0.8);
    run(q, 0, 1000 / 52, 20);
    expect(q.scale).toBe(0.8);
    const p = new AutoQualityController(0.8);
    let t = 0;
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) {
      t = run(p, t, 1000 / 30, 1).t; // one slow window
      t = run(p, t, 1000 / 60, 2).t; // two fast windows: not enough to step up
      seen.push(p.scale);
    }
    expect(Math.max(...seen)).toBeLessThanOrEqual(0.8);
    expect(p.scale).toBe(0.6);
  });

  test('a window after a change is ignored (cooldown) and pauses do not count as slow frames', () => {
    const q = new AutoQualityController();
    let t = run(q, 0, 1000 / 30, AUTO_WINDOW_MS / 1000 + 0.05).t;
    expect(q.scale).toBe(0.9);
    t = run(q, t, 1000 / 30, 1).t; // cooldown window
    expect(q.scale).toBe(0.9);
    const p = new AutoQualityController();
    let u = 0;
    for (let i = 0; i < 20; i++) {
      u = run(p, u, 1000 / 60, 0.5).t;
      u += 2000; // a 2 s pause
    }
    expect(p.scale).toBe(1);
  });

  test('a very slow view (3 fps: 333 ms frames) still steps down', () => {
    const q = new AutoQualityController();
    run(q, 0, 333, 10);
    expect(q.scale).toBeLessThan(1);
  });

  test('effective render scale: automatic when on, else the player’s 0.5-1', () => {
    expect(effectiveRenderScale(true, 0.7, 1)).toBe(0.7);
    expect(effectiveRenderScale(false, 0.7, 0.8)).toBe(0.8);
    expect(effectiveRenderScale(false, 0.7, 0.2)).toBe(0.5);
    expect(effectiveRenderScale(false, 0.7, null)).toBe(1);
  });

  test('the published scale reaches subscribers', () => {
    const seen: Array<number | null> = [];
    const off = subscribeAutoRenderScale(() => seen.push(autoRenderScale()));
    publishAutoRenderScale(0.8);
    publishAutoRenderScale(0.8);
    publishAutoRenderScale(null);
    off();
    publishAutoRenderScale(0.9);
    expect(seen).toEqual([0.8, null]);
    publishAutoRenderScale(null);
  });
});
