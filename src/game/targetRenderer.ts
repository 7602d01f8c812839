/**
 * All targets as thin instances of the drill's target model (Babylon): the model's parts
 * (targetMeshes.ts: one 'body' for the sphere, 'head' + 'body' for the humanoid; a built-in
 * sphere when no parts were loaded) share ONE matrix buffer and ONE colour buffer, so a model
 * costs one draw call per part. Per frame: one matrix (scale = radius × despawn scale,
 * translation = interpolated centre) and one colour per target from `engine.forEachTarget`;
 * buffers grow by doubling; `thinInstanceBufferUpdated` once each per part. The humanoid's
 * head part has a brighter material so the crit zone reads at a glance.
 *
 * Instance order: the live targets first, then the despawning ones (their despawn animation).
 * Only the live ones cast shadows: the shadow map's pass draws the first instances only
 * (`useShadows`), so a killed target's shadow goes with the kill, and a despawn animation that
 * changes the target's size (holo, glow, explode) never redraws the map. Before, each kill of
 * drill 134 with explode redrew the 4096² map about three times instead of once.
 */
import type { Scene } from '@babylonjs/core/scene';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { SubMesh } from '@babylonjs/core/Meshes/subMesh';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import '@babylonjs/core/Meshes/thinInstanceMesh';
import type { DrillEngine, EngineEvent, TargetView } from '../contracts/engine';
import { decoyColourFor, despawnColourFor, SPAWN_ANIMATION_MS, spawnLook } from './targetVisual';
import { relativeLuminance } from './roomStyles';
import '@babylonjs/core/Rendering/outlineRenderer';
import type { TargetBars } from './targetBars';
import type { ArrowPicker } from './offscreen';
import { ALIVE_LOOK, despawnDrawnUntil, despawnStyleLookOf, type DespawnStyle, type DespawnStyleLook } from './effects/despawnStyles';
import { axisSizes, initTargetMatrices, writeTargetPlacement } from './effects/targetTransform';
import { CutoutMaterialPlugin } from './effects/dissolvePlugin';

const INITIAL_CAPACITY = 64;
const NO_EVENTS: readonly EngineEvent[] = [];

/** What TargetRenderer needs of the shadow generator (Babylon's ShadowGenerator). */
export interface ShadowRedraws {
  /** the map (its `renderPassId`: the render pass its draws are prepared for; observers of
   * each of its renders, before and after) */
  getShadowMap(): {
    resetRefreshCounter(): void;
    renderPassId: number;
    onBeforeRenderObservable: { add(callback: () => void, mask?: number, insertFirst?: boolean): unknown };
    onAfterRenderObservable: { add(callback: () => void): unknown };
  } | null;
  isReady(subMesh: SubMesh, useInstances: boolean, isTransparent: boolean): boolean;
}

