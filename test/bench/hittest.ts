/**
 * `hittest` benchmark (shared/reference/benchmarks.md): the engine's analytic ray vs sphere test
 * on ECS data (`raycastTargets`, src/ecs/systems/shootingSystem.ts) for N seeded rays against N
 * seeded spheres, vs `scene.pickWithRay` on the same N spheres as meshes in Babylon's NullEngine,
 * interleaved; plus a brute-force float64 reference (plain arrays, written here) that the
 * analytic test must agree with on which target each ray hits, 100 %.
 * The meshes are 16-segment spheres with a material (without one Babylon only picks bounding
 * boxes); a ray grazing a sphere's edge may hit the true sphere but miss its facets, so
 * pickWithRay's agreement is reported, not required.
 * pickWithRay is far slower, so at large N it is timed on a seeded subset of the rays (the
 * table says how many); the speed-up compares mean time per ray.
 */
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder.js';
import { Ray } from '@babylonjs/core/Culling/ray.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh.js';
import { createGameWorld, f64Push, type GameWorld } from '../../src/ecs/world';
import { tick } from '../../src/ecs/pipeline';
import { raycastTargets, type RayHit } from '../../src/ecs/systems/shootingSystem';
import { benchDrill } from './tick';
import { interleave, type AbResult } from './harness';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

/** The seeded scene: sphere centres/radii and rays (origin + unit direction). */
interface HitScene {
  n: number;
  cx: Float64Array; cy: Float64Array; cz: Float64Array; r: Float64Array;
  ox: Float64Array; oy: Float64Array; oz: Float64Array; dx: Float64Array; dy: Float64Array; dz: Float64Array;
}

/** N spheres in a box in front of the eye (no overlap needed), N rays from around the eye, each
 * aimed at a random sphere with a jitter of up to 2 radii (about half of them hit something). */
function makeScene(n: number, seed: number): HitScene {
  const rnd = lcg(seed);
  const f = () => new Float64Array(n);
  const s: HitScene = { n, cx: f(), cy: f(), cz: f(), r: f(), ox: f(), oy: f(), oz: f(), dx: f(), dy: f(), dz: f() };
  const span = Math.max(4, Math.cbrt(n) * 3);
  for (let i = 0; i < n; i++) {
    s.cx[i] = (rnd() - 0.5) * 2 * span;
    s.cy[i] = 1.3 + (rnd() - 0.5) * span;
    s.cz[i] = -10 - rnd() * 2 * span;
    s.r[i] = 0.2 + rnd() * 0.4;
  }
  for (let i = 0; i < n; i++) {
    const k = Math.floor(rnd() * n);
    const ox = (rnd() - 0.5) * 0.5, oy = 1.3 + (rnd() - 0.5) * 0.5, oz = 3.5;
    const tx = s.cx[k] + (rnd() - 0.5) * 4 * s.r[k], ty = s.cy[k] + (rnd() - 0.5) * 4 * s.r[k], tz = s.cz[k];
    const dx = tx - ox, dy = ty - oy, dz = tz - oz, len = Math.hypot(dx, dy, dz);
    s.ox[i] = ox; s.oy[i] = oy; s.oz[i] = oz; s.dx[i] = dx / len; s.dy[i] = dy / len; s.dz[i] = dz / len;
  }
  return s;
}

/** An ECS world holding the scene's spheres as live targets (spawned by the engine, then placed). */
function ecsWorld(s: HitScene): { w: GameWorld; eidToIndex: Int32Array } {
  const drill = { ...benchDrill(s.n), target: { ...benchDrill(s.n).target, lifetimeMs: Infinity, moving: false } };
  const w = createGameWorld({
    drill, seed: 1, settings: { sensitivity: 1, sensitivityY: null, invertY: false },
    recordEvents: false, recordInputLog: false, trackBullets: false,
  });
  for (let i = 0; i < s.n; i++) f64Push(w.spawner.pending, 0);
  tick(w, []);
  const T = w.c.Transform;
  const live = Array.from(w.qTargets.dense).filter((e) => w.c.Target.state[e] === 1);
  if (live.length !== s.n) throw new Error(`spawned ${live.length} of ${s.n}`);
  const eidToIndex = new Int32Array(w.c.capacity).fill(-1);
  live.forEach((e, i) => {
    T.x[e] = s.cx[i]; T.y[e] = s.cy[i]; T.z[e] = s.cz[i];
    w.c.Target.radius[e] = s.r[i];
    w.c.Lifetime.expireMs[e] = Infinity;
    eidToIndex[e] = i;
  });
  return { w, eidToIndex };
}

