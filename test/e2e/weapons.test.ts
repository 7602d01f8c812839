/**
 * End to end (real headless Chromium on SwiftShader, the real server on a real SQLite file, real
 * mouse input): a drill's `weapon_type` is drawn and heard (issue 35 item 5). Three catalogue
 * drills, picked by their weapon_type: Gridshot Classic (134, the default pistol), the first
 * rifle drill and the first sniper drill of drills/*.json.
 *  - The weapon drawn differs: in each drill the lower-right region is screenshot with the weapon
 *    on and (a second page) off; the pixels that differ are the weapon's silhouette; the three
 *    silhouettes' pixel counts differ, and each pair shares less than two thirds of the pixels
 *    either covers.
 *  - A shot plays the weapon's own gun sound (/assets/sounds/gun/{model}.ogg, read from the
 *    sounds the page played, as test/e2e/assets.test.ts reads them).
 *  - The sniper's ADS (right mouse button held) draws the scope overlay: the view's left and
 *    right bands go black (the surround) while the scope's middle shows the room; the pistol's
 *    and rifle's ADS draw no surround.
 * With SHOT_DIR set, 1280x720 screenshots of each weapon at the hip and in ADS are written there.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { clickToStart, newPage, pageErrors, saveSettings, shot, useE2eSuite, waitForNextTick } from './harness';
import { countPixels, decodePng, luma, type Pixels, type Region } from './pngPixels';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { weaponModelOf, type WeaponModel } from '../../src/contracts/weaponModels';

jest.setTimeout(480_000);

const suite = useE2eSuite();

/** The first catalogue drill whose weapon_type draws `model` (134 for the pistol: the default). */
function drillOf(model: WeaponModel): number {
  const ids = DRILL_CATALOGUE
    .filter((d) => weaponModelOf((d as { weapon_type?: string }).weapon_type) === model)
    .map((d) => d.id)
    .sort((a, b) => a - b);
  if (model === 'pistol' && ids.includes(134)) return 134;
  if (ids.length === 0) throw new Error(`no catalogue drill has a ${model}`);
  return ids[0];
}

/** Lower right of the view, where the weapon is held. */
const WEAPON: Region = { x0: 760, y0: 400, x1: 1280, y1: 720 };
/** Left and right bands of the 1280x720 view, outside a scope circle of 0.46 of the height. */
const LEFT_BAND: Region = { x0: 0, y0: 0, x1: 260, y1: 720 };
const RIGHT_BAND: Region = { x0: 1020, y0: 0, x1: 1280, y1: 720 };
/** Inside the scope, around the reticle's centre (the reticle's lines are thin). */
const SCOPE_MIDDLE: Region = { x0: 440, y0: 200, x1: 840, y1: 520 };
const black = (r: number, g: number, b: number): boolean => luma(r, g, b) < 8;
const bandPixels = (LEFT_BAND.x1 - LEFT_BAND.x0) * 720 + (RIGHT_BAND.x1 - RIGHT_BAND.x0) * 720;

interface Game { context: BrowserContext; page: Page; errors: string[] }

/** The silhouette of what `a` draws over `b` in region `r`: 1 where a pixel's largest channel
 * difference exceeds `tol`, row by row. */
function silhouetteOf(a: Pixels, b: Pixels, r: Region, tol = 30): Uint8Array {
  const w = r.x1 - r.x0;
  const out = new Uint8Array(w * (r.y1 - r.y0));
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0; x < r.x1; x++) {
      const o = (y * a.width + x) * 4;
      const d = Math.max(Math.abs(a.data[o] - b.data[o]), Math.abs(a.data[o + 1] - b.data[o + 1]), Math.abs(a.data[o + 2] - b.data[o + 2]));
      if (d > tol) out[(y - r.y0) * w + (x - r.x0)] = 1;
    }
  }
  return out;
}

/** Pixels in either silhouette but not both, and pixels in either. */
function xorAndUnion(a: Uint8Array, b: Uint8Array): { xor: number; union: number } {
  let xor = 0, union = 0;
  for (let i = 0; i < a.length; i++) { xor += a[i] ^ b[i]; union += a[i] | b[i]; }
  return { xor, union };
}
type Played = { name: string; url: string; at: number; audible: boolean };

/** A fresh player (weapon on or off; no HUD, no low-fps notice, no effects that add pixels to
 * the weapon's region) on catalogue drill `id`, started with a real click. */
async function openGame(id: number, showWeapon: boolean): Promise<Game> {
  const { context, page, errors } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  await saveSettings(context, base, ({ game_options: go }) => {
    Object.assign(go.visual, { show_weapon: showWeapon, weapon_sway: false, tracer_bullets: false, bullet_holes: false, on_hit_effect: false, on_hit_effect_auto: false });
    Object.assign(go.video, { shadows: 0 });
    go.other.low_fps.notification_enabled = false;
    go.hud.enabled = false;
  });
  await page.goto(`${base}/?id=${id}`);
  await clickToStart(page);
  await waitForNextTick(page);
  return { context, page, errors };
}

