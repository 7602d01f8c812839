/**
 * End to end (real headless Chromium, the real server on a real SQLite file, real mouse input):
 * - drill 153 loads the humanoid glb (/assets/meshes/humanoid.glb, drawn as its 'head' and
 *   'body' parts) and a shot aimed at the head registers a crit, one at the body centre a plain hit;
 * - changing the hit sound in the pause menu's Audio tab fetches the new file
 *   (/assets/sounds/hitsound/clap.ogg) before the next hit, and that hit plays it;
 * - a custom hit sound whose file 404s is logged (console warning) and the default hit sound plays;
 *   one at an https URL of another origin is fetched and plays;
 * - the Audio tab previews each hit sound (the file is fetched on the click).
 * With E2E_SCREENSHOT_DIR set, screenshots of drill 153 and of the Audio tab are written there.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { clickToStart, newPage, pageErrors, readAimDebug, useE2eSuite, waitForNextTick, type AimDebugState, type MousePos } from './harness';
import { HUMANOID_HEAD_OFFSET } from '../../src/ecs/targetModels';
import { SOUNDS } from '../../src/audio/soundCatalogue';

jest.setTimeout(90_000);

/** A copy of test drill 2033 (two large still targets) that lasts 60 s instead of 8, so the
 * pause-menu steps cannot run the round out. */
const LONG_DRILL = 9033;
const suite = useE2eSuite(async (server) => {
  const db = new Database(server.databaseFile);
  try {
    const row = db.prepare('SELECT * FROM drills WHERE id = 2033').get() as Record<string, unknown>;
    const fields = { ...JSON.parse(row.fields as string), duration: 60000 };
    db.prepare('INSERT INTO drills (id, name, game_type_description, objective, category, fields) VALUES (?, ?, ?, ?, ?, ?)')
      .run(LONG_DRILL, 'Long Test Drill', row.game_type_description, row.objective, row.category, JSON.stringify(fields));
  } finally {
    db.close();
  }
});

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name) });
}

interface Counters { hits: number; crits: number; kills: number; shots: number }
const counters = (page: Page): Promise<Counters> => page.evaluate(() => (window as any).__aimDebug.counters());
type Played = { name: string; url: string; at: number; audible: boolean };
const sounds = (page: Page): Promise<Played[]> => page.evaluate(() => (window as any).__aimDebug.sounds());

/**
 * Turns onto the nearest live target with real mouse counts, `up` target radii above its
 * centre (0 = the centre, HUMANOID_HEAD_OFFSET = the head's centre), and clicks once.
 * Returns false when there was no target.
 */
async function shootAt(page: Page, mouse: MousePos, up: number): Promise<boolean> {
  const s = await readAimDebug(page);
  if (s.targets.length === 0) return false;
  const off = (t: { yaw: number; pitch: number }) => Math.hypot(t.yaw - s.aim.yaw, t.pitch - s.aim.pitch);
  const t = s.targets.reduce((best, c) => (off(c) < off(best) ? c : best));
  await aimAt(page, mouse, s, t, up, 0);
  await page.mouse.down();
  await page.mouse.up();
  await waitForNextTick(page);
  await waitForNextTick(page);
  return true;
}

/** Turns the aim (real mouse counts) onto target `t` of debug state `s`: `up` target radii
 * above its centre and `aheadDeg` degrees of yaw beside it. */
async function aimAt(page: Page, mouse: MousePos, s: AimDebugState, t: AimDebugState['targets'][number], up: number, aheadDeg: number): Promise<void> {
  const rad = Math.PI / 180;
  const horiz = t.distance * Math.cos(t.pitch * rad);
  const dy = t.distance * Math.sin(t.pitch * rad) + up * t.radius;
  const pitch = Math.atan2(dy, horiz) / rad;
  mouse.x += Math.round((t.yaw + aheadDeg - s.aim.yaw) / s.dpc.x);
  mouse.y += Math.round((pitch - s.aim.pitch) / s.dpc.y);
  await page.mouse.move(mouse.x, mouse.y, { steps: 1 });
}

