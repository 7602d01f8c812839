/**
 * End to end (real headless Chromium, the real server on a real SQLite file, REAL mouse input
 * with page.mouse; `window.__aimDebug` is only read): the sound mix of issue 35 item 7 as a new
 * player hears it, from the sounds GameAudio started (`__aimDebug.sounds()`, each with its file,
 * start time and, for the loops, the time it was stopped):
 * - the countdown music starts with the countdown (the first fire input) and plays until the
 *   round starts, looped over the whole countdown;
 * - the spawn cue is on at the default settings: targets appearing play it, audibly;
 * - a hit plays the hit sound of the setting (the file of `audio.hitsound`);
 * - N shots give N gun sounds on a slow page: every animation frame is held 200 ms by a busy
 *   loop (5 frames a second), and 10 real clicks 120 ms apart arrive, several within one frame
 *   (their event time stamps place each shot at its own tick): 10 shots, 10 gun sounds, each at
 *   its shot's time, none dropped or stacked by the sound queue.
 */
import type { Page } from 'playwright-core';
import { clickToStart, newPage, pageErrors, readAimDebug, saveSettings, useE2eSuite, waitForNextTick, type AimDebugState, type MousePos } from './harness';

jest.setTimeout(180_000);

const suite = useE2eSuite();

type Played = { name: string; url: string; at: number; audible: boolean; kill?: 'kill' | 'crit'; endedAt?: number };
const sounds = (page: Page): Promise<Played[]> => page.evaluate(() => (window as any).__aimDebug.sounds());

/** Installed before any page script: each animation frame notes (performance.now() ms) when the
 * countdown overlay was first and last on screen and the first frame without it after that. */
