/**
 * End-to-end harness: the real server (buildApp from src/server/app.ts) on a fresh SQLite file,
 * listening on 127.0.0.1 with a free port, serving the built client from dist/ (`npm test`
 * builds it first), and a real headless Chromium driven by playwright-core.
 *
 * Chromium: $CHROME_PATH, else /usr/bin/chromium (Debian package; .ci/run installs it).
 * WebGL works headless through SwiftShader (`--use-angle=swiftshader --enable-unsafe-swiftshader`).
 */
import { isOpenObjective } from '../../src/metrics/objective';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type APIResponse, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { openDb } from '../../src/server/db';
import { seedCatalogue } from '../../src/server/drills';

export interface E2eServer {
  app: FastifyInstance;
  baseUrl: string;
  databaseFile: string;
  close(): Promise<void>;
}

/** Starts the real server on a temp SQLite file (`opts` add buildApp options, e.g. hostOrigins).
 * Throws if dist/index.html is missing. */
export async function startServer(opts: Partial<BuildAppOptions> = {}): Promise<E2eServer> {
  // E2E_DIST_DIR: another build folder (e.g. `npx vite build --outDir dist-mine`), so that
  // parallel work on one checkout does not overwrite each other's dist/.
  const distDir = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html is missing: run \`npm run build\` first (npm test does).`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-e2e-'));
  const databaseFile = path.join(dir, 'e2e.sqlite');
  // No back-pressure refusals (503) by default: the browser tests share a busy 2-core machine
  // with Chromium's software renderer, whose stalls of the test process's event loop are not the
  // server being overloaded. Back-pressure has its own tests (test/server/limits.test.ts).
  const app = await buildApp({ databaseFile, distDir, logger: false, pressure: false, ...opts });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl: address,
    databaseFile,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server and browser of one e2e test file (see `useE2eSuite`). */
export interface E2eSuite {
  readonly server: E2eServer;
  readonly browser: Browser;
}

/** A catalogue drill's row (src/drill/catalogue.ts). */
type CatalogueDrill = (typeof DRILL_CATALOGUE)[number];

/**
 * Writes variants of catalogue drill `baseId` into `server`'s SQLite file, for a suite's `seed`:
 * each variant is the drill's row with the given fields over it (its own `id` among them).
 * Throws when the catalogue has no drill `baseId`.
 */
export async function seedDrillVariants(server: E2eServer, baseId: number,
  variants: ReadonlyArray<Partial<CatalogueDrill> & { id: number } & Record<string, unknown>>): Promise<void> {
  const src = DRILL_CATALOGUE.find((d) => d.id === baseId);
  if (!src) throw new Error(`catalogue drill ${baseId} is missing`);
  const open = openDb({ databaseFile: server.databaseFile });
  try {
    await seedCatalogue(open.db, variants.map((v) => ({ ...src, ...v }) as CatalogueDrill));
  } finally {
    await open.db.destroy();
  }
}

/**
 * Registers the beforeAll / afterAll of an e2e test file: the real server on a fresh SQLite
 * file (then `seed(server)`, if given, e.g. extra drills written into that file) and a headless
 * Chromium; both closed after the file. Read `server` / `browser` inside tests and hooks only
 * (they are set in beforeAll).
 */
export function useE2eSuite(seed?: (server: E2eServer) => Promise<void>): E2eSuite {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    if (seed) await seed(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the e2e server is not started (use it inside a test)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched (use it inside a test)');
      return browser;
    },
  };
}

/** Path of the Chromium binary to drive. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) throw new Error('No Chromium found: set CHROME_PATH or install the chromium package.');
  return found;
}

/** Launches headless Chromium with WebGL through SwiftShader and no background networking.
 * Scrollbars are real (Playwright's headless default `--hide-scrollbars` is dropped, issue 33
 * item 7): a page that overflows gets a scrollbar that takes its width, as a player's browser
 * does, so layout tests see the space it takes.
 *
 * The page is composited in software (`--disable-gpu-compositing`; `E2E_GPU_COMPOSITING=1`
 * keeps Chromium's GPU compositor): WebGL still draws through SwiftShader and its frames reach
 * the screenshot unchanged, but the compositor no longer draws every page frame through
 * SwiftShader too. Measured (issue 34 item 6, BENCHMARKS.md "CI time: software compositing"):
 * at the start prompt 4 ms of CPU a frame instead of 45-52; the CPU of a test file's process
 * tree 11 % lower in visualEffects' weapon tests and 31 % in roomLooks' studio room, whose pause
 * menu and settings pages were composited through SwiftShader frame by frame. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    ignoreDefaultArgs: ['--hide-scrollbars'],
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(process.env.E2E_GPU_COMPOSITING ? [] : ['--disable-gpu-compositing']),
    ],
  });
}

/** A fresh browser context (own cookie jar = own guest player) and page, 1280x720, DPR 1.
 * Page errors and console errors are collected in `errors`. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
}

/** The settings call's body: the player's game options and controls (as GET answers them). */
export interface SavedSettings { game_options: any; controls: Record<string, unknown> }

