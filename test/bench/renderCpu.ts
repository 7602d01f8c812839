/**
 * `render-cpu` of shared/reference/benchmarks.md (issue 11): the JS cost per frame of our Babylon
 * view of N moving targets, in Babylon's NullEngine (no GPU: what is timed is the view's own
 * JavaScript plus Babylon's per-frame CPU work), against
 *  - a bare thin-instance scene: one sphere mesh, one matrix per target written from the same
 *    engine data each frame, `thinInstanceBufferUpdated`, render;
 *  - the same N as separate meshes: one sphere mesh per target, positioned each frame, render.
 * Ours = TargetRenderer.sync with the bars, as the game calls it (thin instances, despawn styles,
 * per-instance colour and alpha, and the health and lifetime bars: one mesh of two quads
 * instanced per target over the targets' own matrices, one vec3 per target on the view written
 * in the same pass over the engine's targets) + ParticleRenderer.sync (sparks, one batch) +
 * render, the target materials frozen as the game freezes them once the scene is ready,
 * with the off-screen arrows picked in the same pass (offscreen.ts ArrowPicker, as the game's
 * frame does; placing the at most 8 picked arrows' elements over the view, worldOverlay.ts,
 * needs a DOM and is not in this Node benchmark).
 * Each side has its own engine (same drill, same seed) advanced one tick per frame OUTSIDE the
 * timed part. Every scene is awaited ready (`whenReadyAsync`: Babylon 9 prepares shaders
 * asynchronously, so a scene rendered only in a synchronous loop never gets its StandardMaterial
 * meshes ready and draws none of them) and warmed up 100 frames before timing. Target draw calls = the scene's active meshes that draw targets, bars or particles
 * after a render (each is one draw call: one material, one sub-mesh, thin-instanced).
 */
import '@babylonjs/core/Shaders/default.vertex.js';
import '@babylonjs/core/Shaders/default.fragment.js';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { FreeCamera } from '@babylonjs/core/Cameras/freeCamera.js';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight.js';
import { Vector3, Matrix } from '@babylonjs/core/Maths/math.vector.js';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder.js';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import type { DrillEngine, EngineEvent } from '../../src/contracts/engine';
import { TICK_MS } from '../../src/contracts/constants';
import { createDrillEngine } from '../../src/ecs/engine';
import { TargetRenderer } from '../../src/game/targetRenderer';
import { TargetBars } from '../../src/game/targetBars';
import { ParticleRenderer } from '../../src/game/effects/particleRenderer';
import type { HitBurst } from '../../src/game/effects/particles';
import { cameraRotationFor, viewBasis } from '../../src/game/aim';
import { ArrowPicker } from '../../src/game/offscreen';
import { ARROW_INSETS, MAX_ARROWS } from '../../src/game/worldOverlay';
import { benchDrill } from './tick';
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { interleaveAsync, type AbResult, type AsyncSide, type Side } from './harness';

/** Frames per sample batch of a side's `run` (a timed round; RENDER_CPU_FRAMES). 240: at the
 * steady state a 1000-target frame takes about 0.1 ms, and 60-frame rounds (6 ms) were moved
 * by single interruptions. */
const FRAMES = Number(process.env.RENDER_CPU_FRAMES) || 240;
/** 31 rounds (RENDER_CPU_ROUNDS): with other work on the 2 cores single rounds range 0.6-3x,
 * and with 15 the median of the rounds' ratios moved by up to 0.14 between runs of one build
 * (1.16-1.30, 2026-11-27); 31 rounds add about 15 s. */
const ROUNDS = Number(process.env.RENDER_CPU_ROUNDS) || 31;
/** Warm-up frames per side, run twice (RENDER_CPU_WARMUP). 2000 (33 s of a round at 60 fps):
 * what is timed is a running view's cost per frame, and after the 100 frames used until
 * 2026-11-27 V8 had not yet optimised most of either side (ours 330 µs a frame at N = 1000, 125
 * µs after 3000 frames; bare 213 and 81 µs: the ratio about the same, 1.49 and 1.46). */
const WARMUP_FRAMES = Number(process.env.RENDER_CPU_WARMUP) || 2000;

/** A drill engine of the benchmark drill with `n` moving targets of 3 hit points (so the health
 * bar shows) and 1.56 s lifetimes (so the lifetime bar shows and targets keep despawning). */
function benchEngine(n: number): DrillEngine {
  const d = benchDrill(n);
  return createDrillEngine({
    drill: { ...d, target: { ...d.target, health: 3 } },
    seed: 7,
    settings: { sensitivity: 1, sensitivityY: null, invertY: false },
    despawnAnimationMs: 700,
    recordEvents: false,
    recordInputLog: false,
  });
}