const effects = (page: Page): Promise<{ weapon: boolean; weaponModel: string; muzzleFlash: boolean }> =>
  page.evaluate(() => (window as any).__aimDebug.effects());

async function screenshot(page: Page): Promise<Pixels> {
  return decodePng(await page.screenshot());
}

const MODELS: WeaponModel[] = ['pistol', 'rifle', 'sniper'];

test('pistol, rifle and sniper drills draw three different weapons, each shot plays its own gun sound, and only the sniper\'s ADS shows the scope', async () => {
  const silhouette: Record<string, number> = {};
  const masks: Record<string, Uint8Array> = {};
  const scoped: Record<string, { bands: number; middle: number }> = {};
  for (const model of MODELS) {
    const id = drillOf(model);
    const on = await openGame(id, true);
    expect((await effects(on.page)).weaponModel).toBe(model);
    expect((await effects(on.page)).weapon).toBe(true);
    const hip = await screenshot(on.page);
    await shot(on.page, `weapon-${model}-hip`);

    // a shot (a real click) plays this weapon's gun sound
    await on.page.mouse.down();
    await on.page.mouse.up();
    await on.page.waitForFunction(() => (window as any).__aimDebug.sounds().some((p: Played) => p.name === 'gun'), undefined, { timeout: 10_000 });
    const guns = ((await on.page.evaluate(() => (window as any).__aimDebug.sounds())) as Played[]).filter((p) => p.name === 'gun');
    expect(guns.map((p) => p.url)).toEqual(guns.map(() => `/assets/sounds/gun/${model}.ogg`));
    expect(guns[0].audible).toBe(true);

    // ADS: right button held (the drill's ADS zoom); the weapon is put away
    await on.page.mouse.down({ button: 'right' });
    await on.page.waitForFunction(() => (window as any).__aimDebug.effects()?.weapon === false, undefined, { timeout: 10_000 });
    await waitForNextTick(on.page);
    await waitForNextTick(on.page);
    const ads = await screenshot(on.page);
    await shot(on.page, `weapon-${model}-ads`);
    scoped[model] = {
      bands: countPixels(ads, LEFT_BAND, black) + countPixels(ads, RIGHT_BAND, black),
      middle: countPixels(ads, SCOPE_MIDDLE, black),
    };
    await on.page.mouse.up({ button: 'right' });
    await on.page.waitForFunction(() => (window as any).__aimDebug.effects()?.weapon === true, undefined, { timeout: 10_000 });
    expect(pageErrors(on.errors)).toEqual([]);
    await on.context.close();

    // the same drill with the weapon off: what differs in the lower right is the weapon
    const off = await openGame(id, false);
    const bare = await screenshot(off.page);
    await off.context.close();
    masks[model] = silhouetteOf(hip, bare, WEAPON);
    silhouette[model] = masks[model].reduce((n, v) => n + v, 0);
  }
  const pairs = [['pistol', 'rifle'], ['pistol', 'sniper'], ['rifle', 'sniper']] as const;
  const overlap = Object.fromEntries(pairs.map(([a, b]) => [`${a}/${b}`, xorAndUnion(masks[a], masks[b])]));
  console.log(`weapon silhouettes (px in the lower right): ${JSON.stringify(silhouette)}; pairs (px in one but not the other / in either): ${JSON.stringify(overlap)}; ADS black px (bands of ${bandPixels}, middle): ${JSON.stringify(scoped)}`);
  for (const m of MODELS) expect(silhouette[m]).toBeGreaterThan(2500);
  // three different shapes: each pair's silhouettes count differently, and more than a third of
  // the pixels either covers belong to one of them only
  for (const [a, b] of pairs) {
    expect(silhouette[a]).not.toBe(silhouette[b]);
    expect(overlap[`${a}/${b}`].xor).toBeGreaterThan(overlap[`${a}/${b}`].union / 3);
  }
  // the sniper's scope: a black surround over nearly all of both bands, the room in the middle
  expect(scoped.sniper.bands).toBeGreaterThan(0.95 * bandPixels);
  expect(scoped.sniper.middle).toBeLessThan(0.2 * (SCOPE_MIDDLE.x1 - SCOPE_MIDDLE.x0) * (SCOPE_MIDDLE.y1 - SCOPE_MIDDLE.y0));
  // the pistol's and rifle's ADS as before: no surround
  expect(scoped.pistol.bands).toBeLessThan(0.3 * bandPixels);
  expect(scoped.rifle.bands).toBeLessThan(0.3 * bandPixels);
}, 480_000);