/** Brute-force float64 reference: nearest sphere hit in front of the origin, -1 = miss. */
function bruteForce(s: HitScene, i: number): number {
  let best = -1, bestT = Infinity;
  for (let k = 0; k < s.n; k++) {
    const lx = s.cx[k] - s.ox[i], ly = s.cy[k] - s.oy[i], lz = s.cz[k] - s.oz[i];
    // solve |o + t d - c|^2 = r^2 with the quadratic formula (a = 1)
    const b = -(lx * s.dx[i] + ly * s.dy[i] + lz * s.dz[i]);
    const c = lx * lx + ly * ly + lz * lz - s.r[k] * s.r[k];
    const disc = b * b - c;
    if (disc < 0) continue;
    const sq = Math.sqrt(disc);
    let t = -b - sq;
    if (t < 0) t = -b + sq;
    if (t < 0) continue;
    if (t < bestT) { bestT = t; best = k; }
  }
  return best;
}

/** Result of one N. */
export interface HittestRow extends AbResult {
  n: number;
  pickRays: number;
  hits: number;
  agreeRef: number;
  agreePick: number;
}

/** Runs the hittest benchmark for N spheres and N rays. */
export function hittestBench(n: number, rounds = 5, seed = 777): HittestRow {
  const s = makeScene(n, seed + n);
  const { w, eidToIndex } = ecsWorld(s);

  const engine = new NullEngine();
  const scene = new Scene(engine);
  const meshes: AbstractMesh[] = [];
  const meshIndex = new Map<AbstractMesh, number>();
  // a material is needed: without one Babylon falls back to bounding-box picking
  const material = new StandardMaterial('target', scene);
  for (let i = 0; i < n; i++) {
    const m = CreateSphere(`t${i}`, { diameter: 2 * s.r[i], segments: 16 }, scene);
    m.material = material;
    m.position.set(s.cx[i], s.cy[i], s.cz[i]);
    m.computeWorldMatrix(true);
    m.freezeWorldMatrix();
    meshes.push(m);
    meshIndex.set(m, i);
  }
  const pickRays = Math.min(n, n >= 10000 ? 100 : n >= 1000 ? 500 : n);
  const pickSet = Array.from({ length: pickRays }, (_, k) => Math.floor((k * n) / pickRays));
  const rays = pickSet.map((i) => new Ray(new Vector3(s.ox[i], s.oy[i], s.oz[i]), new Vector3(s.dx[i], s.dy[i], s.dz[i]), 1e4));

  // correctness: analytic (ECS) vs float64 brute force on every ray; pickWithRay on the subset
  const out: RayHit = { eid: -1, t: 0, crit: false };
  let agreeRef = 0, hits = 0;
  const analytic = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    raycastTargets(w, s.ox[i], s.oy[i], s.oz[i], s.dx[i], s.dy[i], s.dz[i], 0, out);
    analytic[i] = out.eid >= 0 ? eidToIndex[out.eid] : -1;
    if (analytic[i] >= 0) hits++;
    if (analytic[i] === bruteForce(s, i)) agreeRef++;
  }
  let agreePick = 0;
  rays.forEach((ray, k) => {
    const p = scene.pickWithRay(ray);
    const idx = p?.hit && p.pickedMesh ? meshIndex.get(p.pickedMesh) ?? -2 : -1;
    if (idx === analytic[pickSet[k]]) agreePick++;
  });

  // timing: per ray. The analytic side runs every ray; each sample is a batch of rays so tiny
  // N stays above the timer's resolution.
  const batch = Math.max(1, Math.ceil(2000 / n));
  const res = interleave(
    {
      name: 'analytic',
      run: (samples) => {
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          for (let b = 0; b < batch; b++) raycastTargets(w, s.ox[i], s.oy[i], s.oz[i], s.dx[i], s.dy[i], s.dz[i], 0, out);
          samples.push((performance.now() - t0) / batch);
        }
      },
    },
    {
      name: 'pickWithRay',
      run: (samples) => {
        for (const ray of rays) {
          const t0 = performance.now();
          scene.pickWithRay(ray);
          samples.push(performance.now() - t0);
        }
      },
    },
    rounds,
    () => {
      for (let k = 0; k < 3; k++) for (let i = 0; i < n; i++) raycastTargets(w, s.ox[i], s.oy[i], s.oz[i], s.dx[i], s.dy[i], s.dz[i], 0, out);
      for (const ray of rays.slice(0, 50)) scene.pickWithRay(ray);
    },
  );
  scene.dispose();
  engine.dispose();
  return { ...res, n, pickRays, hits, agreeRef, agreePick };
}