/** A settings call, tried again while the server answers 503 (back-pressure under load, with
 * Retry-After): at most 6 tries, waiting the Retry-After seconds (3 s when absent) in between. */
async function settingsCall(send: () => Promise<APIResponse>): Promise<APIResponse> {
  let res = await send();
  for (let i = 1; i < 6 && res.status() === 503; i++) {
    const after = Number(res.headers()['retry-after']);
    await new Promise((r) => setTimeout(r, (Number.isFinite(after) && after > 0 ? after : 3) * 1000));
    res = await send();
  }
  return res;
}

/**
 * Reads the settings of the guest of `context`'s cookie jar (creating that guest when the
 * context has none yet), lets `edit` change them in place, and saves them through the settings
 * call, as the settings menu does. Returns what was saved. Throws when the server refuses the
 * read or the body.
 */
export async function saveSettings(context: BrowserContext, baseUrl: string, edit: (s: SavedSettings) => void): Promise<SavedSettings> {
  const got = await settingsCall(() => context.request.get(`${baseUrl}/gameoptions/edit`));
  if (!got.ok()) throw new Error(`reading the settings answered ${got.status()}: ${await got.text()}`);
  const current = (await got.json()) as SavedSettings;
  edit(current);
  const saved = await settingsCall(() => context.request.post(`${baseUrl}/gameoptions/edit`, { headers: { origin: baseUrl }, 
    data: { game_options: current.game_options, controls: current.controls },
  }));
  if (!saved.ok()) throw new Error(`saving the settings answered ${saved.status()}: ${await saved.text()}`);
  return current;
}

/**
 * Saves `controls` (merged over the player's current ones) for the guest of `context`'s cookie
 * jar (saveSettings). Returns the saved controls. Throws when the server refuses the body.
 */
export async function saveControls(context: BrowserContext, baseUrl: string, controls: Record<string, unknown>): Promise<Record<string, unknown>> {
  const saved = await saveSettings(context, baseUrl, (s) => { s.controls = { ...s.controls, ...controls }; });
  return saved.controls;
}

/** The uncaught page errors among a newPage error log (console errors left out). */
export function pageErrors(errors: readonly string[]): string[] {
  return errors.filter((e) => e.startsWith('pageerror'));
}

/**
 * A fresh page (newPage) on the game page of drill `id`, started with a real click
 * (clickToStart): the round is running under pointer lock when it resolves. Returns the page,
 * its context and error log, and where the mouse is.
 */
export async function startDrill(suite: E2eSuite, id: number): Promise<{ context: BrowserContext; page: Page; errors: string[]; mouse: MousePos }> {
  const opened = await newPage(suite.browser);
  await opened.page.goto(`${suite.server.baseUrl}/?id=${id}`);
  const mouse = await clickToStart(opened.page);
  return { ...opened, mouse };
}

/** What `window.__aimDebug` tells the aiming loop (degrees; degPerCount is signed). */
export interface AimDebugState {
  aim: { yaw: number; pitch: number };
  dpc: { x: number; y: number };
  targets: Array<{ eid: number; yaw: number; pitch: number; radius: number; distance: number; decoy?: boolean }>;
  finished: boolean;
}

/** The page's mouse position as CDP last saw it: under pointer lock only the differences
 * between positions matter (movementX/Y), so the aiming loop keeps its running total here. */
export interface MousePos {
  x: number;
  y: number;
}

/** Options of `aimUntilFinished`. */
export interface AimLoopOptions {
  /** hold the button down for the whole drill (automatic / tracking weapons) instead of a
   * click per aimed target */
  hold?: boolean;
  /** ms to wait after each aimed click (default 40) */
  pauseMs?: number;
  /** gives up (returns) after this many ms even if the drill has not finished (default 120 s) */
  timeoutMs?: number;
}

