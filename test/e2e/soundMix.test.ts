/**
 * End to end (real headless Chromium, the real server on a real SQLite file, REAL mouse input
 * with page.mouse; `window.__aimDebug` is only read): the sound mix of issue 35 item 7 as a new
 * player hears it, from the sounds GameAudio started (`__aimDebug.sounds()`, each with its file,
 * start time and, for the loops, the time it was stopped):
 * - the countdown music starts with the countdown (the first fire input) and plays until the
 *   round starts, looped over the whole countdown;
 * - the spawn cue is on at the default settings: targets appearing play it, audibly;
 * - a hit plays the hit sound of the setting (the file of `audio.hitsound`).
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