/** A NullEngine scene with a camera at the player's place looking at the wall and a light. */
function baseScene(): Scene {
  const scene = new Scene(new NullEngine());
  scene.useRightHandedSystem = true; // as the game's scene (scene.ts): the engine's −z is ahead
  const cam = new FreeCamera('eye', new Vector3(0, 1.3, 3.5), scene, true);
  const r = cameraRotationFor(0, 0);
  cam.rotation.set(r.x, r.y, r.z);
  cam.maxZ = 1000;
  new HemisphericLight('hemi', new Vector3(0, 1, 0), scene);
  return scene;
}

export interface ViewSide extends Side {
  /** meshes drawn for targets after the last render (draw calls) */
  drawCalls(): number;
  /** resolves when every mesh made so far can draw */
  ready(): Promise<void>;
}

const NO_EVENTS: readonly EngineEvent[] = [];
const NO_BURSTS: readonly HitBurst[] = [];

/** Times FRAMES frames of `frame`, advancing `engine` one tick (untimed) before each. */
function timedFrames(engine: DrillEngine, clock: { ms: number }, frame: () => void, samples: number[]): void {
  for (let i = 0; i < FRAMES; i++) {
    clock.ms += TICK_MS;
    engine.advanceTo(clock.ms, []);
    const t0 = performance.now();
    frame();
    samples.push(performance.now() - t0);
  }
}

export async function oursSide(n: number): Promise<ViewSide> {
  const scene = baseScene();
  const engine = benchEngine(n);
  const clock = { ms: 0 };
  const targets = new TargetRenderer(scene, [1, 0.1, 0.1], 0.3, null);
  targets.style = 'explode';
  const bars = TargetBars.create(scene, { health: true, lifetime: true, drillLifetimeMs: engine.drill.target.lifetimeMs, statusBarSize: 1 });
  if (!bars) throw new Error('the bars did not build');
  const particles = new ParticleRenderer(scene);
  // the off-screen arrows' picks, as the game's frame makes them (WorldOverlay.arrowsFor): the
  // view of the camera above at 1280 x 720, vertical fov 0.8 rad (Babylon's default)
  const arrows = new ArrowPicker(MAX_ARROWS, ARROW_INSETS);
  const eye = { x: 0, y: 1.3, z: 3.5 };
  const basis = viewBasis(0, 0);
  const tanV = Math.tan(0.4), tanH = tanV * (1280 / 720);
  const drawn = new Set<Mesh>([...targets.meshes, particles.mesh, bars.mesh]);
  await scene.whenReadyAsync();
  for (const m of targets.materials) m.freeze(); // as GameScene.freezeMaterials once ready
  return {
    name: 'ours',
    run(samples) {
      timedFrames(engine, clock, () => {
        const now = clock.ms;
        arrows.begin(eye, basis, tanH, tanV, 1280, 720);
        targets.sync(engine, 0.5, bars, NO_EVENTS, now, 0, 0, arrows);
        arrows.finish();
        particles.sync(engine, true, NO_BURSTS, now, engine.eye);
        scene.render();
      }, samples);
    },
    drawCalls: () => scene.getActiveMeshes().data.filter((m) => m && drawn.has(m as Mesh)).length,
    ready: () => scene.whenReadyAsync(),
  };
}

export async function bareSide(n: number): Promise<ViewSide> {
  const scene = baseScene();
  const engine = benchEngine(n);
  const clock = { ms: 0 };
  const mesh = CreateSphere('bare', { diameter: 2, segments: 24 }, scene);
  mesh.material = new StandardMaterial('bareMat', scene);
  mesh.alwaysSelectAsActiveMesh = true;
  const cap = n * 2;
  const buf = new Float32Array(cap * 16);
  mesh.thinInstanceSetBuffer('matrix', buf, 16, false);
  const m = new Matrix();
  await scene.whenReadyAsync();
  return {
    name: 'bare thin instances',
    run(samples) {
      timedFrames(engine, clock, () => {
        let k = 0;
        engine.forEachTarget((t) => {
          if (k >= cap) return;
          Matrix.FromValuesToRef(t.radius, 0, 0, 0, 0, t.radius, 0, 0, 0, 0, t.radius, 0, t.x, t.y, t.z, 1, m);
          m.copyToArray(buf, k * 16);
          k++;
        });
        mesh.thinInstanceCount = k;
        mesh.thinInstanceBufferUpdated('matrix');
        scene.render();
      }, samples);
    },
    drawCalls: () => (scene.getActiveMeshes().length > 0 ? 1 : 0),
    ready: () => scene.whenReadyAsync(),
  };
}

