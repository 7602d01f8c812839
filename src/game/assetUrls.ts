/**
 * URLs of the game's meshes and images under `/assets/` (served from the top-level assets/
 * folder; assets/README.md lists every file). Pure data: no Babylon here, so tests and the
 * asset checks import it too. Sounds: src/audio/soundCatalogue.ts.
 */
import type { TargetModel } from '../contracts/drillConfig';
import { weaponModelOf, type WeaponModel } from '../contracts/weaponModels';

/** glb of every target model (drill `target_model`). */
export const MESH_URLS: Readonly<Record<TargetModel, string>> = {
  sphere: '/assets/meshes/sphere.glb',
  humanoid: '/assets/meshes/humanoid.glb',
  plate: '/assets/meshes/plate.glb',
  bot: '/assets/meshes/bot.glb',
};

/** glb of every weapon model (src/contracts/weaponModels.ts; drill `weapon_type`):
 * `/assets/meshes/weapon_{model}.glb`, fetched by the round's load (never in the JS bundle). */
export const WEAPON_MESH_URLS: Readonly<Record<WeaponModel, string>> = {
  pistol: '/assets/meshes/weapon_pistol.glb',
  rifle: '/assets/meshes/weapon_rifle.glb',
  sniper: '/assets/meshes/weapon_sniper.glb',
};

/** The glb drawn for a drill's `weapon_type` (weaponModelOf: unknown types draw the pistol). */
export function weaponMeshUrl(weaponType: string | null | undefined): string {
  return WEAPON_MESH_URLS[weaponModelOf(weaponType)];
}

/** Particle textures, colour ramps (4 kill colours, 7 critical colours), status bar shape and
 * bullet-hole decal. */
export const IMAGE_URLS = {
  particle: '/assets/images/particle.png',
  hexParticle: '/assets/images/hex_particle.png',
  rampKill: '/assets/images/ramp_kill.png',
  rampCrit: '/assets/images/ramp_crit.png',
  statusBar: '/assets/images/status_bar.png',
  bulletHole: '/assets/images/bullet_hole.png',
} as const;

/** Sky box faces: `${SKYBOX_URL_BASE}_{px,nx,py,ny,pz,nz}.png` (Babylon CubeTexture's default
 * extension names; the range room samples them into its sky dome: roomBuilder.ts loadSky). */
export const SKYBOX_URL_BASE = '/assets/images/skybox/skybox';

/** The mesh URL of a drill's target model; unknown models fall back to the sphere. */
export function meshUrlFor(model: string | null | undefined): string {
  return model && model !== 'weapon' && Object.hasOwn(MESH_URLS, model) ? MESH_URLS[model as TargetModel] : MESH_URLS.sphere;
}

/** Whether the target model at `url` (meshUrlFor) is the sphere, which the game builds in
 * (builtInSphere.ts: no glTF loader, no glb) rather than loading sphere.glb. */
export function isBuiltInSphere(url: string): boolean {
  return url === MESH_URLS.sphere;
}
