/**
 * Health and lifetime bars over the targets (Babylon): ONE mesh of two camera-facing quads
 * (the lifetime bar's and the health bar's), thin-instanced once per TARGET, so every bar of
 * every target is one draw call. The bars share the targets' own instance matrices
 * (TargetRenderer's buffer: the translation is the target's drawn centre, the longest of its
 * three scaled axes the target's radius: effects/targetTransform.ts) and add one `barData` vec3
 * per target: (health fill 0-1 or −1 hidden, glow 0-1, lifetime left 0-1 or −1 hidden). The
 * vertex shader places each quad: width 1.5 × status_bar_size × radius,
 * health bar height 0.16 × width, lifetime bar 0.7 × that, stacked from 0.3 × radius above the
 * target's top (the sizes of barModel.ts barSize), spanned along the camera's right and up
 * vectors; a hidden bar is moved outside the clip volume. The fragment shader draws the frame,
 * the dark trough and the "liquid" fill: a wavy, moving edge and a lit surface (spec section 9
 * "Bar liquid effect, glow 500 ms, interpolation 100 ms").
 *
 * So a frame costs the CPU one vec3 per target on the view, written in TargetRenderer.sync's
 * single pass (render-cpu of shared/reference/benchmarks.md: the bars used to be two instances
 * with their own matrix per target); a live target off the view gets nothing written: its slot's
 * values from an earlier frame are drawn where its matrix puts them, off the view.
 *
 * Which targets get bars and how the drawn value moves: barModel.ts. Health fill colour goes
 * from red (empty) to green (full); lifetime bars are pale blue. Bars are drawn for live
 * targets only (not while despawning).
 */
import type { Scene } from '@babylonjs/core/scene';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import '@babylonjs/core/Meshes/thinInstanceMesh';
import '@babylonjs/core/Shaders/ShadersInclude/instancesDeclaration';
import '@babylonjs/core/Shaders/ShadersInclude/instancesVertex';
import type { EngineEvent, TargetView } from '../contracts/engine';
import { BarSmoother, barSize, HEALTH_BAR_HIDDEN_FROM, lifetimeBarShown } from './barModel';
import { viewBasis } from './aim';

/** Bar layout factors per metre of radius at status_bar_size 1: barModel.ts barSize (width 1.5 r,
 * height 0.16 × width, gap 0.3 r); the lifetime bar is 0.7 × the health bar's height and sits
 * 0.35 × that height under it. */