test('drill 153 draws the humanoid glb; a head shot is a crit, a body shot a plain hit', async () => {
  const started = Date.now();
  const { context, page, errors } = await newPage(suite.browser);
  const glb: Array<{ status: number; type: string | undefined }> = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/assets/meshes/humanoid.glb') glb.push({ status: r.status(), type: r.headers()['content-type'] });
  });
  await page.goto(`${suite.server.baseUrl}/?id=153`);
  const mouse = await clickToStart(page);
  expect(glb).toEqual([{ status: 200, type: 'model/gltf-binary' }]);
  expect(await page.evaluate(() => (window as any).__aimDebug.targetParts())).toEqual(['head', 'body']);
  await screenshot(page, 'drill153-humanoid.png');

  // The targets strafe at 3 m/s: put the crosshair `up` radii above a target's centre, 1.5°
  // ahead of it, and hold fire (automatic weapon) while it walks through; retry (bounded) until
  // the counter `stat` goes up. Aiming at where a target was (a click per read) misses under load.
  const sweepThrough = async (up: number, stat: 'hits' | 'crits', ms: number): Promise<{ before: Counters; after: Counters } | null> => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const s1 = await readAimDebug(page);
      if (s1.targets.length === 0) continue;
      const off = (t: { yaw: number; pitch: number }) => Math.hypot(t.yaw - s1.aim.yaw, t.pitch - s1.aim.pitch);
      const t1 = s1.targets.reduce((best, c) => (off(c) < off(best) ? c : best));
      await page.waitForTimeout(150);
      const s2 = await readAimDebug(page);
      const t2 = s2.targets.find((t) => t.eid === t1.eid);
      if (!t2 || t2.yaw === t1.yaw) continue;
      const ahead = Math.sign(t2.yaw - t1.yaw) * 1.5; // degrees ahead of it
      const before = await counters(page);
      await aimAt(page, mouse, s2, t2, up, ahead);
      await page.mouse.down();
      await page.waitForFunction(([k, c]) => {
        const d = (window as any).__aimDebug;
        return !d || d.counters()[k] > c;
      }, [stat, before[stat]] as const, { timeout: 1_500 }).catch(() => undefined);
      await page.mouse.up();
      const after = await counters(page);
      if (after[stat] > before[stat]) return { before, after };
    }
    return null;
  };
  // body: a hit at the centre's height is no crit
  const body = await sweepThrough(0, 'hits', 45_000);
  expect(body).not.toBeNull();
  expect(body!.after.crits).toBe(body!.before.crits);
  // head: a crit
  const headCrit = (await sweepThrough(HUMANOID_HEAD_OFFSET, 'crits', 45_000)) !== null;
  expect(headCrit).toBe(true);
  // the crit played the crit sound and the hit sound
  const names = (await sounds(page)).map((p) => p.name);
  expect(names).toContain('crit');
  expect(names).toContain('hit');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
  expect(Date.now() - started).toBeLessThan(130_000);
}, 150_000);