/** The thin-instanced target spheres of a scene. */
export class TargetRenderer {
  /** the first part's mesh (the body) */
  readonly mesh: Mesh;
  readonly meshes: Mesh[];
  /** the body's material (every part's but the head's) */
  readonly material: StandardMaterial;
  readonly materials: StandardMaterial[];
  private capacity = 0;
  private matrices = new Float32Array(0);
  private colours = new Float32Array(0);
  private readonly look: DespawnStyleLook = { ...ALIVE_LOOK };
  private readonly sizes: [number, number, number] = [0, 0, 0];
  /** this frame's state for `each`: per-axis size per metre of radius, interpolation, count,
   * the bars written in the same pass */
  private kx = 1;
  private ky = 1;
  private kz = 1;
  private alpha = 1;
  private n = 0;
  /** despawnDrawnUntil of `style`: a despawning target this far through its animation or
   * further is not drawn */
  private drawnUntil = 1;
  /** this frame's despawning targets, written by `each` here and appended after the live ones
   * (`appendDespawning`): matrices (16 floats each, constant elements initialised), colours */
  private dyingMatrices = new Float32Array(0);
  private dyingColours = new Float32Array(0);
  private dyingCapacity = 0;
  private nd = 0;
  /** instances the shadow map draws: the live targets (or the one hidden instance) */
  private casters = 1;
  /** instances the view draws this frame (at least the one hidden instance): the count the
   * shadow map's pass restores */
  private drawn = 1;
  private bars: TargetBars | null = null;
  private arrows: ArrowPicker | null = null;
  /** the player's despawn animation (effects/despawnStyles.ts); default holo */
  style: DespawnStyle = 'holo';
  /** on-hit target flash 0..1 of a target (visual.on_hit_target; null = off) */
  hitFlashOf: ((eid: number) => number) | null = null;
  /** the targets' shadow generator (useShadows; null = no shadows) */
  private shadows: ShadowRedraws | null = null;
  /** when each target's spawn animation began (eid → ms, the `nowMs` of `sync`; targetVisual.ts
   * spawnLook), from the engine's spawn events; removed when it ends or the target goes */
  private readonly spawnedAt = new Map<number, number>();
  private now = 0;
  /** live instance indices this frame whose spawn animation runs (1), else 0: their growing
   * matrices alone do not redraw the shadow map (refreshShadows) */
  private growing = new Uint8Array(16);
  /** whether any live instance of this frame is in its spawn animation */
  private anyGrowing = false;
  /** a target spawned in this frame's ticks: the map is redrawn (a kill that spawns the next
   * target in the same tick leaves the count as it was, and the new target's slot is growing) */
  private spawnedNow = false;
  /** the matrices the shadow map was last drawn from (first `shadowCount` × 16 floats) */
  private shadowMatrices = new Float32Array(0);
  private shadowCount = -1;
  /** the last redraw may have drawn targets as nothing (their shadow shaders not ready) */
  private shadowUnconfirmed = false;

  /** @param targetColour linear 0-1 RGB of live targets (texture.target_colour)
   *  @param roughness visual.target_roughness 0-1 (less shine when rough)
   *  @param parts the loaded model's parts (unit = the target radius); null or empty: a sphere */
  constructor(scene: Scene, private targetColour: readonly [number, number, number], roughness: number,
    parts: ReadonlyArray<{ name: string; mesh: Mesh }> | null = null) {
    const list = parts && parts.length > 0
      ? [...parts]
      // unit radius: an instance's scale is its radius in metres
      : [{ name: 'body', mesh: CreateSphere('targets', { diameter: 2, segments: 24 }, scene) }];
    const shine = Math.max(0, Math.min(1, 1 - roughness));
    const makeMat = (name: string, emissive: number, spec: number): StandardMaterial => {
      const mat = new StandardMaterial(name, scene);
      mat.diffuseColor = new Color3(1, 1, 1); // multiplied by the per-instance colour
      mat.specularColor = new Color3(spec * shine, spec * shine, spec * shine);
      mat.specularPower = 16 + 48 * shine;
      mat.emissiveColor = new Color3(emissive, emissive, emissive);
      new CutoutMaterialPlugin(mat); // despawn cut-outs by instance alpha (effects/dissolvePlugin.ts)
      return mat;
    };
    const bodyMat = makeMat('targetMat', 0.12, 0.6);
    let headMat: StandardMaterial | null = null;
    for (const p of list) {
      p.mesh.isPickable = false;
      p.mesh.alwaysSelectAsActiveMesh = true; // thin instances move every frame: skip culling
      p.mesh.doNotSyncBoundingInfo = true;
      if (p.name === 'head') {
        headMat ??= makeMat('targetHeadMat', 0.35, 0.9);
        p.mesh.material = headMat;
      } else p.mesh.material = bodyMat;
    }
    this.meshes = list.map((p) => p.mesh);
    this.mesh = this.meshes[list.findIndex((p) => p.name !== 'head')] ?? this.meshes[0];
    this.material = bodyMat;
    this.materials = headMat ? [bodyMat, headMat] : [bodyMat];
    this.grow(INITIAL_CAPACITY);
    // Never fewer than one thin instance (a zero-scale one when there are no targets): the
    // material's defines (INSTANCES, INSTANCESCOLOR) are computed when the scene first gets
    // ready and are not recomputed when a mesh goes from 0 to n thin instances, so with 0 at
    // that moment the per-instance colours would be ignored (targets drawn white).
    this.writeEmpty();
  }

