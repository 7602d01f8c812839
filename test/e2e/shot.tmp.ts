// temporary screenshot script (deleted before commit)
import { startServer, launchBrowser, newPage, clickToStart, readAimDebug } from './harness';

const slow = Number(process.env.SLOW ?? '1');
const variants: Array<{ name: string; visual?: any; video?: any; controls?: any }> = JSON.parse(process.env.VARIANTS ?? '[]');
const shotsAt: number[] = JSON.parse(process.env.AT ?? '[50, 300]');
const drill = Number(process.env.DRILL ?? '2033');

(async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const v of variants) {
      const { context, page, errors } = await newPage(browser);
      if (slow !== 1) {
        await page.addInitScript((k: number) => {
          const orig = performance.now.bind(performance);
          const t0 = orig();
          (performance as any).now = () => t0 + (orig() - t0) * k;
          const d = Object.getOwnPropertyDescriptor(Event.prototype, 'timeStamp')!;
          Object.defineProperty(Event.prototype, 'timeStamp', { get() { return t0 + (d.get!.call(this) - t0) * k; } });
          const raf = window.requestAnimationFrame.bind(window);
          (window as any).requestAnimationFrame = (cb: FrameRequestCallback) => raf((t) => cb(t0 + (t - t0) * k));
        }, slow);
      }
      const cur = await (await context.request.get(`${server.baseUrl}/gameoptions/edit`)).json();
      const go = cur.game_options;
      Object.assign(go.visual, v.visual ?? {});
      Object.assign(go.video, v.video ?? {});
      await context.request.post(`${server.baseUrl}/gameoptions/edit`, { data: { game_options: go, controls: { ...cur.controls, mouse_sens: 4, ...(v.controls ?? {}) } } });
      await page.goto(`${server.baseUrl}/?id=${drill}`);
      const mouse = await clickToStart(page);
      await page.waitForTimeout(600);
      const s = await readAimDebug(page);
      const off = (t: { yaw: number; pitch: number }) => Math.hypot(t.yaw - s.aim.yaw, t.pitch - s.aim.pitch);
      const t = process.env.PITCH ? { yaw: s.aim.yaw, pitch: Number(process.env.PITCH) } : s.targets.reduce((b, c) => (off(c) < off(b) ? c : b));
      mouse.x += Math.round((t.yaw - s.aim.yaw) / s.dpc.x);
      mouse.y += Math.round((t.pitch - s.aim.pitch) / s.dpc.y);
      await page.mouse.move(mouse.x, mouse.y, { steps: 3 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/vfx-${v.name}-pre.png` });
      await page.mouse.down();
      await page.mouse.up();
      const t0 = Date.now();
      for (const at of shotsAt) {
        const wait = at - (Date.now() - t0);
        if (wait > 0) await page.waitForTimeout(wait);
        await page.screenshot({ path: `/tmp/vfx-${v.name}-${at}.png` });
        const fx = await page.evaluate(() => (window as any).__aimDebug?.effects?.());
        console.log(v.name, at, Date.now() - t0, JSON.stringify(fx));
      }
      console.log(v.name, 'errors', errors.slice(0, 5));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
})();