test('a hit sound changed in the pause menu is fetched before the next hit, which plays it', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const requested: Array<{ path: string; at: number }> = [];
  page.on('request', (r) => requested.push({ path: new URL(r.url()).pathname, at: Date.now() }));
  await page.goto(`${suite.server.baseUrl}/?id=${LONG_DRILL}`);
  const mouse = await clickToStart(page);
  expect(requested.map((r) => r.path)).toContain('/assets/sounds/hitsound/default.ogg');
  expect(requested.map((r) => r.path)).not.toContain('/assets/sounds/hitsound/clap.ogg');

  // a first hit plays the default hit sound
  await shootAt(page, mouse, 0);
  await page.waitForFunction(() => (window as any).__aimDebug.sounds().some((p: Played) => p.name === 'hit'), undefined, { timeout: 5_000 });
  expect((await sounds(page)).filter((p) => p.name === 'hit').map((p) => p.url)).toEqual(['/assets/sounds/hitsound/default.ogg']);

  // pause → Settings → Audio → hit sound Clap → Save → Back → Resume
  await page.keyboard.press('Escape');
  await page.getByTestId('pause-menu').waitFor({ timeout: 5_000 });
  await page.getByTestId('pause-settings').click();
  await page.getByTestId('settings-tab-audio').click();
  const changedAt = Date.now();
  await page.getByTestId('setting-hitsound').selectOption('clap');
  await page.getByTestId('settings-save').click();
  await page.getByTestId('settings-status').filter({ hasText: 'Saved' }).waitFor({ timeout: 5_000 });
  await page.getByTestId('settings-back').click();
  await page.getByRole('button', { name: 'Resume' }).click();
  // in a browser the next click on the game takes pointer lock back (spec section 4)
  await page.mouse.click(mouse.x, mouse.y);
  await page.waitForFunction(() => document.pointerLockElement !== null, undefined, { timeout: 5_000 });
  const clap = requested.find((r) => r.path === '/assets/sounds/hitsound/clap.ogg');
  expect(clap).toBeDefined();
  expect(clap!.at).toBeGreaterThanOrEqual(changedAt);

  const hitsBefore = (await counters(page)).hits;
  for (let i = 0; i < 10 && (await counters(page)).hits === hitsBefore; i++) await shootAt(page, mouse, 0);
  await page.waitForFunction(
    () => (window as any).__aimDebug.sounds().filter((p: Played) => p.name === 'hit').length >= 2, undefined, { timeout: 5_000 },
  );
  const hits = (await sounds(page)).filter((p) => p.name === 'hit');
  expect(hits.at(-1)!.url).toBe('/assets/sounds/hitsound/clap.ogg');
  expect(hits.at(-1)!.audible).toBe(true);
  // the file was fetched once, at the settings change, not at the hit
  expect(requested.filter((r) => r.path === '/assets/sounds/hitsound/clap.ogg')).toHaveLength(1);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('a custom hit sound that 404s is logged and the default hit sound plays', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const statuses = new Map<string, number>();
  page.on('response', (r) => statuses.set(new URL(r.url()).pathname, r.status()));
  // the player: custom sounds on, hit sound 'custom', and a custom hit sound whose file is gone
  const base = suite.server.baseUrl;
  const saved = await page.request.post(`${base}/gameoptions/edit`, { headers: { origin: base },  data: { game_options: { audio: { custom_sounds: true, hitsound: 'custom' } } } });
  expect(saved.status()).toBe(200);
  const userId = (await (await page.request.get(`${base}/api/v1/gameconfig/2033`)).json()).user_id as number;
  const db = new Database(suite.server.databaseFile);
  db.prepare('INSERT INTO custom_sounds (user_id, sound_type, url, updated_at) VALUES (?, ?, ?, ?)')
    .run(userId, 'hitsound', '/assets/sounds/custom/gone.ogg', new Date().toISOString());
  db.close();
  expect((await (await page.request.get(`${base}/api/v1/assets/sounds`)).json()).data)
    .toEqual([{ sound_type: 'hitsound', url: '/assets/sounds/custom/gone.ogg' }]);

  await page.goto(`${base}/?id=2033`);
  const mouse = await clickToStart(page);
  expect(statuses.get('/api/v1/assets/sounds')).toBe(200);
  expect(statuses.get('/assets/sounds/custom/gone.ogg')).toBe(404);
  expect(warnings.some((w) => /Custom sound hitsound failed to load \(\/assets\/sounds\/custom\/gone\.ogg\): HTTP 404 .*; the default sound stays/.test(w)))
    .toBe(true);
  for (let i = 0; i < 10 && !(await sounds(page)).some((p) => p.name === 'hit'); i++) await shootAt(page, mouse, 0);
  const hit = (await sounds(page)).find((p) => p.name === 'hit');
  expect(hit?.url).toBe('/assets/sounds/hitsound/default.ogg');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('a custom hit sound at an https URL of another origin is fetched (CSP connect-src allows https:) and plays on a hit', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  const url = 'https://sounds.example.test/my-hit.ogg';
  const clap = fs.readFileSync(path.join(process.cwd(), 'assets/sounds/hitsound/clap.ogg'));
  const served: string[] = [];
  // the other origin, answered by the browser's network layer (CSP is checked before this)
  await context.route(url, async (route) => {
    served.push(route.request().url());
    await route.fulfill({ status: 200, body: clap, headers: { 'content-type': 'audio/ogg', 'access-control-allow-origin': '*' } });
  });
  const saved = await page.request.post(`${base}/gameoptions/edit`, { headers: { origin: base },  data: { game_options: { audio: { custom_sounds: true, hitsound: 'custom' } } } });
  expect(saved.status()).toBe(200);
  const userId = (await (await page.request.get(`${base}/api/v1/gameconfig/2033`)).json()).user_id as number;
  const db = new Database(suite.server.databaseFile);
  db.prepare('INSERT INTO custom_sounds (user_id, sound_type, url, updated_at) VALUES (?, ?, ?, ?)')
    .run(userId, 'hitsound', url, new Date().toISOString());
  db.close();
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|failed to load/i.test(m.text())) blocked.push(m.text());
  });

  await page.goto(`${base}/?id=2033`);
  const mouse = await clickToStart(page);
  expect(served).toEqual([url]);
  for (let i = 0; i < 10 && !(await sounds(page)).some((p) => p.name === 'hit'); i++) await shootAt(page, mouse, 0);
  const hit = (await sounds(page)).find((p) => p.name === 'hit');
  expect(hit?.url).toBe(url);
  expect(blocked).toEqual([]);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('the Audio tab previews each hit sound', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  await page.getByTestId('settings-menu').waitFor({ timeout: 30_000 });
  await page.getByTestId('settings-tab-audio').click();
  await page.getByTestId('hitsound-preview').waitFor();
  for (const name of ['default', 'clap', 'pong', 'pop', 'tap', 'thud']) {
    await page.getByTestId(`hitsound-preview-${name}`).click();
    await page.waitForFunction((n) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/assets/sounds/hitsound/${n}.ogg`)), name, { timeout: 5_000 });
  }
  expect(requested.filter((p) => p.startsWith('/assets/sounds/hitsound/')).sort()).toEqual(
    ['clap', 'default', 'pong', 'pop', 'tap', 'thud'].map((n) => `/assets/sounds/hitsound/${n}.ogg`),
  );
  await screenshot(page, 'settings-audio-tab.png');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

/** Bytes of `/assets/` files (sounds, meshes, images) the first frame of drill 134 needs. */
const FIRST_FRAME_BUDGET = 300 * 1024;

test('drill 134: the loader advances with real loads, the assets of the first frame stay under 300 KiB on the wire, none load during the round', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.addInitScript(() => {
    const w = window as any;
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch { /* no longtask support */ }
  });
  const assetRequests: Array<{ path: string; at: number }> = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (/^\/assets\/(sounds|meshes|images)\//.test(p)) assetRequests.push({ path: p, at: Date.now() });
  });
  await page.goto(`${suite.server.baseUrl}/?id=134`);
  const mouse = await clickToStart(page);
  const roundStartedAt = Date.now();
  const load = await page.evaluate(() => {
    const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('aim:load-step-'))
      .map((m) => ({ step: Number(m.name.slice('aim:load-step-'.length)), t: m.startTime }));
    const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\/assets\/(sounds|meshes|images)\//.test(e.name))
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd, wire: e.transferSize, body: e.encodedBodySize }));
    const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.js$/.test(new URL(e.name).pathname))
      .map((e) => ({ path: new URL(e.name).pathname, wire: e.transferSize }));
    return { marks, res, js };
  });
  // 8 steps, in order
  expect(load.marks.map((m) => m.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  const at = (k: number) => load.marks[k - 1].t;
  // step 5 = the first frame; step 6 = the round's chunk and the target model ready (after the
  // first frame); step 7 = every sound arrived (they load in parallel with 6, from the first
  // frame on: none competes with it)
  const firstFrame = await page.evaluate(() => performance.getEntriesByName('aim:first-frame')[0].startTime);
  expect(firstFrame).toBeGreaterThanOrEqual(at(4)); // the room with its camera and crosshair, shaders compiled
  expect(firstFrame).toBeLessThanOrEqual(at(5));
  // drill 134's targets are spheres: built in (src/game/builtInSphere.ts, issue 33 item 5), so
  // sphere.glb is never fetched; any other mesh (the weapon's) comes after the first frame
  expect(load.res.map((r) => r.path)).not.toContain('/assets/meshes/sphere.glb');
  for (const m of load.res.filter((r) => r.path.startsWith('/assets/meshes/'))) expect([m.path, m.start >= firstFrame]).toEqual([m.path, true]);
  const soundsRes = load.res.filter((r) => r.path.startsWith('/assets/sounds/'));
  // every shipped sound (the catalogue: 15 since the blocked cue, issue 35) + the chosen hit sound,
  // the drill's weapon's gun sound in place of the catalogue's generic one (gun/pistol.ogg, not gun.ogg)
  expect(soundsRes.length).toBe(Object.keys(SOUNDS).length + 1);
  expect(soundsRes.map((r) => r.path)).toContain('/assets/sounds/gun/pistol.ogg');
  expect(soundsRes.map((r) => r.path)).not.toContain('/assets/sounds/gun.ogg');
  expect(at(7)).toBeGreaterThanOrEqual(Math.max(...soundsRes.map((r) => r.end)));
  expect(Math.min(...soundsRes.map((r) => r.start))).toBeGreaterThanOrEqual(firstFrame); // after the first frame
  expect(Math.min(...soundsRes.map((r) => r.start))).toBeLessThan(at(6)); // with the round's chunk, not after it
  // on the wire: transferSize (headers + body); fall back to the body size if the browser hides it
  const wire = load.res.reduce((a, r) => a + (r.wire > 0 ? r.wire : r.body + 300), 0);
  expect(wire).toBeLessThan(FIRST_FRAME_BUDGET);
  // the glTF loader runs with skipMaterials: no PBR material code is fetched for the targets
  expect(load.js.filter((r) => /pbr/i.test(r.path))).toEqual([]);

  // play 3 s: no asset is fetched (so none decoded) after the round started
  await page.waitForTimeout(100);
  const s = await readAimDebug(page);
  for (let i = 0; i < 20 && Date.now() - roundStartedAt < 3_000 && s.targets.length > 0; i++) await shootAt(page, mouse, 0);
  expect(assetRequests.filter((r) => r.at > roundStartedAt)).toEqual([]);
  const long = await page.evaluate(() => {
    const start = performance.getEntriesByName('aim:round-start')[0]?.startTime ?? 0;
    return ((window as any).__longTasks as Array<{ start: number; duration: number }>).filter((t) => t.start >= start);
  });
  const report = {
    steps: load.marks.map((m) => Math.round(m.t)),
    assetFiles: load.res.length,
    wireBytes: wire,
    bodyBytes: load.res.reduce((a, r) => a + r.body, 0),
    jsFiles: load.js.length,
    jsWireBytes: load.js.reduce((a, r) => a + r.wire, 0),
    pbrChunks: load.js.filter((r) => /pbr/i.test(r.path)).length,
    longTasksInRound: long.length,
    maxLongTaskMs: long.reduce((a, t) => Math.max(a, t.duration), 0),
  };
  console.log(`assets benchmark (drill 134): ${JSON.stringify(report)}`);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('a room texture chosen in the settings is drawn; an unknown one stops the load with the server\'s error', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  const statuses = new Map<string, number>();
  page.on('response', (r) => statuses.set(new URL(r.url()).pathname, r.status()));
  const setTexture = async (name: string) => {
    const r = await page.request.post(`${base}/gameoptions/edit`, { headers: { origin: base }, 
      data: { game_options: { texture: { custom_textures_type: 'Image', custom_textures_name: name } } },
    });
    expect(r.status()).toBe(200);
  };
  // the same wall region (left wall, away from the overlays) without and with the texture
  const wall = { x: 20, y: 200, width: 140, height: 160 };
  await page.goto(`${base}/?id=2033`);
  await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
  const plain = await page.screenshot({ clip: wall });
  await setTexture('tiles');
  await page.goto(`${base}/?id=2033`);
  await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
  expect(statuses.get('/api/v1/assets/textures/tiles')).toBe(200);
  expect(statuses.get('/assets/images/textures/tiles.png')).toBe(200);
  const textured = await page.screenshot({ clip: wall });
  expect(textured.equals(plain)).toBe(false);
  await clickToStart(page);
  await screenshot(page, 'room-texture-tiles.png');

  await setTexture('marble');
  await page.goto(`${base}/?id=2033`);
  await page.getByTestId('error-overlay').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('error-description').textContent()).toBe('The game failed to load: Texture not found: marble');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
