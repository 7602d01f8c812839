/**
 * Health and lifetime bars over the targets (Babylon): ONE camera-facing quad mesh with thin
 * instances, so every bar of every target is one draw call. Per instance: a matrix whose
 * translation is the bar's centre (metres) and whose diagonal holds its width and height
 * (metres), and a `barData` vec4 (drawn fraction 0-1, glow 0-1, kind 0 health / 1 lifetime,
 * opacity). The vertex shader spans the quad along the camera's right and up vectors; the
 * fragment shader draws the frame, the dark trough and the "liquid" fill: a wavy, moving edge
 * and a lit surface (spec section 9 "Bar liquid effect, glow 500 ms, interpolation 100 ms").
 *
 * Which targets get bars and how the drawn value moves: barModel.ts. Health fill colour goes
 * from red (empty) to green (full); lifetime bars are pale blue. Bars are drawn for live
 * targets only (not while despawning).
 */
import type { Scene } from '@babylonjs/core/scene';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { CreatePlane } from '@babylonjs/core/Meshes/Builders/planeBuilder';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import '@babylonjs/core/Meshes/thinInstanceMesh';
import '@babylonjs/core/Shaders/ShadersInclude/instancesDeclaration';
import '@babylonjs/core/Shaders/ShadersInclude/instancesVertex';
import type { DrillEngine, EngineEvent, TargetView } from '../contracts/engine';
import { BarSmoother, barSize, HEALTH_BAR_HIDDEN_FROM, lifetimeBarShown } from './barModel';
import { viewBasis } from './aim';

const VERTEX = `precision highp float;
attribute vec3 position;
attribute vec2 uv;
attribute vec4 barData;
#include<instancesDeclaration>
uniform mat4 viewProjection;
uniform vec3 camRight;
uniform vec3 camUp;
varying vec2 vUV;
varying vec4 vData;
void main(void) {
#include<instancesVertex>
  vec3 c = vec3(finalWorld[3][0], finalWorld[3][1], finalWorld[3][2]);
  vec3 p = c + camRight * (position.x * finalWorld[0][0]) + camUp * (position.y * finalWorld[1][1]);
  gl_Position = viewProjection * vec4(p, 1.0);
  vUV = uv;
  vData = barData;
}`;

const FRAGMENT = `precision highp float;
varying vec2 vUV;
varying vec4 vData;
uniform float time;
void main(void) {
  float fill = vData.x;
  float glow = vData.y;
  float kind = vData.z;
  vec2 uv = vUV;
  float bx = 0.025;
  float by = 0.17;
  bool frame = uv.x < bx || uv.x > 1.0 - bx || uv.y < by || uv.y > 1.0 - by;
  vec4 col;
  if (frame) {
    col = vec4(vec3(0.92 + 0.08 * glow), 0.55 + 0.45 * glow);
  } else {
    float x = (uv.x - bx) / (1.0 - 2.0 * bx);
    float y = (uv.y - by) / (1.0 - 2.0 * by);
    // liquid: the fill's edge waves and its surface is lit from above
    float wave = (fill > 0.001 && fill < 0.999) ? 0.018 * sin(y * 14.0 + time * 9.0) : 0.0;
    if (x <= fill + wave) {
      vec3 health = mix(vec3(0.95, 0.22, 0.18), vec3(0.3, 0.92, 0.42), smoothstep(0.15, 0.75, fill));
      vec3 base = kind > 0.5 ? vec3(0.55, 0.8, 1.0) : health;
      float shade = 0.72 + 0.38 * y + 0.06 * sin(x * 40.0 - time * 5.0);
      col = vec4(base * shade + vec3(0.55) * glow, 1.0);
    } else {
      col = vec4(0.04, 0.04, 0.06, 0.62);
    }
  }
  gl_FragColor = vec4(col.rgb, col.a * vData.w);
}`;

const INITIAL_CAPACITY = 64;

/** What the bars show, from the player's HUD settings and the drill (spec sections 3, 9). */
export interface TargetBarOptions {
  /** hud.show_target_health_bar (default true) */
  health: boolean;
  /** hud.show_target_lifetime_bar (default true) */
  lifetime: boolean;
  /** the drill's target lifetime, ms (Infinity = none) */
  drillLifetimeMs: number;
  /** hud.status_bar_size (0.6-1.4, default 1.4) */
  statusBarSize: number | null | undefined;
}

