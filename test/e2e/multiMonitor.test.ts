/**
 * End to end (real headless Chromium, the real server, real mouse input), judged by pixels:
 * multi-monitor mode (spec sections 3 and 9, issue 19 item 1). A copy of test drill 2033 with
 * `multiMonitorMode` is drawn as three views side by side, each with a third of the base fov:
 * - the aimed target sits at the canvas centre (the middle view looks straight ahead) and is
 *   drawn larger than in one view by the ratio of the focal lengths: one 103° view on 1280 px
 *   has f = 640 / tan(51.5°) = 509.1 px, a 34.33° view on 426.7 px has
 *   f = 213.3 / tan(17.17°) = 690.6 px, so 1.357×; a click there hits it;
 * - a target 34.33° (one view's fov) to the right of the aim is drawn centred in the right
 *   column (x = 1066.7), one to the left in the left column (x = 213.3).
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { clickToStart, newPage, pageErrors, readAimDebug, screenshotPixels, useE2eSuite, waitForNextTick, type MousePos } from './harness';
import { aimDirection, viewBasis } from '../../src/game/aim';
import { toView } from '../../src/game/offscreen';
import { multiViewLayout, multiViewScreenPoint } from '../../src/game/multiView';

jest.setTimeout(120_000);

const PLAIN_DRILL = 9190;
const MULTI_DRILL = 9191;
const suite = useE2eSuite(async (server) => {
  const db = new Database(server.databaseFile);
  try {
    const row = db.prepare('SELECT * FROM drills WHERE id = 2033').get() as Record<string, unknown>;
    const add = (id: number, name: string, multi: boolean) => {
      const base = JSON.parse(row.fields as string);
      const config = { ...JSON.parse(base.config as string), multiMonitorMode: multi };
      const fields = { ...base, duration: 60000, config: JSON.stringify(config) };
      db.prepare('INSERT INTO drills (id, name, game_type_description, objective, category, fields) VALUES (?, ?, ?, ?, ?, ?)')
        .run(id, name, row.game_type_description, row.objective, row.category, JSON.stringify(fields));
    };
    add(PLAIN_DRILL, 'One View Test Drill', false);
    add(MULTI_DRILL, 'Multi-Monitor Test Drill', true);
  } finally {
    db.close();
  }
});

/** Turns the aim (real mouse counts) onto the live target nearest the aim, `yawOffsetDeg`
 * degrees to its left (so the target sits that far to the right of the aim). */
async function aimBeside(page: Page, mouse: MousePos, yawOffsetDeg: number, eid?: number): Promise<number> {
  const s = await readAimDebug(page);
  const off = (t: { yaw: number; pitch: number }) => Math.hypot(t.yaw - s.aim.yaw, t.pitch - s.aim.pitch);
  const t = s.targets.find((c) => c.eid === eid) ?? s.targets.reduce((best, c) => (off(c) < off(best) ? c : best));
  mouse.x += Math.round((t.yaw - yawOffsetDeg - s.aim.yaw) / s.dpc.x);
  mouse.y += Math.round((t.pitch - s.aim.pitch) / s.dpc.y);
  await page.mouse.move(mouse.x, mouse.y, { steps: 1 });
  await waitForNextTick(page);
  await waitForNextTick(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return t.eid;
}

/** A target's blob on screen: the 4-connected red pixels (r > 140, g < 110, b < 110) reached from
 * (`x`, `y`) within 60 px of it (another target nearby is not part of it), the crosshair's 29 × 29
 * px at the canvas centre passable but not counted (it is red too, with a black outline); its
 * bounding box's centre and radius (half its width), px; null when nothing red is reached. */
async function blobNear(page: Page, x: number, y: number): Promise<{ cx: number; cy: number; r: number } | null> {
  const clip = { x: Math.max(0, Math.round(x) - 60), y: Math.max(0, Math.round(y) - 60), width: 121, height: 121 };
  clip.width = Math.min(clip.width, 1280 - clip.x);
  clip.height = Math.min(clip.height, 720 - clip.y);
  const img = await screenshotPixels(page, clip);
  const inCross = (px: number, py: number) => Math.abs(px - 640) <= 14 && Math.abs(py - 360) <= 14;
  const red = (i: number, j: number) => {
    const k = (j * img.width + i) * 4;
    return img.data[k] > 140 && img.data[k + 1] < 110 && img.data[k + 2] < 110;
  };
  const open = (i: number, j: number) => i >= 0 && j >= 0 && i < img.width && j < img.height && (red(i, j) || inCross(clip.x + i, clip.y + j));
  // the seed: the red pixel nearest (x, y) outside the crosshair
  let seed: [number, number] | null = null;
  let best = Infinity;
  for (let j = 0; j < img.height; j++) {
    for (let i = 0; i < img.width; i++) {
      if (!red(i, j) || inCross(clip.x + i, clip.y + j)) continue;
      const d = Math.hypot(clip.x + i - x, clip.y + j - y);
      if (d < best) { best = d; seed = [i, j]; }
    }
  }
  if (!seed || best > 30) return null;
  const seen = new Uint8Array(img.width * img.height);
  const stack = [seed];
  seen[seed[1] * img.width + seed[0]] = 1;
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    const px = clip.x + i, py = clip.y + j;
    if (!inCross(px, py)) { x0 = Math.min(x0, px); x1 = Math.max(x1, px); y0 = Math.min(y0, py); y1 = Math.max(y1, py); }
    for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const ni = i + di, nj = j + dj;
      if (!open(ni, nj) || seen[nj * img.width + ni]) continue;
      seen[nj * img.width + ni] = 1;
      stack.push([ni, nj]);
    }
  }
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, r: (x1 - x0 + 1) / 2 };
}