  /**
   * The targets' shadow generator (its map render-once, effects/shadows.ts; null = no shadows):
   * `sync` asks the map to redraw when the live targets' matrices or their count changed since
   * the last redraw, and once more when a redraw ran before the generator's shaders for the
   * targets were ready (that one drew them as nothing); a still scene is never redrawn. The
   * map's pass draws only the live targets: before it renders (first among its observers, so
   * that effects/shadows.ts casterSpheres sees the same count) the parts' instance count is the
   * live count, after it the whole count again.
   */
  useShadows(gen: ShadowRedraws | null): void {
    this.shadows = gen;
    this.shadowCount = -1;
    this.shadowUnconfirmed = false;
    const map = gen?.getShadowMap();
    if (!map) return;
    map.onBeforeRenderObservable.add(() => this.setCount(this.casters), undefined, true);
    map.onAfterRenderObservable.add(() => this.setCount(this.drawn));
  }

  private updated(): void {
    for (const m of this.meshes) {
      m.thinInstanceBufferUpdated('matrix');
      m.thinInstanceBufferUpdated('color');
    }
  }

  private setCount(n: number): void {
    for (const m of this.meshes) m.thinInstanceCount = n;
  }

  /** Instance `i` drawn as nothing (zero scale, no colour). */
  private writeHidden(i: number): void {
    this.matrices.fill(0, i * 16, i * 16 + 16);
    this.matrices[i * 16 + 15] = 1;
    this.colours.fill(0, i * 4, i * 4 + 4);
  }

  private writeEmpty(): void {
    this.writeHidden(0);
    this.casters = 1;
    this.drawn = 1;
    this.setCount(1);
    this.updated();
  }

  /** Grows the despawning targets' buffers to hold at least `min`. */
  private growDying(min: number): void {
    let cap = Math.max(this.dyingCapacity, 8);
    while (cap < min) cap *= 2;
    const m = new Float32Array(cap * 16);
    m.set(this.dyingMatrices);
    initTargetMatrices(m, this.dyingCapacity);
    const c = new Float32Array(cap * 4);
    c.set(this.dyingColours);
    this.dyingMatrices = m;
    this.dyingColours = c;
    this.dyingCapacity = cap;
  }

  /**
   * After `each`'s pass: puts the frame's `nd` despawning targets after the `live` ones (after
   * one hidden instance when none is live, so that the shadow map never draws a despawning
   * one), without bars. Sets `casters` and returns the instance count.
   */
  private appendDespawning(live: number, bars: TargetBars | null): number {
    const nd = this.nd;
    this.nd = 0;
    this.casters = live;
    if (nd === 0) return live;
    let first = live;
    if (live === 0) {
      this.writeHidden(0);
      bars?.hide(0);
      first = 1;
      this.casters = 1;
    }
    const total = first + nd;
    if (total > this.capacity) this.grow(total);
    this.matrices.set(this.dyingMatrices.subarray(0, nd * 16), first * 16);
    this.colours.set(this.dyingColours.subarray(0, nd * 4), first * 4);
    if (bars) for (let i = first; i < total; i++) bars.hide(i);
    return total;
  }

  private grow(min: number): void {
    let cap = Math.max(this.capacity, INITIAL_CAPACITY);
    while (cap < min) cap *= 2;
    if (cap === this.capacity) return;
    const m = new Float32Array(cap * 16);
    m.set(this.matrices);
    initTargetMatrices(m, this.capacity); // the new slots' constant elements (writeTargetPlacement)
    const c = new Float32Array(cap * 4);
    c.set(this.colours);
    this.matrices = m;
    this.colours = c;
    this.capacity = cap;
    for (const mesh of this.meshes) {
      mesh.thinInstanceSetBuffer('matrix', m, 16, false);
      mesh.thinInstanceSetBuffer('color', c, 4, false);
    }
    this.bars?.useMatrices(m); // grown mid-pass: the bars follow the new buffer
  }

