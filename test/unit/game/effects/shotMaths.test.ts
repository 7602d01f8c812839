import {
  aimDirection, BULLET_HOLE_SIZE, MAX_BULLET_HOLES, muzzleFlashSize, MUZZLE_FLASH_MS, MUZZLE_FLASH_M_PER_UNIT, rayRoomHit,
  RingPool, swayStep, SWAY_MAX_M, tracerSpan, TRACER_LENGTH, TRACER_MS, TRACER_SPEED, writeBasisMatrix, writeSegmentMatrix,
} from '../../../../src/game/effects/shotMaths';
import { ROOM } from '../../../../src/game/room';

function apply(m: Float32Array, v: [number, number, number]): number[] {
  return [0, 1, 2].map((c) => +(v[0] * m[c] + v[1] * m[4 + c] + v[2] * m[8 + c] + m[12 + c]).toFixed(5));
}

describe('shot maths', () => {
  test('aim direction follows the engine convention (yaw 0 pitch 0 → −z; yaw 90 → +x; pitch 90 → +y)', () => {
    const d = aimDirection(0, 0);
    expect([d.x, d.y, d.z].map((v) => +v.toFixed(6))).toEqual([0, 0, -1]);
    const r = aimDirection(90, 0);
    expect(r.x).toBeCloseTo(1);
    expect(aimDirection(0, 90).y).toBeCloseTo(1);
  });

  test('a ray from the eye meets the far wall, the floor or a side wall with the inward normal', () => {
    const eye = { x: 0, y: 1.3, z: 3.5 };
    const far = rayRoomHit(eye, aimDirection(0, 0), ROOM)!;
    expect(far.z).toBeCloseTo(ROOM.minZ);
    expect([far.nx, far.ny, far.nz]).toEqual([0, 0, 1]);
    expect(far.t).toBeCloseTo(27.5);
    const floor = rayRoomHit(eye, aimDirection(0, -30), ROOM)!;
    expect(floor.y).toBeCloseTo(0);
    expect(floor.ny).toBe(1);
    expect(floor.t).toBeCloseTo(2.6);
    const side = rayRoomHit(eye, aimDirection(90, 0), ROOM)!;
    expect(side.x).toBeCloseTo(ROOM.maxX);
    expect(side.nx).toBe(-1);
    expect(rayRoomHit({ x: 100, y: 1, z: 0 }, aimDirection(0, 0), ROOM)).toBeNull();
  });

  test('bullet holes: at most MAX_BULLET_HOLES kept, the oldest recycled first', () => {
    expect(MAX_BULLET_HOLES).toBe(48);
    const pool = new RingPool<number>(3);
    expect(pool.push(1)).toBeNull();
    pool.push(2); pool.push(3);
    expect(pool.push(4)).toBe(1);
    expect(pool.push(5)).toBe(2);
    const seen: number[] = [];
    pool.forEach((v) => seen.push(v));
    expect(seen).toEqual([3, 4, 5]);
    expect(pool.size).toBe(3);
    pool.clear();
    expect(pool.size).toBe(0);
    expect(() => new RingPool(0)).toThrow(RangeError);
    const big = new RingPool<number>(MAX_BULLET_HOLES);
    for (let i = 0; i < 200; i++) big.push(i);
    expect(big.size).toBe(MAX_BULLET_HOLES);
  });

  test('muzzle flash: size × 0.02 m, shrinking to 60 % over 50 ms; 0 = off', () => {
    expect(muzzleFlashSize(6, 0)).toBeCloseTo(6 * MUZZLE_FLASH_M_PER_UNIT);
    expect(muzzleFlashSize(10, MUZZLE_FLASH_MS / 2)).toBeCloseTo(10 * 0.02 * 0.8);
    expect(muzzleFlashSize(6, MUZZLE_FLASH_MS)).toBe(0);
    expect(muzzleFlashSize(0, 0)).toBe(0);
    expect(muzzleFlashSize(50, 0)).toBeCloseTo(10 * 0.02); // clamped to 0-10 (spec section 5)
    expect(muzzleFlashSize(undefined, 0)).toBeCloseTo(6 * 0.02); // default 6
    expect(muzzleFlashSize(6, -1)).toBe(0);
  });

  test('tracer: a 3 m streak running at 400 m/s, gone at the impact or after 90 ms', () => {
    expect(tracerSpan(20, 0)).toEqual({ from: 0, to: TRACER_LENGTH });
    const mid = tracerSpan(20, 20)!;
    expect(mid.to).toBeCloseTo((TRACER_SPEED * 20) / 1000 + TRACER_LENGTH);
    expect(mid.to - mid.from).toBeCloseTo(TRACER_LENGTH);
    expect(tracerSpan(20, 60)).toBeNull(); // 24 m + 3 m: the tail passed the impact at 20 m
    expect(tracerSpan(100, TRACER_MS)).toBeNull();
    expect(tracerSpan(0, 10)).toBeNull();
  });

  test('segment matrix maps the unit cube onto the streak; basis matrix puts local z along a normal', () => {
    const m = new Float32Array(16);
    writeSegmentMatrix(m, 0, { x: 0, y: 1, z: 0 }, { x: 0, y: 1, z: -10 }, 0.02);
    expect(apply(m, [0, 0, 0.5])).toEqual([0, 1, -10]);
    expect(apply(m, [0, 0, -0.5])).toEqual([0, 1, 0]);
    expect(apply(m, [0.5, 0, 0]).map((v) => Math.abs(v))).toEqual([0.01, 1, 5]);
    writeBasisMatrix(m, 0, 0, 1, 0, BULLET_HOLE_SIZE, BULLET_HOLE_SIZE, 1, 2, 0, -3); // on the floor
    expect(apply(m, [0, 0, 1])).toEqual([2, 1, -3]);
    const edge = apply(m, [0.5, 0, 0]);
    expect(edge[1]).toBeCloseTo(0); // the decal lies in the floor plane
    expect(Math.hypot(edge[0] - 2, edge[2] + 3)).toBeCloseTo(BULLET_HOLE_SIZE / 2);
  });

  test('weapon sway lags against the turn, capped at SWAY_MAX_M, and settles back', () => {
    let s = { x: 0, y: 0 };
    s = swayStep(s, 2, 0, 16); // turning right 125°/s
    expect(s.x).toBeLessThan(0);
    for (let i = 0; i < 50; i++) s = swayStep(s, 20, 0, 16);
    expect(s.x).toBeGreaterThanOrEqual(-SWAY_MAX_M - 1e-9);
    expect(s.x).toBeCloseTo(-SWAY_MAX_M, 3);
    for (let i = 0; i < 100; i++) s = swayStep(s, 0, 0, 16);
    expect(Math.abs(s.x)).toBeLessThan(1e-4);
    expect(swayStep({ x: 0.01, y: 0 }, 5, 5, 0)).toEqual({ x: 0.01, y: 0 });
  });
});