/** Where target `eid` should be drawn on the three-view canvas, by the layout maths
 * (multiView.ts), from the debug hook's aim and target angles. */
async function expectedPoint(page: Page, eid: number): Promise<{ x: number; y: number } | null> {
  const s = await readAimDebug(page);
  const t = s.targets.find((c) => c.eid === eid);
  if (!t) return null;
  const d = aimDirection(t.yaw, t.pitch);
  const v = toView(d.x, d.y, d.z, { x: 0, y: 0, z: 0 }, viewBasis(s.aim.yaw, s.aim.pitch), { cx: 0, cy: 0, cz: 0 });
  const l = multiViewLayout(3, 103 * (Math.PI / 180), 1280 / 720);
  const split = { count: 3, eachHfovRad: l.eachHfovRad, tanEach: Math.tan(l.eachHfovRad / 2) };
  return multiViewScreenPoint(v.cx, v.cy, v.cz, split, Math.tan(l.vfovRad / 2), 1280, 720, { x: 0, y: 0 });
}

type Opened = Awaited<ReturnType<typeof newPage>>;

async function withDrill<T>(id: number, fn: (o: Opened, mouse: MousePos) => Promise<T>): Promise<T> {
  const opened = await newPage(suite.browser);
  try {
    // shadows off: faster frames under software rendering; nothing here depends on them
    const res = await opened.page.request.post(`${suite.server.baseUrl}/gameoptions/edit`, { headers: { origin: suite.server.baseUrl },  data: { game_options: { video: { shadows: 0 } } } });
    expect(res.status()).toBe(200);
    await opened.page.goto(`${suite.server.baseUrl}/?id=${id}`);
    const mouse = await clickToStart(opened.page);
    await opened.page.waitForFunction(() => (window as any).__aimDebug?.targets().length > 0, undefined, { timeout: 30_000 });
    const out = await fn(opened, mouse);
    expect(pageErrors(opened.errors)).toEqual([]);
    return out;
  } finally {
    await opened.context.close();
  }
}

test('three views: the aimed target is at the centre, 1.357× larger than in one view, and a click there hits it', async () => {
  const plain = await withDrill(PLAIN_DRILL, async ({ page }, mouse) => {
    await aimBeside(page, mouse, 0);
    return blobNear(page, 640, 360);
  });
  const multi = await withDrill(MULTI_DRILL, async ({ page }, mouse) => {
    await aimBeside(page, mouse, 0);
    const blob = await blobNear(page, 640, 360);
    const hits0 = (await page.evaluate(() => (window as any).__aimDebug.counters().hits)) as number;
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction((h) => (window as any).__aimDebug.counters().hits > h, hits0, { timeout: 10_000 });
    return blob;
  });
  expect(plain).not.toBeNull();
  expect(multi).not.toBeNull();
  // both centred on the canvas: the middle view looks straight ahead (the box's height is
  // shorter than its width: the sphere's shaded underside is too dark to count as red)
  for (const b of [plain!, multi!]) {
    expect(Math.abs(b.cx - 640)).toBeLessThanOrEqual(2);
    expect(Math.abs(b.cy - 360)).toBeLessThanOrEqual(b.r * 0.35);
  }
  expect(plain!.r).toBeGreaterThan(15);
  expect(multi!.r / plain!.r).toBeGreaterThan(1.357 - 0.08);
  expect(multi!.r / plain!.r).toBeLessThan(1.357 + 0.08);
});

test('a target one view to the right (or left) of the aim is drawn in that column where the layout puts it', async () => {
  const each = 103 / 3;
  await withDrill(MULTI_DRILL, async ({ page }, mouse) => {
    const eid = await aimBeside(page, mouse, 0);
    const centre = await blobNear(page, 640, 360);
    expect(centre).not.toBeNull();
    for (const [offset, column] of [[each, 1280 * 5 / 6], [-each, 1280 / 6]] as const) {
      await aimBeside(page, mouse, offset, eid);
      const want = await expectedPoint(page, eid);
      expect(want).not.toBeNull();
      expect(Math.abs(want!.x - column)).toBeLessThan(40); // near its column's centre
      const blob = await blobNear(page, want!.x, want!.y);
      expect(blob).not.toBeNull();
      expect(Math.abs(blob!.cx - want!.x)).toBeLessThanOrEqual(4);
      expect(Math.abs(blob!.cy - want!.y)).toBeLessThanOrEqual(centre!.r * 0.35);
      // about the size it has in the middle view: every view has the same focal length
      expect(Math.abs(blob!.r - centre!.r)).toBeLessThanOrEqual(Math.max(3, centre!.r * 0.12));
    }
  });
});