  /**
   * Copies the engine's targets into the instance buffers, in ONE pass over
   * `engine.forEachTarget` (its callback is made once, not per frame): centre interpolated
   * `alpha` (0-1) of the way from the previous tick to the current one; per-axis size from the
   * drill's target scale (effects/targetTransform.ts axisSizes, its factors computed once per
   * frame), turned by TargetView.facing; despawning targets drawn by the player's despawn
   * animation (`style`, effects/despawnStyles.ts: scale, colour toward the despawn colour,
   * brightness, cut-out in the colour's alpha); a hit target flashes toward white
   * (`hitFlashOf`). With `bars`, the same pass writes the targets' health and lifetime bars
   * (TargetBars.begin / put / hide / end: one vec3 per target; the bars are placed and sized by
   * these instance matrices; `events`, `nowMs`, `yawDeg`, `pitchDeg` as TargetBars.begin takes
   * them), and with `arrows` (WorldOverlay.arrowsFor) each live target is considered for an
   * off-screen arrow, and gets nothing written for its bars when they cannot be on the view
   * (ArrowPicker.consider). Returns the number of target instances drawn.
   */
  sync(engine: DrillEngine, alpha: number, bars: TargetBars | null = null, events: readonly EngineEvent[] = NO_EVENTS,
    nowMs = 0, yawDeg = 0, pitchDeg = 0, arrows: ArrowPicker | null = null): number {
    const sizes = axisSizes(1, engine.drill.target?.scale ?? null, this.sizes); // per unit radius
    this.kx = sizes[0]; this.ky = sizes[1]; this.kz = sizes[2];
    this.alpha = alpha;
    this.drawnUntil = despawnDrawnUntil(this.style);
    this.n = 0;
    this.bars = bars;
    this.arrows = arrows;
    this.now = nowMs;
    this.anyGrowing = false;
    for (let e = 0; e < events.length; e++) {
      const ev = events[e];
      if (ev.type === 'spawn') { this.spawnedAt.set(ev.eid, nowMs); this.spawnedNow = true; }
      else if (ev.type === 'removed') this.spawnedAt.delete(ev.eid);
    }
    bars?.begin(events, nowMs, yawDeg, pitchDeg, this.matrices);
    engine.forEachTarget(this.each);
    const n = this.appendDespawning(this.n, bars);
    if (n === 0) bars?.hide(0); // the hidden instance has no bars
    bars?.end(n);
    this.bars = null;
    this.arrows = null;
    if (this.shadows) this.refreshShadows(this.casters);
    if (n === 0) {
      this.writeEmpty();
      return 0;
    }
    this.drawn = n;
    this.setCount(n);
    this.updated();
    return n;
  }

  /** Asks the shadow map to redraw (in this frame's render) when this frame's `n` caster
   * matrices (the live targets') differ from the last drawn, leaving out the matrices of
   * targets in their spawn animation (their growth would redraw the map about 9 times per
   * spawn for a 140 ms pop-in under the floor: the spawn's frame redraws it, the animation's end
   * once more, when the full size differs from the drawn one); while the last redraw ran with
   * the targets' shadow shaders not yet ready (ShadowGenerator.isReady, which also starts their
   * compile), asks again once they are. Before, an unchanged map was redrawn every 30 frames
   * to bound such an empty map (a 4096² depth render each time; BENCHMARKS.md render
   * 2026-11-26: p50 0.92x, p99 unchanged).
   * On a frame that asks for a redraw the readiness check costs what the map's own render
   * checks per target submesh. */
  private refreshShadows(n: number): void {
    const m = this.matrices;
    const len = n * 16;
    let same = n === this.shadowCount && !this.spawnedNow;
    this.spawnedNow = false;
    if (same) {
      const last = this.shadowMatrices;
      const grow = this.anyGrowing ? this.growing : null;
      for (let i = 0; i < len; i++) {
        if (m[i] !== last[i] && !(grow && grow[i >> 4] === 1)) { same = false; break; }
      }
    }
    if (same) {
      if (!this.shadowUnconfirmed || !this.shadowsReady()) return;
      this.shadowUnconfirmed = false; // ready now: this frame's redraw draws every target
      this.shadows!.getShadowMap()?.resetRefreshCounter();
      return;
    }
    if (this.shadowMatrices.length < len) this.shadowMatrices = new Float32Array(m.length);
    this.shadowMatrices.set(m.subarray(0, len));
    this.shadowCount = n;
    this.shadowUnconfirmed = n > 0 && !this.shadowsReady(); // no target: nothing to draw
    this.shadows!.getShadowMap()?.resetRefreshCounter();
  }