export async function meshesSide(n: number): Promise<ViewSide> {
  const scene = baseScene();
  const engine = benchEngine(n);
  const clock = { ms: 0 };
  const mat = new StandardMaterial('meshMat', scene);
  const pool: Mesh[] = [];
  await scene.whenReadyAsync();
  return {
    name: 'separate meshes',
    run(samples) {
      timedFrames(engine, clock, () => {
        let k = 0;
        engine.forEachTarget((t) => {
          let mesh = pool[k];
          if (!mesh) {
            mesh = CreateSphere(`t${k}`, { diameter: 2, segments: 24 }, scene);
            mesh.material = mat;
            pool.push(mesh);
          }
          mesh.setEnabled(true);
          mesh.position.set(t.x, t.y, t.z);
          mesh.scaling.setAll(t.radius);
          k++;
        });
        for (let i = k; i < pool.length; i++) pool[i].setEnabled(false);
        scene.render();
      }, samples);
    },
    drawCalls: () => scene.getActiveMeshes().length,
    ready: () => scene.whenReadyAsync(),
  };
}

/** One N's results: ours vs bare thin instances and ours vs separate meshes, and draw calls. */
export interface RenderCpuRow {
  n: number;
  vsBare: AbResult;
  vsMeshes: AbResult;
  drawCalls: { ours: number; bare: number; meshes: number };
}

/** The sides a child process can build (renderCpuChild.ts). */
export const SIDES = { ours: oursSide, bare: bareSide, meshes: meshesSide } as const;

/** Builds `side` for `n` targets, awaits it ready and warms it up (WARMUP_FRAMES frames; the
 * separate meshes, whose pool is built during the first frames, are awaited ready again and
 * warmed once more). */
export async function warmSide(side: keyof typeof SIDES, n: number): Promise<ViewSide> {
  const s = await SIDES[side](n);
  const warm = () => { for (let i = 0; i < WARMUP_FRAMES; i += FRAMES) s.run([]); };
  warm();
  await s.ready();
  warm();
  return s;
}

/** A side in its own Node process (renderCpuChild.ts over IPC). */
interface ChildSide extends AsyncSide {
  drawCalls(): Promise<number>;
  close(): void;
}

const here = path.dirname(fileURLToPath(import.meta.url));

type ChildMessage = { samples?: number[]; drawCalls?: number };

function childSide(side: keyof typeof SIDES, n: number): Promise<ChildSide> {
  const child = fork(path.join(here, 'renderCpuChild.ts'), [side, String(n)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  let waiting: { resolve(m: ChildMessage): void; reject(e: Error): void } | null = null;
  child.on('message', (m) => { const w = waiting; waiting = null; w?.resolve(m as ChildMessage); });
  child.on('exit', (code) => { const w = waiting; waiting = null; w?.reject(new Error(`render-cpu child ${side} exited (${code})`)); });
  const ask = (msg: string): Promise<ChildMessage> => new Promise((resolve, reject) => {
    waiting = { resolve, reject };
    child.send(msg);
  });
  return new Promise((resolve, reject) => {
    waiting = {
      resolve: () => resolve({
        name: side,
        run: async () => (await ask('run')).samples ?? [],
        drawCalls: async () => (await ask('drawCalls')).drawCalls ?? 0,
        close: () => child.kill(),
      }),
      reject,
    };
  });
}

/** Runs render-cpu for `n` targets: each side in its own Node process (own JIT state: in one
 * process the sides share the engine's `forEachTarget` and Babylon's code, and whichever ran
 * first shaped what V8 optimised for the others; a single process measured bare thin instances
 * 62 µs or 98 µs a frame depending on what ran before), every scene awaited ready and warmed up
 * WARMUP_FRAMES frames, then ROUNDS interleaved rounds of FRAMES frames against the bare scene
 * and ROUNDS − 4 (at least 3) against separate meshes. */
export async function renderCpuBench(n: number): Promise<RenderCpuRow> {
  const [ours, bare, meshes] = await Promise.all([childSide('ours', n), childSide('bare', n), childSide('meshes', n)]);
  try {
    const vsBare = await interleaveAsync(ours, bare, ROUNDS);
    const vsMeshes = await interleaveAsync(ours, meshes, Math.max(3, ROUNDS - 4));
    return { n, vsBare, vsMeshes, drawCalls: { ours: await ours.drawCalls(), bare: await bare.drawCalls(), meshes: await meshes.drawCalls() } };
  } finally {
    ours.close(); bare.close(); meshes.close();
  }
}
