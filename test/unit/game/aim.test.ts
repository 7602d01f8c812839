import { aimDirection, cameraRotationFor, wrap180, yawPitchOf } from '../../../src/game/aim';
import { createDebugHook } from '../../../src/game/debugHook';
import type { DrillEngine, TargetView } from '../../../src/contracts/engine';

const D2R = Math.PI / 180;

/** Babylon's TargetCamera forward for rotation (x, y, 0) in a right-handed scene:
 * Ry(y)·Rx(x)·(0, 0, −1) (see src/game/aim.ts). */
function babylonForward(rx: number, ry: number): [number, number, number] {
  const [x1, y1, z1] = [0, Math.sin(rx), -Math.cos(rx)];
  return [x1 * Math.cos(ry) + z1 * Math.sin(ry), y1, -x1 * Math.sin(ry) + z1 * Math.cos(ry)];
}

describe('aim maths', () => {
  test.each([[0, 0], [30, 0], [90, 10], [-45, 20], [200, -60]])('camera rotation for yaw %p pitch %p looks along the aim', (yaw, pitch) => {
    const r = cameraRotationFor(yaw, pitch);
    expect(r).toEqual({ x: pitch * D2R, y: -yaw * D2R, z: 0 });
    const f = babylonForward(r.x, r.y);
    const d = aimDirection(yaw, pitch);
    expect(f[0]).toBeCloseTo(d.x, 12);
    expect(f[1]).toBeCloseTo(d.y, 12);
    expect(f[2]).toBeCloseTo(d.z, 12);
  });

  test('yaw increasing turns right (+x from −z)', () => {
    expect(aimDirection(90, 0).x).toBeCloseTo(1, 15);
    expect(aimDirection(0, 0)).toEqual({ x: 0, y: 0, z: -1 });
  });

  test('yawPitchOf inverts aimDirection and unwraps the yaw near a reference', () => {
    const d = aimDirection(37, -12);
    const a = yawPitchOf(d.x * 5, d.y * 5, d.z * 5);
    expect(a.yaw).toBeCloseTo(37, 12);
    expect(a.pitch).toBeCloseTo(-12, 12);
    const b = aimDirection(-170, 0);
    expect(yawPitchOf(b.x, b.y, b.z, 350).yaw).toBeCloseTo(190, 10); // −170 ≡ 190, 160° from 350
    expect(yawPitchOf(b.x, b.y, b.z, 540).yaw).toBeCloseTo(550, 10);
    expect(yawPitchOf(b.x, b.y, b.z, -100).yaw).toBeCloseTo(-170, 10);
    expect(wrap180(190)).toBe(-170);
    expect(wrap180(-180)).toBe(-180);
  });
});

describe('debug hook', () => {
  const targets: TargetView[] = [
    { eid: 3, x: 0, y: 1.3 + 13.5 * Math.tan(10 * D2R), z: -10, px: 0, py: 0, pz: 0, radius: 0.4, health: 1, maxHealth: 1, priority: false, lifetimeLeft: 1, despawn: -1, removalReason: null },
    { eid: 4, x: 13.5, y: 1.3, z: 3.5, px: 0, py: 0, pz: 0, radius: 0.3, health: 0, maxHealth: 1, priority: false, lifetimeLeft: 1, despawn: -1, removalReason: null },
    { eid: 5, x: 1, y: 1, z: -10, px: 0, py: 0, pz: 0, radius: 0.3, health: 0, maxHealth: 1, priority: false, lifetimeLeft: 0, despawn: 0.5, removalReason: 'playerKilled' },
  ];
  const engine = {
    tick: 12, finished: false, yaw: 5, pitch: -2, eye: { x: 0, y: 1.3, z: 3.5 },
    forEachTarget(cb: (t: TargetView) => void) { for (const t of targets) cb(t); },
  } as unknown as DrillEngine;

  test('reports aim, signed deg per count and live targets as yaw/pitch from the eye', () => {
    const hook = createDebugHook(() => engine, () => ({ sensitivity: 2, sensitivityY: null, invertY: false }));
    expect(hook.tick()).toBe(12);
    expect(hook.finished()).toBe(false);
    expect(hook.aim()).toEqual({ yaw: 5, pitch: -2 });
    expect(hook.degPerCount().x).toBeCloseTo(0.044, 15);
    expect(hook.degPerCount().y).toBeCloseTo(-0.044, 15);
    const ts = hook.targets();
    expect(ts.map((t) => t.eid)).toEqual([3, 4]);
    expect(ts[0].yaw).toBeCloseTo(0, 12);
    expect(ts[0].pitch).toBeCloseTo(10, 10); // 13.5 m ahead, 13.5·tan 10° up
    expect(ts[1].yaw).toBeCloseTo(90, 12);
    expect(ts[1].pitch).toBeCloseTo(0, 12);
    expect(ts[1].distance).toBeCloseTo(13.5, 12);
    expect(ts[1].radius).toBe(0.3);
  });

  test('inverted / separate vertical sensitivity', () => {
    const hook = createDebugHook(() => engine, () => ({ sensitivity: 1, sensitivityY: 0.5, invertY: true }));
    expect(hook.degPerCount().y).toBeCloseTo(0.011, 15);
  });

  test('no engine: neutral values', () => {
    const hook = createDebugHook(() => null, () => ({ sensitivity: 1, sensitivityY: null, invertY: false }));
    expect(hook.tick()).toBe(0);
    expect(hook.targets()).toEqual([]);
  });
});