  /** Whether the shadow generator can draw every target submesh it will draw now (as its
   * render asks: thin instances, transparency from the material; a disabled or hidden part is
   * not drawn, so not asked: asking would compile a shadow shader nothing uses). */
  private shadowsReady(): boolean {
    const gen = this.shadows!;
    const map = gen.getShadowMap();
    if (!map) return true;
    // ShadowGenerator.isReady prepares the shadow-map effect in the submesh's draw wrapper of
    // the engine's CURRENT render pass: asked outside the map's render (here, before the
    // frame's render) it replaced the view's effect of the targets with the depth shader and
    // the targets vanished from the view after the first kill with shadows on (their shadows
    // stayed). So it is asked as the map's own pass, as the map's render asks it.
    const engine = this.mesh.getScene().getEngine();
    const pass = engine.currentRenderPassId;
    engine.currentRenderPassId = map.renderPassId;
    try {
      for (const mesh of this.meshes) {
        if (!mesh.isEnabled() || !mesh.isVisible) continue;
        for (const sub of mesh.subMeshes ?? []) {
          const mat = sub.getMaterial();
          if (mat && !gen.isReady(sub, true, mat.needAlphaBlendingForMesh(mesh))) return false;
        }
      }
      return true;
    } finally {
      engine.currentRenderPassId = pass;
    }
  }

  /** The colour of decoys for this player's target colour (targetVisual.ts decoyColourFor). */
  private get decoyColour(): readonly [number, number, number] {
    return this.decoyRgb ??= decoyColourFor(this.targetColour);
  }
  private decoyRgb: readonly [number, number, number] | null = null;

  /** The position `each` draws a target at this frame (metres) and its radius, for
   * ArrowPicker.consider (an object: number arguments of a call V8 does not inline are boxed) */
  private readonly drawnAt = { x: 0, y: 0, z: 0, radius: 0 };

