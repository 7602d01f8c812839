/**
 * The `bundle` / `load-time` benchmark reference (shared/reference/benchmarks.md): a minimal
 * deep-import Babylon page with the product's Babylon version: engine, scene, camera, light,
 * material, a sphere drawn as 3 thin instances (`?n=N`: N thin instances, 1-10000, on a grid
 * on the wall 8 m ahead, for the `render` benchmark's many-target rows).
 *
 * Marks (User Timing): `ref:first-render` after its first `scene.render()` (its shaders are
 * loaded lazily, so that frame is the clear colour alone), and `ref:first-frame` after the first
 * render once the scene is ready (its material's shaders loaded and compiled: the spheres drawn),
 * the moment the app's `aim:first-frame` marks (src/game/sceneLoading.ts: once the room's
 * shaders are compiled, the room drawn).
 */
import { Engine } from '@babylonjs/core/Engines/engine';
import { Scene } from '@babylonjs/core/scene';
import { FreeCamera } from '@babylonjs/core/Cameras/freeCamera';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import '@babylonjs/core/Meshes/thinInstanceMesh';

const canvas = document.getElementById('c') as HTMLCanvasElement;
const engine = new Engine(canvas, true);
const scene = new Scene(engine);
const camera = new FreeCamera('eye', new Vector3(0, 1.3, 3.5), scene);
camera.setTarget(new Vector3(0, 1.3, -10));
new HemisphericLight('light', new Vector3(0, 1, 0), scene);
const mat = new StandardMaterial('m', scene);
mat.diffuseColor = new Color3(0.1, 0.8, 1);
const sphere = CreateSphere('target', { diameter: 0.6, segments: 16 }, scene);
sphere.material = mat;
const asked = Number(new URLSearchParams(location.search).get('n'));
const n = Number.isInteger(asked) && asked >= 1 && asked <= 10000 ? asked : 3;
const m = new Float32Array(16 * n);
if (n === 3) [-1, 0, 1].forEach((x, i) => Matrix.Translation(x, 1.3, -8).copyToArray(m, i * 16));
else {
  // a square grid 0.7 m apart (the spheres are 0.6 m wide), centred on the view
  const side = Math.ceil(Math.sqrt(n));
  for (let i = 0; i < n; i++) {
    Matrix.Translation(((i % side) - (side - 1) / 2) * 0.7, 1.3 + (Math.floor(i / side) - (side - 1) / 2) * 0.7, -8 - side * 0.3).copyToArray(m, i * 16);
  }
}
sphere.thinInstanceSetBuffer('matrix', m, 16);
let rendered = false;
let marked = false;
engine.runRenderLoop(() => {
  // ready before this render: it draws the spheres (checked every frame, as the app's load does;
  // Babylon's executeWhenReady would check every 100 ms)
  const ready = !marked && scene.isReady();
  scene.render();
  if (!rendered) {
    rendered = true;
    performance.mark('ref:first-render');
  }
  if (ready) {
    marked = true;
    performance.mark('ref:first-frame');
  }
});
