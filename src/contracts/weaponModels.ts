/**
 * The weapon models a drill's `weapon_type` draws and sounds (issue 35 item 5): one table for
 * the view (src/game: the glb of assets/meshes, the scope in ADS, the muzzle flash), the sounds
 * (src/audio/soundCatalogue.ts: the gun sound of each model) and the asset generator
 * (scripts/generate-assets/weapons.ts). The engine does not read `weapon_type` (fire rate and
 * automatic fire are their own fields), so nothing here changes a run or a replay.
 */

/** The weapon models that ship (assets/meshes/weapon_{model}.glb, assets/sounds/gun/{model}.ogg). */
export const WEAPON_MODELS = ['pistol', 'rifle', 'sniper'] as const;
export type WeaponModel = (typeof WEAPON_MODELS)[number];

/** Names players and imported drills use for each model (lower case), beside the model's own. */
const WEAPON_ALIASES: Readonly<Record<string, WeaponModel>> = {
  handgun: 'pistol', revolver: 'pistol', deagle: 'pistol',
  ar: 'rifle', smg: 'rifle', ak: 'rifle', m4: 'rifle', assault: 'rifle', lmg: 'rifle',
  scout: 'sniper', awp: 'sniper', marksman: 'sniper', dmr: 'sniper',
};

/**
 * The model drawn for drill field `weapon_type` (a free string of 1-32 characters,
 * docs/drill-schema.md; default 'pistol'): the model of that name or alias, case and spaces
 * ignored; anything else (and null / empty) draws the pistol, the field's default.
 */
export function weaponModelOf(weaponType: string | null | undefined): WeaponModel {
  const t = (weaponType ?? '').trim().toLowerCase().replace(/[\s_-]+/g, '');
  if ((WEAPON_MODELS as readonly string[]).includes(t)) return t as WeaponModel;
  if (WEAPON_ALIASES[t]) return WEAPON_ALIASES[t];
  if (t.includes('sniper')) return 'sniper';
  if (t.includes('rifle')) return 'rifle';
  return 'pistol';
}

/** Whether model `m` aims down sights through a scope (the view draws the scope overlay while
 * zoomed, src/game/scopeOverlay.ts); the others keep today's ADS (weapon hidden, crosshair). */
export function hasScope(m: WeaponModel): boolean {
  return m === 'sniper';
}