  /** One target of `sync`'s pass (made once: no closure per frame; allocates nothing: checked
   * with --trace-gc, 0 scavenges over 4000 frames of 1000 targets). */
  private readonly each = (t: TargetView): void => {
    // a despawning target whose animation draws nothing of it any more (explode's particles
    // are ParticleRenderer's): skipped first (a live target's despawn is −1, drawnUntil ≥ 0)
    if (t.despawn >= this.drawnUntil) return;
    const a = this.alpha;
    const x = t.px + (t.x - t.px) * a;
    const y = t.py + (t.y - t.py) * a;
    const z = t.pz + (t.z - t.pz) * a;
    // decoys (targets not to be shot) in the decoy colour, chosen against the target colour
    const base = t.decoy ? this.decoyColour : this.targetColour;
    let r = base[0], g = base[1], b = base[2];
    // where it goes: the despawning targets aside (appendDespawning puts them after the live
    // ones: no bars, no shadow), the live ones in place; then one placement and colour write
    let m: Float32Array, c: Float32Array, i: number, s: number, cut: number;
    if (t.despawn >= 0) {
      const look = despawnStyleLookOf(this.style, t, this.look);
      if (look.scale <= 0) return; // nothing left of it to draw
      if (look.mix > 0) {
        const d = despawnColourFor(t.removalReason);
        const mx = look.mix; r += (d[0] - r) * mx; g += (d[1] - g) * mx; b += (d[2] - b) * mx;
      }
      if (look.bright !== 1) { r *= look.bright; g *= look.bright; b *= look.bright; }
      i = this.nd;
      if (i >= this.dyingCapacity) this.growDying(i + 1);
      this.nd = i + 1;
      m = this.dyingMatrices; c = this.dyingColours;
      s = t.radius * look.scale; cut = look.cut;
    } else {
      // alive (the common case): priority lighter, the on-hit flash (the colour mixes are
      // written out, not lerp calls: V8 does not inline them into this function, and a call's
      // number result is then boxed, a heap allocation per target)
      if (t.priority) { r += (1 - r) * 0.45; g += (1 - g) * 0.45; b += (1 - b) * 0.45; }
      const flashOf = this.hitFlashOf;
      const f = flashOf ? flashOf(t.eid) : 0;
      if (f > 0) { r += (1.6 - r) * f; g += (1.6 - g) * f; b += (1.6 - b) * f; }
      // the spawn animation (view only: the engine's hit shape is whole from the spawn tick)
      let grow = 1;
      let growingNow = false;
      if (this.spawnedAt.size > 0) {
        const t0 = this.spawnedAt.get(t.eid);
        if (t0 !== undefined) {
          const p = (this.now - t0) / SPAWN_ANIMATION_MS;
          if (p >= 1 || p < 0) this.spawnedAt.delete(t.eid);
          else {
            growingNow = true;
            const sl = spawnLook(p);
            grow = sl.scale;
            r += (1 - r) * sl.flash; g += (1 - g) * sl.flash; b += (1 - b) * sl.flash;
          }
        }
      }
      // the arrow and the bars' visibility from the position drawn this frame (interpolated)
      const at = this.drawnAt;
      at.x = x; at.y = y; at.z = z; at.radius = t.radius;
      const seen = this.arrows ? this.arrows.consider(at) : true;
      i = this.n;
      if (i >= this.capacity) this.grow(i + 1);
      this.n = i + 1;
      // a target whose bars cannot be on the view gets nothing written: its bars are placed and
      // sized by its own matrix, so whatever its slot holds from an earlier frame is drawn off
      // the view (targetBars.ts)
      const bars = this.bars;
      if (bars && seen) bars.put(i, t);
      m = this.matrices; c = this.colours;
      s = t.radius * grow; cut = 1;
      if (i >= this.growing.length) { const g2 = new Uint8Array(this.growing.length * 2 + i); g2.set(this.growing); this.growing = g2; }
      this.growing[i] = growingNow ? 1 : 0;
      if (growingNow) this.anyGrowing = true;
    }
    writeTargetPlacement(m, i * 16, s * this.kx, s * this.ky, s * this.kz, t.facing ?? 0, x, y, z);
    const k = i * 4;
    c[k] = r; c[k + 1] = g; c[k + 2] = b; c[k + 3] = cut;
  };

  /**
   * Draws an outline round every target (visual.target_outline; issue 35 item 2) or none:
   * Babylon's outline renderer (the mesh drawn again behind itself, pushed out along its
   * normals by 7 % of the target radius), black round a light target colour (WCAG relative
   * luminance > 0.18) and white round a dark one.
   */
  setOutline(on: boolean): void {
    const light = relativeLuminance(this.targetColour) > 0.18;
    for (const m of this.meshes) {
      m.renderOutline = on;
      m.outlineWidth = 0.07;
      m.outlineColor = light ? new Color3(0, 0, 0) : new Color3(1, 1, 1);
    }
  }

  /**
   * Draws live targets in `rgb` (0-1 RGB, texture.target_colour) from the next frame on: the
   * theme or target colour saved in the pause menu (issue 33 item 7). The decoy colour and the
   * outline's colour follow it (the outline stays on or off). Returns whether it changed.
   */
  setColour(rgb: readonly [number, number, number]): boolean {
    const old = this.targetColour;
    if (old[0] === rgb[0] && old[1] === rgb[1] && old[2] === rgb[2]) return false;
    this.targetColour = [rgb[0], rgb[1], rgb[2]];
    this.decoyRgb = null;
    const m = this.meshes[0];
    if (m?.renderOutline) this.setOutline(true);
    return true;
  }

  /** Frees the meshes and materials. */
  dispose(): void {
    for (const m of this.meshes) m.dispose();
    for (const m of this.materials) m.dispose();
  }
}