/** Reads the debug hook once. A hook that is gone (the round was torn down, or the page is
 * navigating to the summary) reads as finished with no targets. */
export async function readAimDebug(page: Page | Frame): Promise<AimDebugState> {
  const gone: AimDebugState = { aim: { yaw: 0, pitch: 0 }, dpc: { x: 1, y: -1 }, targets: [], finished: true };
  try {
    const s = await page.evaluate(() => {
      const d = (window as any).__aimDebug;
      return d ? { aim: d.aim(), dpc: d.degPerCount(), targets: d.targets(), finished: d.finished() } : null;
    });
    return s ?? gone;
  } catch (e) {
    // navigating away, or the frame removed (a host page closing the game's modal)
    if (/Execution context was destroyed|navigation|has been closed|detached/i.test(String(e))) return gone;
    throw e;
  }
}

/**
 * Plays the running drill with REAL mouse input until `__aimDebug.finished()`: reads where the
 * live targets are, turns onto the centre of the nearest one (by angle) with `page.mouse.move`
 * in whole counts, and clicks (or, with `hold`, keeps the button down and only moves). The
 * hook is only read, never used to change the game. Returns the number of aimed clicks (with
 * `hold`, the number of aim corrections) and whether the drill finished.
 */
export async function aimUntilFinished(
  page: Page,
  mouse: MousePos,
  opts: AimLoopOptions & { frame?: Frame } = {},
): Promise<{ clicks: number; finished: boolean }> {
  // the game's frame (an iframe of a host page) is read; the mouse is always the page's
  const game: Page | Frame = opts.frame ?? page;
  // Under pointer lock a top-level page receives CDP moves anywhere, but a cross-origin iframe
  // stops receiving them once the position leaves the frame (Chromium routes them by hit test):
  // the drill would then end with no shot landed. Such a test must give its player a higher
  // sensitivity (saveControls) so the aim's turns stay inside the frame.
  const bounds = opts.frame ? await (await opts.frame.frameElement()).boundingBox() : null;
  const pauseMs = opts.pauseMs ?? 40;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  let clicks = 0;
  let held = false;
  let s = await readAimDebug(game);
  for (; !s.finished && Date.now() < deadline; s = await readAimDebug(game)) {
    if (s.targets.length === 0) {
      await page.waitForTimeout(20);
      continue;
    }
    const off = (t: { yaw: number; pitch: number }) => Math.hypot(t.yaw - s.aim.yaw, t.pitch - s.aim.pitch);
    const t = s.targets.reduce((best, c) => (off(c) < off(best) ? c : best));
    // Whole counts. degPerCount() is signed: x > 0 (a positive count turns right), y < 0 (a
    // positive count aims down, unless inverted), so counts = angle difference / degPerCount.
    const dx = Math.round((t.yaw - s.aim.yaw) / s.dpc.x);
    const dy = Math.round((t.pitch - s.aim.pitch) / s.dpc.y);
    if (dx !== 0 || dy !== 0) {
      mouse.x += dx;
      mouse.y += dy;
      if (bounds && (mouse.x < bounds.x || mouse.y < bounds.y || mouse.x >= bounds.x + bounds.width || mouse.y >= bounds.y + bounds.height)) {
        throw new Error(`aimUntilFinished: the mouse (${mouse.x}, ${mouse.y}) would leave the game frame `
          + `(${bounds.x}, ${bounds.y}, ${bounds.width}x${bounds.height}), where the frame receives no input: raise the player's sensitivity`);
      }
      await page.mouse.move(mouse.x, mouse.y, { steps: opts.hold ? 1 : 3 });
    }
    clicks++;
    if (opts.hold) {
      if (!held) {
        await page.mouse.down();
        held = true;
      }
      await page.waitForTimeout(10);
    } else {
      await page.mouse.down();
      await page.mouse.up();
      await page.waitForTimeout(pauseMs);
      // Input is applied at the next tick boundary and frames can be slow (SwiftShader): wait
      // until a tick has run since the click, so the next look at the targets already shows
      // this click's effect and a target just hit is not clicked again.
      await waitForNextTick(game);
    }
  }
  if (held) await page.mouse.up().catch(() => undefined);
  return { clicks, finished: s.finished };
}