/** The health and lifetime bars of a scene's targets. Build one per scene with
 * `TargetBars.create` (null when no bar can show: then nothing is added to the scene). */
export class TargetBars {
  readonly mesh: Mesh;
  private readonly material: ShaderMaterial;
  private capacity = 0;
  private matrices = new Float32Array(0);
  private data = new Float32Array(0);
  private readonly smoother = new BarSmoother();
  private readonly sample = { fill: 0, glow: 0 };
  private readonly size = { width: 0, height: 0, gap: 0 };
  /** the radius `size` was computed for (NaN: none yet) */
  private sizeRadius = NaN;
  private readonly basis = viewBasis(0, 0);
  private readonly right = new Vector3(1, 0, 0);
  private readonly up = new Vector3(0, 1, 0);
  private readonly lifetime: boolean;
  private readonly showHealth: boolean;
  /** bars written this frame */
  private n = 0;
  /** this frame's performance.now() and interpolation (set by begin / sync) */
  private nowMs = 0;
  private alpha = 1;

  /** The bars for `opts`, or null when neither bar can show (both off, or the drill's targets
   * have no finite lifetime under 30 s and the health bar is off). */
  static create(scene: Scene, opts: TargetBarOptions): TargetBars | null {
    const lifetime = lifetimeBarShown(opts.drillLifetimeMs, opts.lifetime);
    if (!opts.health && !lifetime) return null;
    return new TargetBars(scene, opts, lifetime);
  }

  private constructor(scene: Scene, private readonly opts: TargetBarOptions, lifetime: boolean) {
    this.lifetime = lifetime;
    this.showHealth = opts.health;
    this.mesh = CreatePlane('targetBars', { size: 1 }, scene);
    this.mesh.isPickable = false;
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.mesh.doNotSyncBoundingInfo = true;
    this.material = new ShaderMaterial('targetBarsMat', scene, { vertexSource: VERTEX, fragmentSource: FRAGMENT }, {
      attributes: ['position', 'uv', 'barData'],
      uniforms: ['world', 'viewProjection', 'camRight', 'camUp', 'time'],
      needAlphaBlending: true,
    });
    this.material.backFaceCulling = false;
    this.material.disableDepthWrite = true;
    // frozen: once its shader is ready, Babylon skips rebuilding the defines every frame (the
    // uniforms set per frame are still bound: ShaderMaterial.bind rebinds them whenever another
    // material was bound in between, which is every frame)
    this.material.freeze();
    this.mesh.material = this.material;
    this.grow(INITIAL_CAPACITY);
    this.writeEmpty();
  }

  private grow(min: number): void {
    let cap = Math.max(this.capacity, INITIAL_CAPACITY);
    while (cap < min) cap *= 2;
    if (cap === this.capacity) return;
    const m = new Float32Array(cap * 16);
    m.set(this.matrices);
    for (let i = this.capacity; i < cap; i++) m[i * 16 + 10] = 1; // z scale (unused), w = 1
    for (let i = this.capacity; i < cap; i++) m[i * 16 + 15] = 1;
    const d = new Float32Array(cap * 4);
    d.set(this.data);
    this.matrices = m;
    this.data = d;
    this.capacity = cap;
    this.mesh.thinInstanceSetBuffer('matrix', m, 16, false);
    this.mesh.thinInstanceSetBuffer('barData', d, 4, false);
  }

  /** One invisible instance (zero size, zero opacity): keeps the instanced shader variant
   * compiled and the quad from being drawn un-instanced at the origin. */
  private writeEmpty(): void {
    this.matrices[0] = 0; this.matrices[5] = 0;
    this.data[3] = 0;
    this.mesh.thinInstanceCount = 1;
    this.mesh.thinInstanceBufferUpdated('matrix');
    this.mesh.thinInstanceBufferUpdated('barData');
  }

  /** Bars written so far this frame (after `end`: the frame's bar count). */
  get count(): number {
    return this.n;
  }

