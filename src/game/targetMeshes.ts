/**
 * Loads a target model's glb (assets/meshes, assetUrls.ts) with @babylonjs/loaders (deep
 * imports: the glTF 2.0 loader registers itself and the .glb SceneLoader plugin) through
 * `LoadAssetContainerAsync`, and returns its geometry parts as plain meshes for the thin
 * instances of targetRenderer.ts: every mesh with vertices, detached from the loader's
 * `__root__` node (identity in our right-handed scene), loaded without materials (the renderer
 * gives each part a StandardMaterial). Units: the target radius (scale = radius).
 */
import type { Scene } from '@babylonjs/core/scene';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader';
import '@babylonjs/loaders/glTF/2.0/glTFLoader';

/** One part of a target model: the node name in the glb ('body', 'head') and its mesh. */
export interface TargetPart {
  name: string;
  mesh: Mesh;
}

/**
 * Loads the glb at `url` into `scene` and returns its parts (see the file comment). Rejects
 * with the loader's error when the file cannot be fetched or parsed, or has no geometry.
 */
export async function loadTargetParts(scene: Scene, url: string): Promise<TargetPart[]> {
  // skipMaterials: the renderer gives every part its own StandardMaterial, so no PBR material
  // (and no PBR shader) is ever built for a target
  const container = await LoadAssetContainerAsync(url, scene, { pluginExtension: '.glb', pluginOptions: { gltf: { skipMaterials: true } } });
  container.addAllToScene();
  const parts: TargetPart[] = [];
  for (const m of container.meshes) {
    if (m instanceof Mesh && m.getTotalVertices() > 0) {
      m.setParent(null);
      const mat = m.material;
      m.material = null;
      mat?.dispose();
      parts.push({ name: m.name, mesh: m });
    }
  }
  for (const m of container.meshes) if (!parts.some((p) => p.mesh === m)) m.dispose();
  for (const t of container.textures) t.dispose();
  if (parts.length === 0) throw new Error(`${url} has no geometry`);
  return parts;
}