/** Waits until `__aimDebug.tick()` has advanced past its current value (or the drill finished,
 * the hook is gone, or 2 s passed). */
export async function waitForNextTick(page: Page | Frame): Promise<void> {
  const t0: number | null = await page
    .evaluate(() => ((window as any).__aimDebug ? (window as any).__aimDebug.tick() : null))
    .catch(() => null); // navigating away: nothing to wait for
  if (t0 === null) return;
  await page
    .waitForFunction(
      (t) => {
        const d = (window as any).__aimDebug;
        return !d || d.finished() || d.tick() > t;
      },
      t0,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/** What the drill summary page shows, and the stored performances row of that run. */
export interface SummaryAndRow {
  /** the performance id of the summary URL */
  perfId: number;
  /** the numbers on the summary (data-testid summary-*) */
  shown: { targets: number; hits: number; shots: number; accuracy: number; time_destroy: number };
  /** the pass / fail line (summary-result) */
  result: string;
  /** performances row: game_id, targets_destroyed, hits, shots, accuracy, time_destroy (rounded
   * to whole ms, as the summary prints it), passed */
  row: Record<string, number>;
  /** the result line names the tier reached instead of pass / fail (src/metrics/objective.ts
   * summaryOutcome): a run judged by the drill's objective when it is open ("as many as you
   * can"), or by the benchmark objective (issue 19: the drill's tiers) */
  open: boolean;
}

/** Waits for the drill summary page after a run and reads it, and the run's row from the
 * server's SQLite file (read-only). Throws when the row is missing. */
export async function readSummaryAndRow(page: Page, databaseFile: string): Promise<SummaryAndRow> {
  await page.waitForURL(/\/app\/#\/drill-summary\?(id|run)=\d+/, { timeout: 30_000 });
  const params = new URL(page.url().replace('#/', '')).searchParams;
  const perfId = Number(params.get('run') ?? params.get('id'));
  await page.getByTestId('summary-targets').waitFor({ timeout: 20_000 });
  const text = async (tid: string) => ((await page.getByTestId(tid).textContent()) ?? '').trim();
  const shown = {
    targets: Number(await text('summary-targets')),
    hits: Number(await text('summary-hits')),
    shots: Number(await text('summary-shots')),
    accuracy: Number(await text('summary-accuracy')),
    // ms are printed as integers, and a dash when nothing was destroyed (issue 15)
    time_destroy: (await text('summary-time_destroy')) === '–' ? 0 : Number(await text('summary-time_destroy')),
  };
  const result = await text('summary-result');
  const db = new Database(databaseFile, { readonly: true });
  try {
    const stored = db
      .prepare('SELECT p.game_id, p.targets_destroyed, p.hits, p.shots, p.accuracy, p.time_destroy, p.passed, d.objective, p.objective_kind FROM performances p JOIN drills d ON d.id = p.game_id WHERE p.id = ?')
      .get(perfId) as (Record<string, number> & { objective: string; objective_kind: string | null }) | undefined;
    if (!stored) throw new Error(`performance ${perfId} is not stored`);
    const { objective, objective_kind: kind, ...row } = stored;
    // the summary prints ms as whole numbers (issue 15): compare with the stored value rounded
    row.time_destroy = Math.round(row.time_destroy);
    const open = ((kind ?? 'drill') === 'drill' && isOpenObjective(objective)) || kind === 'benchmark';
    return { perfId, shown, result, row, open };
  } finally {
    db.close();
  }
}

/** The summary's pass / fail line for a stored `passed` flag (en.json). */
export const summaryResultText = (passed: number | boolean): string =>
  passed ? 'Congratulations – Level passed' : 'Target not achieved. Please Try Again';

/** The summary's result line of an open objective (issue 15): the tier reached, never a failure. */
export const TIER_RESULT = /^Tier \d+ of \d+ reached · (Next tier at \d+(?: \S+)?|Top tier reached)$/;

/**
 * Starts a loaded drill as a player does: waits for the start instructions, clicks the canvas
 * centre (640, 360 of the 1280x720 page) with page.mouse, then waits until the round runs (the
 * engine's tick > 0) and, unless `pointerLock` is false, the canvas holds pointer lock.
 * Returns the mouse position (the caller's later page.mouse.move calls start from it).
 */
/**
 * Starts the round in an embedded game's `frame` with a real click on the iframe's centre (the
 * first click takes pointer lock; in a playlist later ones find it held); resolves with the
 * mouse position once a round (not a finished one) runs under pointer lock.
 */
export async function clickToStartIn(page: Page, frame: Frame): Promise<MousePos> {
  await frame.getByTestId('start-instructions').waitFor({ timeout: 60_000 });
  const box = (await (await frame.frameElement()).boundingBox())!;
  const pos = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  await page.mouse.move(pos.x, pos.y);
  await page.mouse.down();
  await page.mouse.up();
  await frame.waitForFunction(() => {
    const d = (window as any).__aimDebug;
    return !!d && !d.finished() && d.tick() > 0 && document.pointerLockElement !== null;
  }, undefined, { timeout: 30_000 });
  return pos;
}

export async function clickToStart(page: Page, opts: { pointerLock?: boolean } = {}): Promise<MousePos> {
  await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
  const pos = { x: 640, y: 360 };
  await page.mouse.move(pos.x, pos.y);
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForFunction((lock) => {
    const d = (window as any).__aimDebug;
    return !!d && d.tick() > 0 && (!lock || document.pointerLockElement !== null);
  }, opts.pointerLock !== false, { timeout: 20_000 });
  return pos;
}

/** RGBA pixels of a screenshot of `clip` (CSS px of the page): what Chromium drew there, the
 * WebGL view included. Decoded in the page (an <img> of the PNG drawn onto a 2D canvas) and
 * brought back as base64 (a number array of a full 1280x720 view took seconds to serialise). */
export async function screenshotPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<{ width: number; height: number; data: Uint8Array }> {
  const png = await page.screenshot({ clip });
  const r = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const bytes = ctx.getImageData(0, 0, c.width, c.height).data;
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { width: c.width, height: c.height, rgba: btoa(bin) };
  }, png.toString('base64'));
  return { width: r.width, height: r.height, data: new Uint8Array(Buffer.from(r.rgba, 'base64')) };
}

/**
 * SQL select expression `accepted` over `performances p` (issue 38 item 1): 1 when the run was
 * accepted by verification: ranked, or held for review because the plausibility check found its
 * input no human's. The e2e tests drive the mouse with `page.mouse` / CDP, whose instant jumps a
 * human cannot make, so the server may rightly hold their runs; what they assert is that the run
 * verified and was stored once, not that a script's aim is ranked.
 */
export const ACCEPTED = "CASE WHEN p.ranked = 1 OR p.held = 'plausibility' THEN 1 ELSE 0 END AS accepted";

/** Writes a screenshot of `page` to `$SHOT_DIR/<name>.png` when SHOT_DIR is set (the tests'
 * screenshots to look at); does nothing otherwise. */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/${name}.png` });
}

/**
 * A JSON POST to `baseUrl + path` as the game's own page sends it (the write guard wants our
 * Origin), with `req`'s cookies; resolves with the answer's JSON.
 * @throws Error naming the path, status and body when the answer is not 2xx.
 */
export async function postAsPage(req: APIRequestContext, baseUrl: string, path: string, data: unknown): Promise<any> {
  const res = await req.post(`${baseUrl}${path}`, { data, headers: { origin: baseUrl, 'content-type': 'application/json' } });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/**
 * Installed before any page script (`page.addInitScript(timeScaleScript)`): a page clock that
 * can be slowed. `window.__setTimeScale(k)` makes performance.now(), event time stamps and
 * requestAnimationFrame's time run at k x real time from then on (k = 0.05: 20x slower), so
 * that short-lived pixels (pop-ups, muzzle flashes) stay on screen through a slow screenshot.
 */
export function timeScaleScript(): void {
  const realNow = performance.now.bind(performance);
  let anchorReal = realNow();
  let anchorVirt = anchorReal;
  let scale = 1;
  const map = (t: number): number => anchorVirt + (t - anchorReal) * scale;
  (window as any).__setTimeScale = (k: number) => {
    const r = realNow();
    anchorVirt = map(r);
    anchorReal = r;
    scale = k;
  };
  performance.now = () => map(realNow());
  const ts = Object.getOwnPropertyDescriptor(Event.prototype, 'timeStamp');
  if (ts?.get) {
    const get = ts.get;
    Object.defineProperty(Event.prototype, 'timeStamp', { configurable: true, get() { return map(get.call(this)); } });
  }
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb: FrameRequestCallback) => raf((t) => cb(map(t)));
}
