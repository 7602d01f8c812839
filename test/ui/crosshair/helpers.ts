/** Test helpers of the crosshair editor tests: a Response-like object, a fetch faking
 * GET/POST /api/v2/user/{type}, and a recording 2D canvas context for jsdom. */
import { defaultCrosshairConfig, type CrosshairSetting } from '../../../src/contracts/crosshair';

/** A Response-like object (jsdom has no Response). */
export function jsonResponse(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status < 300 ? 'OK' : 'Internal Server Error',
    json: async () => JSON.parse(text),
    text: async () => text,
  } as unknown as Response;
}

/** A fetch answering GET with `stored` and POST with `{ success, ...body }` (or `postStatus`). */
export function crosshairFetch(opts: { stored?: CrosshairSetting; getStatus?: number; postStatus?: number } = {}) {
  const stored = opts.stored ?? { enabled: false, config: defaultCrosshairConfig() };
  const posts: Array<{ url: string; body: CrosshairSetting }> = [];
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as CrosshairSetting;
      posts.push({ url, body });
      if (opts.postStatus && opts.postStatus >= 400) return jsonResponse({ error: 'boom' }, opts.postStatus);
      return jsonResponse({ success: true, ...body });
    }
    if (opts.getStatus && opts.getStatus >= 400) return jsonResponse({ error: 'boom' }, opts.getStatus);
    return jsonResponse(stored);
  });
  return { fn, posts };
}

/** One recorded canvas call: [method, fillStyle at the time, ...args]. */
export type CanvasCall = [string, string, ...unknown[]];

/** Replaces HTMLCanvasElement.prototype.getContext with one returning a recording context;
 * returns the calls of every context made (cleared by `reset`). */
export function mockCanvas() {
  const calls: CanvasCall[] = [];
  const spy = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function getContext() {
    let fillStyle = '';
    const rec = (name: string) => (...args: unknown[]) => { calls.push([name, fillStyle, ...args]); };
    return {
      save: rec('save'), restore: rec('restore'), translate: rec('translate'), rotate: rec('rotate'),
      setTransform: rec('setTransform'), clearRect: rec('clearRect'), beginPath: rec('beginPath'), arc: rec('arc'),
      stroke: rec('stroke'), fill: rec('fill'), fillRect: rec('fillRect'), roundRect: rec('roundRect'),
      get fillStyle() { return fillStyle; }, set fillStyle(v: string) { fillStyle = v; },
      strokeStyle: '', lineWidth: 1,
    } as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  return { calls, spy, reset: () => { calls.length = 0; } };
}