  /**
   * Starts a frame's bars: no bars yet; a 'spawn' among `events` (the frame's engine events)
   * resets the drawn health of its entity id; the quad's camera axes come from the view's aim
   * `yawDeg` / `pitchDeg` (degrees) and the liquid's time from `nowMs` (performance.now(), ms).
   * Then `add` each live target and `end`.
   */
  begin(events: readonly EngineEvent[], nowMs: number, yawDeg: number, pitchDeg: number): void {
    for (let i = 0; i < events.length; i++) {
      const ev = events[i];
      if (ev.type === 'spawn') this.smoother.reset(ev.eid);
    }
    this.n = 0;
    this.nowMs = nowMs;
    const b = viewBasis(yawDeg, pitchDeg, this.basis);
    this.right.set(b.rx, b.ry, b.rz);
    this.up.set(b.ux, b.uy, b.uz);
    this.material.setVector3('camRight', this.right);
    this.material.setVector3('camUp', this.up);
    this.material.setFloat('time', (nowMs / 1000) % 1000);
  }

  /**
   * Adds the bars of target `t` drawn with its centre at (`x`, `y`, `z`) metres (interpolated as
   * the target is drawn): nothing for a despawning target; a lifetime bar right above the
   * target when the drill's lifetime allows one, a health bar above it when the target's maximum
   * health does (barModel.ts healthBarShown), its drawn value smoothed by BarSmoother.
   * Allocates nothing (the bar size is recomputed only when the radius changes).
   */
  add(t: TargetView, x: number, y: number, z: number): void {
    if (t.despawn >= 0) return;
    const max = t.maxHealth;
    const health = this.showHealth && max > 1 && max < HEALTH_BAR_HIDDEN_FROM; // = healthBarShown
    const life = this.lifetime;
    if (!health && !life) return;
    const r = t.radius;
    if (r !== this.sizeRadius) {
      barSize(r, this.opts.statusBarSize, this.size);
      this.sizeRadius = r;
    }
    const size = this.size;
    const w = size.width;
    let n = this.n;
    const need = n + (life ? 1 : 0) + (health ? 1 : 0);
    if (need > this.capacity) this.grow(need);
    const m = this.matrices;
    const d = this.data;
    let by = y + r + size.gap;
    if (life) {
      const h = size.height * 0.7;
      const o = n * 16, k = n * 4;
      m[o] = w; m[o + 5] = h; m[o + 12] = x; m[o + 13] = by + h / 2; m[o + 14] = z;
      d[k] = t.lifetimeLeft; d[k + 1] = 0; d[k + 2] = 1; d[k + 3] = 1;
      n++;
      by += h + size.height * 0.35;
    }
    if (health) {
      const h = size.height;
      const s = this.smoother.sample(t.eid, max > 0 ? Math.max(0, t.health) / max : 0, this.nowMs, this.sample);
      const o = n * 16, k = n * 4;
      m[o] = w; m[o + 5] = h; m[o + 12] = x; m[o + 13] = by + h / 2; m[o + 14] = z;
      d[k] = s.fill; d[k + 1] = s.glow; d[k + 2] = 0; d[k + 3] = 1;
      n++;
    }
    this.n = n;
  }

  /** Uploads the frame's bars (one hidden instance when there are none); returns their count. */
  end(): number {
    if (this.n === 0) {
      this.writeEmpty();
      return 0;
    }
    this.mesh.thinInstanceCount = this.n;
    this.mesh.thinInstanceBufferUpdated('matrix');
    this.mesh.thinInstanceBufferUpdated('barData');
    return this.n;
  }

  /**
   * Writes this frame's bars on their own pass over the engine's targets (`begin`, `add` for
   * each target with its centre interpolated `alpha` of the way through the tick, `end`). The
   * game draws targets and bars in ONE pass instead (TargetRenderer.sync with the bars).
   * `events` are the frame's engine events, `nowMs` performance.now(), `yawDeg` / `pitchDeg` the
   * view's aim. Returns the number of bars drawn.
   */
  sync(engine: DrillEngine, alpha: number, events: readonly EngineEvent[], nowMs: number, yawDeg: number, pitchDeg: number): number {
    this.begin(events, nowMs, yawDeg, pitchDeg);
    this.alpha = alpha;
    engine.forEachTarget(this.addView);
    return this.end();
  }

  /** `add` with the centre interpolated by `this.alpha` (made once: no closure per frame). */
  private readonly addView = (t: TargetView): void => {
    const a = this.alpha;
    this.add(t, t.px + (t.x - t.px) * a, t.py + (t.y - t.py) * a, t.pz + (t.z - t.pz) * a);
  };

  /** Frees the mesh and its material. */
  dispose(): void {
    this.mesh.dispose();
    this.material.dispose();
  }
}