const VERTEX = `precision highp float;
attribute vec3 position;
attribute vec2 uv;
attribute vec3 barData;
#include<instancesDeclaration>
uniform mat4 viewProjection;
uniform vec3 camRight;
uniform vec3 camUp;
uniform float barScale;
varying vec2 vUV;
varying vec4 vData;
void main(void) {
#include<instancesVertex>
  float isHealth = position.z;
  float value = isHealth > 0.5 ? barData.x : barData.z;
  if (value < 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    vUV = uv;
    vData = vec4(0.0);
    return;
  }
  // the target's radius: the longest of its matrix's three scaled axes (axisSizes)
  float r = max(length(finalWorld[0].xyz), max(length(finalWorld[1].xyz), length(finalWorld[2].xyz)));
  float w = 1.5 * barScale * r;
  float h = 0.16 * w;
  float hl = 0.7 * h;
  vec3 c = vec3(finalWorld[3][0], finalWorld[3][1], finalWorld[3][2]);
  float by = c.y + r + 0.3 * r;
  float cy = isHealth > 0.5 ? by + (barData.z >= 0.0 ? hl + 0.35 * h : 0.0) + 0.5 * h : by + 0.5 * hl;
  float bh = isHealth > 0.5 ? h : hl;
  vec3 p = vec3(c.x, cy, c.z) + camRight * (position.x * w) + camUp * (position.y * bh);
  gl_Position = viewProjection * vec4(p, 1.0);
  vUV = uv;
  vData = vec4(value, isHealth > 0.5 ? barData.y : 0.0, 1.0 - isHealth, 1.0);
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

/** The two quads, unit size, centred: vertices 0-3 the lifetime bar (position.z 0), 4-7 the
 * health bar (position.z 1); uv 0-1 across each. */
function barQuads(): VertexData {
  const vd = new VertexData();
  const positions: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  for (let kind = 0; kind < 2; kind++) {
    const o = kind * 4;
    positions.push(-0.5, -0.5, kind, 0.5, -0.5, kind, 0.5, 0.5, kind, -0.5, 0.5, kind);
    uvs.push(0, 0, 1, 0, 1, 1, 0, 1);
    indices.push(o, o + 1, o + 2, o, o + 2, o + 3);
  }
  vd.positions = positions;
  vd.uvs = uvs;
  vd.indices = indices;
  return vd;
}

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
 * `TargetBars.create` (null when no bar can show: then nothing is added to the scene); the
 * targets' renderer writes them (TargetRenderer.sync with the bars). */
export class TargetBars {
  readonly mesh: Mesh;
  private readonly material: ShaderMaterial;
  /** the targets' instance matrices the bars are placed by (TargetRenderer's buffer) */
  private matrices: Float32Array | null = null;
  private data = new Float32Array(0);
  private readonly smoother = new BarSmoother();
  private readonly basis = viewBasis(0, 0);
  private readonly right = new Vector3(1, 0, 0);
  private readonly up = new Vector3(0, 1, 0);
  private readonly lifetime: boolean;
  private readonly showHealth: boolean;

  /** The bars for `opts`, or null when neither bar can show (both off, or the drill's targets
   * have no finite lifetime under 30 s and the health bar is off). */
  static create(scene: Scene, opts: TargetBarOptions): TargetBars | null {
    const lifetime = lifetimeBarShown(opts.drillLifetimeMs, opts.lifetime);
    if (!opts.health && !lifetime) return null;
    return new TargetBars(scene, opts, lifetime);
  }

  private constructor(scene: Scene, opts: TargetBarOptions, lifetime: boolean) {
    this.lifetime = lifetime;
    this.showHealth = opts.health;
    this.mesh = new Mesh('targetBars', scene);
    barQuads().applyToMesh(this.mesh);
    this.mesh.isPickable = false;
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.mesh.doNotSyncBoundingInfo = true;
    this.material = new ShaderMaterial('targetBarsMat', scene, { vertexSource: VERTEX, fragmentSource: FRAGMENT }, {
      attributes: ['position', 'uv', 'barData'],
      uniforms: ['world', 'viewProjection', 'camRight', 'camUp', 'time', 'barScale'],
      needAlphaBlending: true,
    });
    this.material.backFaceCulling = false;
    this.material.disableDepthWrite = true;
    // barSize's width factor per metre of radius is 1.5 × the clamped status bar size
    this.material.setFloat('barScale', barSize(1, opts.statusBarSize).width / 1.5);
    // frozen: once its shader is ready, Babylon skips rebuilding the defines every frame (the
    // uniforms set per frame are still bound: ShaderMaterial.bind rebinds them whenever another
    // material was bound in between, which is every frame)
    this.material.freeze();
    this.mesh.material = this.material;
    this.useMatrices(new Float32Array(INITIAL_CAPACITY * 16));
    this.clear();
  }

  /** Places the bars by `matrices` (16 floats per target instance; the targets' buffer, which
   * TargetRenderer replaces when it grows: it calls this then) and sizes the bar data to match. */
  useMatrices(matrices: Float32Array): void {
    this.matrices = matrices;
    const cap = matrices.length / 16;
    if (this.data.length < cap * 3) {
      const d = new Float32Array(cap * 3);
      d.set(this.data);
      this.data = d;
    }
    this.mesh.thinInstanceSetBuffer('matrix', matrices, 16, false);
    this.mesh.thinInstanceSetBuffer('barData', this.data, 3, false);
  }

  /**
   * Starts a frame's bars over the targets' instance `matrices` (TargetRenderer's buffer): a
   * 'spawn' among `events` (the frame's engine events) resets the drawn health of its entity id;
   * the quads' camera axes come from the view's aim `yawDeg` / `pitchDeg` (degrees) and the
   * liquid's time from `nowMs` (performance.now(), ms). Then `put` or `hide` each target instance
   * (or neither, for a live target off the view: see the file's comment) and `end`.
   */
  begin(events: readonly EngineEvent[], nowMs: number, yawDeg: number, pitchDeg: number, matrices: Float32Array): void {
    for (let i = 0; i < events.length; i++) {
      const ev = events[i];
      if (ev.type === 'spawn') this.smoother.reset(ev.eid);
    }
    if (matrices !== this.matrices) this.useMatrices(matrices);
    this.smoother.now = nowMs;
    const b = viewBasis(yawDeg, pitchDeg, this.basis);
    this.right.set(b.rx, b.ry, b.rz);
    this.up.set(b.ux, b.uy, b.uz);
    this.material.setVector3('camRight', this.right);
    this.material.setVector3('camUp', this.up);
    this.material.setFloat('time', (nowMs / 1000) % 1000);
  }

  /**
   * Writes the bars of live target `t`, drawn as target instance `i`: a lifetime bar when the
   * drill's lifetime allows one, a health bar when the target's maximum health does
   * (barModel.ts healthBarShown), its drawn value smoothed by BarSmoother. Allocates nothing.
   */
  put(i: number, t: TargetView): void {
    const d = this.data;
    const k = i * 3;
    const max = t.maxHealth;
    if (this.showHealth && max > 1 && max < HEALTH_BAR_HIDDEN_FROM) { // = healthBarShown
      this.smoother.sampleHealth(t, d, k);
    } else {
      d[k] = -1; d[k + 1] = 0;
    }
    d[k + 2] = this.lifetime ? t.lifetimeLeft : -1;
  }

  /** Target instance `i` has no bars this frame (a despawning target). */
  hide(i: number): void {
    const k = i * 3;
    this.data[k] = -1; this.data[k + 2] = -1;
  }

  /** Uploads the frame's bar data for `n` target instances (the count TargetRenderer draws,
   * at least 1: its hidden instance when there are no targets, whose bars the caller hid). */
  end(n: number): void {
    this.mesh.thinInstanceCount = n < 1 ? 1 : n;
    this.mesh.thinInstanceBufferUpdated('matrix');
    this.mesh.thinInstanceBufferUpdated('barData');
  }

  /** No bars at all (the round was dropped): one hidden instance. */
  clear(): void {
    this.hide(0);
    this.end(1);
  }

  /** Frees the mesh and its material. */
  dispose(): void {
    this.mesh.dispose();
    this.material.dispose();
  }
}
