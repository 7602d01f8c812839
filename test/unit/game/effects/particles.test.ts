import {
  forEachHitParticle, hitBurstAt, HIT_BURST_COUNT, HIT_BURST_MS, HIT_BURST_SIZE, HIT_BURST_SPEED, MAX_PARTICLES,
  onHitEffectEnabled, pruneBursts, writeFacingDisc, type ParticleDraw,
} from '../../../../src/game/effects/particles';
import { forEachParticle, SPARK_DRAW_SCALE } from '../../../../src/game/effects/particles';
import { EXPLODE_POP_SHARE } from '../../../../src/game/effects/despawnStyles';
import { SPARK_COUNT } from '../../../../src/ecs/despawnAnimation';
import type { SparkView } from '../../../../src/contracts/engine';

const draw = (): ParticleDraw => ({ x: 0, y: 0, z: 0, size: 0, r: 0, g: 0, b: 0, fade: 0 });

describe('particles', () => {
  test('particle cap is 64 (spec section 9)', () => {
    expect(MAX_PARTICLES).toBe(64);
  });

  test('on-hit setting: on_hit_effect for single-fire drills, on_hit_effect_auto for automatic weapons', () => {
    const v = { on_hit_effect: true, on_hit_effect_auto: false };
    expect(onHitEffectEnabled(v, false)).toBe(true);
    expect(onHitEffectEnabled(v, true)).toBe(false);
    expect(onHitEffectEnabled({ on_hit_effect: false, on_hit_effect_auto: true }, true)).toBe(true);
    expect(onHitEffectEnabled({ on_hit_effect: false, on_hit_effect_auto: true }, false)).toBe(false);
  });

  test('a burst starts on the target surface facing the eye and moves toward it', () => {
    const b = hitBurstAt(0, 1, -10, 0.5, { x: 0, y: 1, z: 0 }, 100, false);
    expect(b.z).toBeCloseTo(-9.5);
    expect(b.dz).toBeCloseTo(1);
    const pts: Array<{ z: number; size: number }> = [];
    const n = forEachHitParticle([b], 100 + HIT_BURST_MS / 2, 64, draw(), (p) => pts.push({ z: p.z, size: p.size }));
    expect(n).toBe(HIT_BURST_COUNT);
    const dist = (HIT_BURST_SPEED * HIT_BURST_MS) / 2 / 1000;
    for (const p of pts) {
      expect(p.z).toBeGreaterThan(-9.5); // toward the eye
      expect(p.z).toBeLessThanOrEqual(-9.5 + dist + 1e-9);
      expect(p.size).toBeCloseTo(HIT_BURST_SIZE / 2);
    }
  });

  test('bursts end after HIT_BURST_MS and respect the budget', () => {
    const b = hitBurstAt(0, 1, -10, 0.5, { x: 0, y: 1, z: 0 }, 0, true);
    expect(forEachHitParticle([b], HIT_BURST_MS, 64, draw(), () => undefined)).toBe(0);
    expect(forEachHitParticle([b, b, b], 10, 8, draw(), () => undefined)).toBe(8);
    const list = [b, { ...b, at: 500 }];
    expect(pruneBursts(list, 400).map((x) => x.at)).toEqual([500]);
  });

  test('a frame draws at most 64 particles: sparks first, then on-hit bursts', () => {
    // 10 exploding kills = 90 spark views, plus bursts
    const fake = {
      forEachSpark(cb: (s: SparkView) => void) {
        for (let k = 0; k < 10; k++) {
          for (let i = 0; i <= SPARK_COUNT; i++) {
            cb({ eid: k, index: i, x: 0, y: 1, z: -10, size: 0.05, r: 1, g: 1, b: 1, progress: 0.5, crit: false });
          }
        }
      },
    };
    const b = hitBurstAt(0, 1, -10, 0.5, { x: 0, y: 1, z: 0 }, 0, false);
    let seen = 0;
    expect(forEachParticle(fake, [b], 10, MAX_PARTICLES, EXPLODE_POP_SHARE, draw(), () => { seen++; })).toBe(64);
    expect(seen).toBe(64);
    // with no sparks the bursts are drawn
    expect(forEachParticle(null, [b], 10, MAX_PARTICLES, EXPLODE_POP_SHARE, draw(), () => undefined)).toBe(HIT_BURST_COUNT);
  });

  test('sparks are drawn 2.5x the engine radius; the centre burst waits for the pop and thins out', () => {
    const views: SparkView[] = [
      { eid: 1, index: 0, x: 1, y: 2, z: 3, size: 0.04, r: 1, g: 0.9, b: 0.6, progress: 0.1, crit: false },
      { eid: 1, index: SPARK_COUNT, x: 0, y: 2, z: 3, size: 0.5, r: 1, g: 0.9, b: 0.6, progress: 0.1, crit: false },
      { eid: 2, index: SPARK_COUNT, x: 0, y: 2, z: 3, size: 0.6, r: 1, g: 0.9, b: 0.6, progress: 0.5, crit: false },
    ];
    const got: ParticleDraw[] = [];
    forEachParticle({ forEachSpark: (cb) => views.forEach((v) => cb(v)) }, [], 0, 64, 0.15, draw(), (p) => got.push({ ...p }));
    expect(got).toHaveLength(2);
    expect(got[0].size).toBeCloseTo(0.04 * SPARK_DRAW_SCALE);
    expect(got[0].fade).toBe(1);
    expect(got[1].size).toBeCloseTo(0.6);
    expect(got[1].fade).toBeCloseTo(0.85 * 0.5);
  });

  describe('writeFacingDisc: a particle is a disc square to the line to the eye', () => {
    /** the world point of the disc's local point (lx, ly, 0) under the matrix at m[0..15] */
    const place = (m: Float32Array, lx: number, ly: number) => ({
      x: lx * m[0] + ly * m[4] + m[12], y: lx * m[1] + ly * m[5] + m[13], z: lx * m[2] + ly * m[6] + m[14],
    });
    const cases: Array<[string, { x: number; y: number; z: number }, { x: number; y: number; z: number }, number]> = [
      ['ahead of the eye', { x: 0.4, y: 1.6, z: -12 }, { x: 0, y: 1.7, z: 0 }, 0.06],
      ['behind and to the left', { x: -7, y: 3, z: 5 }, { x: 1, y: 1.7, z: -2 }, 0.9],
      ['high up and to the right', { x: 9, y: 14, z: -3 }, { x: 0, y: 1.7, z: 0 }, 0.3],
      ['straight above the eye', { x: 0, y: 8, z: 0 }, { x: 0, y: 1.7, z: 0 }, 0.5],
    ];
    test.each(cases)('%s: every rim point is `size` from the centre, at one angle atan(size / d) from the eye line', (_n, p, eye, size) => {
      const m = new Float32Array(32).fill(7); // a second slot, to show only [o, o + 16) is written
      writeFacingDisc(m, 16, p.x, p.y, p.z, size, eye);
      expect(m[0]).toBe(7);
      const mm = m.subarray(16);
      const d = Math.hypot(p.x - eye.x, p.y - eye.y, p.z - eye.z);
      const c = place(mm, 0, 0);
      expect(c.x).toBeCloseTo(p.x, 5); expect(c.y).toBeCloseTo(p.y, 5); expect(c.z).toBeCloseTo(p.z, 5);
      for (let k = 0; k < 24; k++) {
        const a = (k / 24) * Math.PI * 2;
        const r = place(mm, Math.cos(a), Math.sin(a));
        expect(Math.hypot(r.x - p.x, r.y - p.y, r.z - p.z)).toBeCloseTo(size, 5);
        // the angle at the eye between the centre and this rim point: the same all round
        const ex = r.x - eye.x, ey = r.y - eye.y, ez = r.z - eye.z;
        const cx = p.x - eye.x, cy = p.y - eye.y, cz = p.z - eye.z;
        const cos = (ex * cx + ey * cy + ez * cz) / (Math.hypot(ex, ey, ez) * d);
        expect(Math.acos(Math.min(1, cos))).toBeCloseTo(Math.atan(size / d), 5);
      }
      // local z (the disc's normal) points at the eye
      const nl = Math.hypot(mm[8], mm[9], mm[10]);
      expect(nl).toBeCloseTo(size, 6);
      expect((mm[8] * (eye.x - p.x) + mm[9] * (eye.y - p.y) + mm[10] * (eye.z - p.z)) / (nl * d)).toBeCloseTo(1, 6);
    });

    test('off the vertical its local x is horizontal; at the eye itself it still places a disc of the size', () => {
      const m = new Float32Array(16);
      writeFacingDisc(m, 0, 3, 5, -4, 0.2, { x: 0, y: 1.7, z: 0 });
      expect(m[1]).toBe(0);
      writeFacingDisc(m, 0, 1, 2, 3, 0.2, { x: 1, y: 2, z: 3 });
      expect(Math.hypot(m[0], m[1], m[2])).toBeCloseTo(0.2, 6);
      expect(Math.hypot(m[4], m[5], m[6])).toBeCloseTo(0.2, 6);
      expect([m[12], m[13], m[14]]).toEqual([1, 2, 3]);
    });
  });
});
