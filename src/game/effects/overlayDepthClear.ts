/**
 * The depth clear before rendering group 1 (the meshes drawn over the scene, never clipped by
 * a wall: the weapon, its sight dot and the muzzle flash; weaponView.ts, shotEffects.ts) limited
 * to the pixels those meshes can cover this frame: a scissored clear over their projected
 * bounding boxes (viewRect.ts) instead of Babylon's clear of the whole depth buffer.
 *
 * Why: with anti-aliasing the depth buffer is 4x multisampled, and SwiftShader's clear of all of
 * it showed in the frame time: drill 134 with every option on, in one page, p50 60.1 ms with
 * this clear against 65.8 ms with the whole-view clear (test/bench/frameProbe.ts `clear2full`;
 * BENCHMARKS.md, 2026-11-26 third stop). The weapon's rectangle is about a sixth of the view.
 * What the view shows is the same: group 1 draws only inside the rectangle, where the depth is
 * cleared as before.
 */
import type { Scene } from '@babylonjs/core/scene';
import type { Observer } from '@babylonjs/core/Misc/observable';
import type { RenderingGroupInfo } from '@babylonjs/core/Rendering/renderingManager';
import '@babylonjs/core/Engines/thinEngine.scissor';
import { unionRect, type TexelRect } from './shadowMapRect';
import { viewRectOfPoints } from './viewRect';

/** The rendering group drawn over the scene (weaponView.ts, shotEffects.ts). */
export const OVERLAY_GROUP = 1;

/** Installs per scene and group still in place (an effects rebuild installs the new one before
 * the old one is removed; Babylon's clear comes back only when the last one goes). */
const installs = new WeakMap<Scene, Map<number, number>>();

/**
 * Replaces `scene`'s automatic depth and stencil clear before rendering group `group` with a
 * clear of the pixels the group's active meshes (those the current camera draws this frame)
 * can cover: the union of their world bounding boxes projected by the camera's view-projection
 * into its viewport. A box reaching behind the eye clears the whole buffer, as before. Returns
 * a function that removes this install (Babylon's own clear comes back when no other install
 * for the scene and group is left; calling it again does nothing).
 */
export function clearOverlayDepthWhereDrawn(scene: Scene, group: number = OVERLAY_GROUP): () => void {
  let counts = installs.get(scene);
  if (!counts) installs.set(scene, (counts = new Map()));
  counts.set(group, (counts.get(group) ?? 0) + 1);
  scene.setRenderingAutoClearDepthStencil(group, false, false, false);
  const engine = scene.getEngine();
  const vp: TexelRect = { x: 0, y: 0, w: 0, h: 0 };
  const observer: Observer<RenderingGroupInfo> | null = scene.onBeforeRenderingGroupObservable.add((info) => {
    if (info.renderingGroupId !== group) return;
    const cam = info.camera;
    if (!cam || info.renderingManager !== scene.renderingManager) {
      engine.clear(null, false, true, true);
      return;
    }
    const w = engine.getRenderWidth(), h = engine.getRenderHeight();
    vp.x = Math.round(cam.viewport.x * w); vp.y = Math.round(cam.viewport.y * h);
    vp.w = Math.round(cam.viewport.width * w); vp.h = Math.round(cam.viewport.height * h);
    const m = scene.getTransformMatrix().m;
    const active = scene.getActiveMeshes();
    let rect: TexelRect | null = null;
    for (let i = 0; i < active.length; i++) {
      const mesh = active.data[i];
      if (mesh.renderingGroupId !== group) continue;
      const r = viewRectOfPoints(mesh.getBoundingInfo().boundingBox.vectorsWorld, m, vp);
      if (r === 'all') {
        engine.clear(null, false, true, true);
        return;
      }
      rect = unionRect(rect, r);
    }
    if (!rect) return; // nothing of the group on this view
    engine.enableScissor(rect.x, rect.y, rect.w, rect.h);
    engine.clear(null, false, true, true);
    engine.disableScissor();
  }, 1 << group);
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    scene.onBeforeRenderingGroupObservable.remove(observer);
    const left = (counts.get(group) ?? 1) - 1;
    counts.set(group, left);
    if (left === 0) scene.setRenderingAutoClearDepthStencil(group, true, true, true);
  };
}