function countdownWatchScript(): void {
  const w = window as any;
  w.__countdown = { first: null as number | null, last: null as number | null, gone: null as number | null };
  const frame = (): void => {
    const c = w.__countdown;
    const now = performance.now();
    if (document.querySelector('[data-testid="countdown"]')) {
      if (c.first === null) c.first = now;
      c.last = now;
    } else if (c.first !== null && c.gone === null) c.gone = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Installed before any page script: while `window.__frameHoldMs` > 0, each animation frame
 * is followed by a task that busy-waits that long (a slow page, as a long render is: the clicks
 * of that time queue with their time stamps and reach the game on its next frame, which then
 * carries several ticks and several clicks); each frame also notes the shot counter's rise
 * since the frame before in `window.__shotsPerFrame`. */
function slowFramesScript(): void {
  const w = window as any;
  w.__frameHoldMs = 0;
  w.__shotsPerFrame = [] as number[];
  w.__downs = [] as number[]; // mousedown time stamps, for a failure's log
  window.addEventListener('mousedown', (e) => { w.__downs.push(Math.round(e.timeStamp)); }, true);
  let lastFrame = -1;
  let lastShots = 0;
  const hold = new MessageChannel();
  hold.port1.onmessage = () => {
    const end = performance.now() + w.__frameHoldMs;
    while (performance.now() < end) { /* a slow frame */ }
  };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb: FrameRequestCallback) => raf((t) => {
    if (t !== lastFrame) {
      lastFrame = t;
      const shots = w.__aimDebug?.counters?.().shots ?? 0;
      if (w.__frameHoldMs > 0) {
        w.__shotsPerFrame.push(shots - lastShots);
        hold.port2.postMessage(0); // after this frame's callbacks and drawing
      }
      lastShots = shots;
    }
    cb(t);
  });
}

/** Turns the aim (real mouse counts) onto the centre of target `t` and waits two ticks. */
async function aimAt(page: Page, mouse: MousePos, s: AimDebugState, t: AimDebugState['targets'][number]): Promise<void> {
  mouse.x += Math.round((t.yaw - s.aim.yaw) / s.dpc.x);
  mouse.y += Math.round((t.pitch - s.aim.pitch) / s.dpc.y);
  await page.mouse.move(mouse.x, mouse.y, { steps: 1 });
  await waitForNextTick(page);
  await waitForNextTick(page);
}

test('default settings: countdown music over the whole countdown, an audible spawn cue as targets appear; a hit plays the chosen hit sound', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  // the hit sound "thud" (the spawn cue and music stay at their defaults)
  await saveSettings(context, suite.server.baseUrl, (s) => { s.game_options.audio.hitsound = 'thud'; });
  await page.addInitScript(countdownWatchScript);
  await page.goto(`${suite.server.baseUrl}/?id=134`);
  const mouse = await clickToStart(page);
  await page.waitForFunction(() => (window as any).__countdown.gone !== null, undefined, { timeout: 20_000 });
  const cd = await page.evaluate(() => (window as any).__countdown as { first: number; last: number; gone: number });

  // the countdown music: one loop, started with the countdown (the fire input shows the
  // countdown on the next frames), stopped when the round starts, not before
  await page.waitForFunction(() => (window as any).__aimDebug.sounds().some((p: Played) => p.name === 'countdown' && p.endedAt !== undefined), undefined, { timeout: 20_000 });
  let played = await sounds(page);
  const music = played.filter((p) => p.name === 'countdown');
  expect(music).toHaveLength(1);
  expect(music[0].url).toBe('/assets/sounds/countdown.ogg');
  expect(music[0].at).toBeLessThanOrEqual(cd.first + 50);
  expect(music[0].endedAt!).toBeGreaterThanOrEqual(cd.last);
  expect(music[0].endedAt! - cd.gone).toBeLessThan(1000);

  // the spawn cue: the round's first targets appear with it, audible (spawn 3 by default)
  await page.waitForFunction(() => (window as any).__aimDebug.sounds().some((p: Played) => p.name === 'spawn'), undefined, { timeout: 20_000 });
  played = await sounds(page);
  const spawns = played.filter((p) => p.name === 'spawn');
  expect(spawns[0]).toMatchObject({ url: '/assets/sounds/spawn.ogg', audible: true });
  expect(spawns[0].at).toBeGreaterThanOrEqual(music[0].endedAt! - 50);

  // a hit plays the hit sound of the setting (a kill: the same file, as the kill cue)
  const before = (await readAimDebug(page)).targets.length;
  expect(before).toBeGreaterThan(0);
  for (let i = 0; i < 5; i++) {
    const s = await readAimDebug(page);
    const off = (t: { yaw: number; pitch: number }): number => Math.hypot(t.yaw - s.aim.yaw, t.pitch - s.aim.pitch);
    const t = s.targets.reduce((b, c) => (off(c) < off(b) ? c : b));
    await aimAt(page, mouse, s, t);
    const shots = await page.evaluate(() => (window as any).__aimDebug.counters().shots as number);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction((n) => (window as any).__aimDebug.counters().shots > n, shots, { timeout: 10_000 });
    if ((await page.evaluate(() => (window as any).__aimDebug.counters().hits as number)) > 0) break;
  }
  await page.waitForFunction(() => (window as any).__aimDebug.sounds().some((p: Played) => p.name === 'hit'), undefined, { timeout: 10_000 });
  const hits = (await sounds(page)).filter((p) => p.name === 'hit');
  for (const h of hits) expect(h).toMatchObject({ url: '/assets/sounds/hitsound/thud.ogg', audible: true });
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('N shots give N gun sounds on a slow page (5 frames a second, several clicks a frame)', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.addInitScript(slowFramesScript);
  await page.goto(`${suite.server.baseUrl}/?id=134`);
  await clickToStart(page);
  await page.waitForFunction(() => (window as any).__aimDebug.targets().length > 0, undefined, { timeout: 20_000 });
  const shots0 = await page.evaluate(() => (window as any).__aimDebug.counters().shots as number);
  const guns0 = (await sounds(page)).filter((p) => p.name === 'gun').length;
  await page.evaluate(() => { (window as any).__frameHoldMs = 200; });
  // the clicks go out through CDP without waiting for the busy page to take each one (page.mouse
  // would wait), 120 ms apart (the drill's weapon fires up to 20 a second), each stamped with the
  // time it was sent (as a mouse's report is; unstamped, Chromium stamps them when the held
  // page takes them, all at once): they queue while a frame is held
  const cdp = await context.newCDPSession(page);
  const N = 10;
  const sent: Array<Promise<unknown>> = [];
  for (let i = 0; i < N; i++) {
    sent.push(cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: 640, y: 360, button: 'left', clickCount: 1, timestamp: Date.now() / 1000 }));
    await new Promise((r) => setTimeout(r, 10));
    sent.push(cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: 640, y: 360, button: 'left', clickCount: 1, timestamp: Date.now() / 1000 }));
    await new Promise((r) => setTimeout(r, 110));
  }
  await Promise.all(sent);
  await page.waitForFunction((n) => (window as any).__aimDebug.counters().shots >= n, shots0 + N, { timeout: 20_000 }).catch(async (e) => {
    console.log(JSON.stringify(await page.evaluate(() => ({ c: (window as any).__aimDebug.counters(), f: (window as any).__shotsPerFrame, d: (window as any).__downs }))), shots0);
    throw e;
  });
  const perFrame = await page.evaluate(() => { (window as any).__frameHoldMs = 0; return (window as any).__shotsPerFrame as number[]; });
  const shots = (await page.evaluate(() => (window as any).__aimDebug.counters().shots as number)) - shots0;
  expect(shots).toBe(N);
  // the page was slow: some frame carried two shots or more
  expect(Math.max(...perFrame)).toBeGreaterThanOrEqual(2);
  await waitForNextTick(page);
  const guns = (await sounds(page)).filter((p) => p.name === 'gun').slice(guns0);
  expect(guns).toHaveLength(N);
  for (const g of guns) expect(g.audible).toBe(true);
  // each near its own shot's time (the clicks were 120 ms apart): spread over the clicks' span,
  // never stacked (the sound queue keeps a gun sound 50 ms after the one before at least)
  const gaps = guns.slice(1).map((g, i) => Math.round(g.at - guns[i].at));
  console.log(`gun sound gaps (ms): ${gaps.join(', ')}; shots per held frame: ${perFrame.filter((n) => n > 0).join(', ')}`);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(49);
  expect(guns[N - 1].at - guns[0].at).toBeGreaterThan(0.6 * (N - 1) * 120);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
