/**
 * Multi-monitor mode's cameras (spec sections 3 and 9; layout maths in multiView.ts): the scene's
 * eye camera becomes the middle view and one camera per other canvas is parented to it, turned
 * about its up axis, each drawing into its column of the one canvas through a Babylon viewport
 * (`scene.activeCameras`). One engine, one scene, one render call: the side cameras follow the
 * eye with no per-frame work, because they are its children.
 */
import { TargetCamera } from '@babylonjs/core/Cameras/targetCamera';
import { Camera } from '@babylonjs/core/Cameras/camera';
import { Viewport } from '@babylonjs/core/Maths/math.viewport';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import { MIDDLE_VIEW_LAYER, type MultiViewLayout } from './multiView';

/** The side cameras of a multi-view eye camera. */
export class MultiViewRig {
  private readonly cameras: TargetCamera[] = [];
  private middle = 0;

  /** Splits `scene`'s drawing between `eye` (the middle view) and `count − 1` side cameras. */
  constructor(private readonly scene: Scene, private readonly eye: TargetCamera, count: number) {
    this.middle = Math.floor((count - 1) / 2);
    for (let i = 0; i < count; i++) {
      if (i === this.middle) { this.cameras.push(eye); continue; }
      const cam = new TargetCamera(`eye-view-${i}`, Vector3.Zero(), scene, false);
      cam.parent = eye;
      cam.minZ = eye.minZ;
      cam.maxZ = eye.maxZ;
      cam.inertia = 0;
      cam.layerMask = eye.layerMask & ~MIDDLE_VIEW_LAYER; // no first-person weapon
      this.cameras.push(cam);
    }
    // the eye first, so the render-target pass uses it; after each frame it is made the
    // scene's camera again (Babylon leaves the last view's camera there), for anything that
    // reads activeCamera between frames
    scene.activeCameras = [eye, ...this.cameras.filter((c) => c !== eye)];
    scene.cameraToUseForPointers = eye;
    this.restore = () => { scene.activeCamera = eye; };
    scene.onAfterRenderObservable.add(this.restore);
  }

  private readonly restore: () => void;

  /** Applies `layout` (its count must be the rig's): each camera's column, horizontal fov and
   * turn. The engine convention turns right for a growing yaw while Babylon's rotation.y turns
   * left in this right-handed scene (aim.ts cameraRotationFor), hence −offset. */
  apply(layout: MultiViewLayout): void {
    layout.views.forEach((v, i) => {
      const cam = this.cameras[i];
      if (!cam) return;
      cam.viewport = new Viewport(v.x, 0, v.width, 1);
      cam.fovMode = Camera.FOVMODE_HORIZONTAL_FIXED;
      cam.fov = layout.eachHfovRad;
      if (cam !== this.eye) cam.rotation.set(0, -v.yawOffsetRad, 0);
    });
  }

  /** Removes the side cameras and gives the whole canvas back to the eye. */
  dispose(): void {
    this.scene.onAfterRenderObservable.removeCallback(this.restore);
    this.scene.activeCameras = [];
    this.scene.activeCamera = this.eye;
    this.eye.viewport = new Viewport(0, 0, 1, 1);
    for (const cam of this.cameras) if (cam !== this.eye) cam.dispose();
    this.cameras.length = 0;
  }
}
