/**
 * Bounded work (issue 14 item 5): body size limits (413), the JSON depth limit (400, quickly),
 * schema maxima and closed documents (400), rate limits per player and per address (429 with
 * Retry-After), back-pressure (503 with Retry-After), request / header timeouts and the
 * connection limit on a listening server. Every refusal is JSON `{ error }`.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { BODY_LIMITS, jsonDepthExceeds, MAX_JSON_DEPTH } from '../../src/server/limits';
import { Client, startTestServer, type TestServer } from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function expectJsonError(res: LightMyRequestResponse, status: number): void {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof res.json().error).toBe('string');
}

/** `depth` levels of `{"a":` ... `}` around 1. */
const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('jsonDepthExceeds', () => {
  test('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepthExceeds(nested(64), 64)).toBe(false);
    expect(jsonDepthExceeds(nested(65), 64)).toBe(true);
    expect(jsonDepthExceeds('['.repeat(65) + ']'.repeat(65), 64)).toBe(true);
    expect(jsonDepthExceeds(`{"s":"${'['.repeat(500)}"}`, 64)).toBe(false);
    expect(jsonDepthExceeds(`{"s":"\\"${'{'.repeat(500)}"}`, 64)).toBe(false); // escaped quote stays inside the string
    expect(jsonDepthExceeds(`[${'[1],'.repeat(10000)}[2]]`, 2)).toBe(false); // wide, not deep
  });

  // its time (goal: well under a second) is measured by `npm run bench -- json-depth`, not
  // here (issue 34 item 6: no timing checks in the unit suite)
  test('scans a 10 MB wide body to the end and finds it shallow', () => {
    const wide = `[${'{"a":[1,2,"x"]},'.repeat(600_000)}{}]`;
    expect(wide.length).toBeGreaterThan(9_000_000);
    expect(jsonDepthExceeds(wide, 64)).toBe(false);
    // the same body one level too deep at its very end: the scan reaches it
    expect(jsonDepthExceeds(`${wide.slice(0, -1)},${'['.repeat(64)}${']'.repeat(64)}]`, 64)).toBe(true);
  });
});

describe('body size and nesting', () => {
  beforeEach(async () => {
    server = await startTestServer({ rateLimits: false });
  });

  test.each([
    ['/gameoptions/edit', BODY_LIMITS.gameOptions],
    ['/api/v2/user/crosshair', BODY_LIMITS.crosshair],
    ['/api/v1/user/log-drill', BODY_LIMITS.logDrill],
    ['/api/v1/nope', BODY_LIMITS.default],
  ])('POST %s over its %d-byte limit is 413 JSON', async (url, limit) => {
    const body = JSON.stringify({ pad: 'x'.repeat(limit) });
    const res = await new Client(server!).postRaw(url, body);
    expectJsonError(res, 413);
  });

  test.each(['/gameoptions/edit', '/api/v2/user/crosshair', '/api/v1/user/log-drill', '/api/v1/performance'])(
    'POST %s with a 100-level nested body is 400 JSON, before any write',
    async (url) => {
      // (how fast the depth scan is: 'scans a 10 MB body in well under a second' above; a
      // wall-clock bound on a whole request only measured the machine's load)
      const c = new Client(server!);
      const res = await c.postRaw(url, nested(100));
      expectJsonError(res, 400);
      expect(res.json().error).toMatch(/nested too deeply/);
      expect(server!.query('select count(*) as n from users')).toEqual([{ n: 0 }]);
    },
  );

  test('a deep array inside the submission (deeper than the limit) is 400, not a 500 or a long block', async () => {
    const deep = `{"gameData":{},"bulletData":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await new Client(server!).postRaw('/api/v1/performance', deep);
    expectJsonError(res, 400);
    expect(res.json().error).toMatch(/nested too deeply/);
  });

  test(`a body at the depth limit (${MAX_JSON_DEPTH}) is parsed (then judged by its schema)`, async () => {
    const res = await new Client(server!).postRaw('/gameoptions/edit', nested(MAX_JSON_DEPTH));
    expectJsonError(res, 400);
    expect(res.json().error).not.toMatch(/nested too deeply/);
  });

  test('broken JSON, an empty JSON body and prototype poisoning are 400 JSON', async () => {
    const c = new Client(server!);
    expectJsonError(await c.postRaw('/gameoptions/edit', '{"controls":'), 400);
    expectJsonError(await c.postRaw('/gameoptions/edit', ''), 400);
    expectJsonError(await c.postRaw('/gameoptions/edit', '{"__proto__":{"x":1}}'), 400);
    expectJsonError(await c.postRaw('/gameoptions/edit', '{"constructor":{"prototype":{"x":1}}}'), 400);
  });
});

describe('schema maxima and closed documents', () => {
  beforeEach(async () => {
    server = await startTestServer({ rateLimits: false });
  });

  test.each([
    ['/gameoptions/edit', { controls: { mouse_sens: 1e300 } }],
    ['/gameoptions/edit', { controls: { mouse_dpi: -1e9 } }],
    ['/gameoptions/edit', { controls: { sens_profile_id: 2 ** 40 } }],
    ['/gameoptions/edit', { game_options: { audio: { volume: 5, extra: 1 } } }],
    ['/gameoptions/edit', { game_options: { control: { gamepad: { horizontal_sens: 1, more: true } } } }],
    ['/gameoptions/edit', { game_options: { control: { bindings: { fire: { key: 'mouse0', alt: null, pad: null, x: 1 } } } } }],
    ['/api/v2/user/crosshair', { enabled: true, config: { outline: 1e12 } }],
    ['/api/v2/user/crosshair', { enabled: true, config: { color: { r: 1, g: 2, b: 3, a: 4e9 } } }],
    ['/api/v1/user/log-drill', { agame_id: 2 ** 40 }],
    ['/api/v1/user/log-drill', { agame_id: 2 ** 31 }],
  ])('POST %s %j is 400 and stores nothing', async (url, body) => {
    const res = await new Client(server!).post(url, body);
    expectJsonError(res, 400);
    expect(server!.query('select count(*) as n from users')).toEqual([{ n: 0 }]);
  });

  test('an in-range value outside the setting range is still clamped, not refused', async () => {
    const res = await new Client(server!).post('/gameoptions/edit', { controls: { mouse_sens: 50 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().controls.mouse_sens).toBe(10);
  });

  test('a stored document with fields from before is read without them (and can be saved back)', async () => {
    const c = new Client(server!);
    await c.post('/gameoptions/edit', { controls: { mouse_sens: 2 } });
    server!.exec(
      "update game_options set game_options = ?, controls = ?",
      JSON.stringify({ audio: { volume: 7, old_field: 1 }, gone_group: { a: 1 } }),
      JSON.stringify({ mouse_sens: 2, legacy: true }),
    );
    const got = (await c.get('/gameoptions/edit')).json();
    expect(got.game_options.audio.volume).toBe(7);
    expect(got.game_options.audio.old_field).toBeUndefined();
    expect(got.game_options.gone_group).toBeUndefined();
    expect(got.controls.legacy).toBeUndefined();
    const back = await c.post('/gameoptions/edit', got);
    expect(back.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  const limits = { windowMs: 60_000, playerAll: 8, playerWrites: 3, addressAll: 20, addressWrites: 10 };

  test('a player gets 429 with Retry-After past their write limit; reads and other players go on', async () => {
    server = await startTestServer({ rateLimits: limits });
    const a = new Client(server);
    for (let i = 0; i < limits.playerWrites + 1; i++) {
      // the first write is cookieless (counted per address only), then three as the player
      expect((await a.post('/api/v2/user/crosshair', { enabled: true, config: {} })).statusCode).toBe(200);
    }
    const refused = await a.post('/api/v2/user/crosshair', { enabled: true, config: {} });
    expectJsonError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await a.get('/api/v2/user/crosshair')).statusCode).toBe(200); // reads still allowed
    const b = new Client(server);
    expect((await b.post('/api/v2/user/crosshair', { enabled: true, config: {} })).statusCode).toBe(200);
  });

  test('a player gets 429 past their request limit', async () => {
    server = await startTestServer({ rateLimits: limits });
    const a = new Client(server);
    await a.post('/api/v1/user/log-drill', { agame_id: 134 });
    const codes: number[] = [];
    for (let i = 0; i < limits.playerAll + 2; i++) codes.push((await a.get('/api/v1/gameconfig/134')).statusCode);
    expect(codes.slice(0, limits.playerAll)).toEqual(Array(limits.playerAll).fill(200));
    expect(codes.slice(limits.playerAll)).toEqual([429, 429]);
  });

  test('an address gets 429 past its limit, cookies or not', async () => {
    server = await startTestServer({ rateLimits: limits });
    const codes: number[] = [];
    for (let i = 0; i < limits.addressAll + 1; i++) codes.push((await new Client(server).get('/api/v1/drills')).statusCode);
    expect(codes.slice(0, limits.addressAll)).toEqual(Array(limits.addressAll).fill(200));
    const last = await new Client(server).get('/api/v1/gameconfig/134');
    expectJsonError(last, 429);
    expect(codes[limits.addressAll]).toBe(429);
    // other addresses are not affected; the probes are never limited
    const other = await server.app.inject({ method: 'GET', url: '/api/v1/drills', remoteAddress: '10.1.2.3' });
    expect(other.statusCode).toBe(200);
    expect((await new Client(server).get('/healthz')).statusCode).toBe(200);
    expect((await new Client(server).get('/readyz')).statusCode).toBe(200);
  });

  test('IPv6 addresses count by their /64', async () => {
    server = await startTestServer({ rateLimits: limits });
    const get = (ip: string) => server!.app.inject({ method: 'GET', url: '/api/v1/drills', remoteAddress: ip });
    for (let i = 0; i < limits.addressAll; i++) expect((await get(`2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(200);
    expect((await get('2001:db8:1:2:ffff::1')).statusCode).toBe(429); // same /64
    expect((await get('2001:db8:1:3::1')).statusCode).toBe(200); // another /64
  });

  test('cookieless writes from one address are limited (guests cannot be minted without bound)', async () => {
    server = await startTestServer({ rateLimits: limits });
    const codes: number[] = [];
    for (let i = 0; i < limits.addressWrites + 1; i++) {
      codes.push((await new Client(server).post('/api/v1/user/log-drill', { agame_id: 134 })).statusCode);
    }
    expect(codes.slice(0, limits.addressWrites)).toEqual(Array(limits.addressWrites).fill(200));
    expect(codes[limits.addressWrites]).toBe(429);
    expect(server.query('select count(*) as n from users')).toEqual([{ n: limits.addressWrites }]);
  });
});

describe('back-pressure', () => {
  test('over the heap threshold every route but the probes answers 503 JSON with Retry-After', async () => {
    server = await startTestServer({ rateLimits: false, pressure: { maxHeapUsedBytes: 1, sampleIntervalMs: 20, retryAfterS: 7 } });
    await server.app.ready();
    await new Promise((r) => setTimeout(r, 100));
    const c = new Client(server);
    for (const url of ['/api/v1/gameconfig/134', '/api/v1/drills', '/gameoptions/edit']) {
      const res = await c.get(url);
      expectJsonError(res, 503);
      expect(res.headers['retry-after']).toBe('7');
    }
    expectJsonError(await c.post('/api/v1/user/log-drill', { agame_id: 134 }), 503);
    expect((await c.get('/healthz')).statusCode).toBe(200);
    expect(server.query('select count(*) as n from users')).toEqual([{ n: 0 }]);
  });

  test('a blocked event loop gives 503 until it recovers', async () => {
    server = await startTestServer({ rateLimits: false, pressure: { maxEventLoopDelayMs: 20, sampleIntervalMs: 250 } });
    const c = new Client(server);
    expect((await c.get('/api/v1/drills')).statusCode).toBe(200);
    const until = Date.now() + 600;
    while (Date.now() < until) { /* block the loop */ }
    // the overdue sample runs first and sees the delay; the next one is 250 ms later
    await new Promise((r) => setTimeout(r, 20));
    expectJsonError(await c.get('/api/v1/drills'), 503);
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      await new Promise((r) => setTimeout(r, 50));
      recovered = (await c.get('/api/v1/drills')).statusCode === 200;
    }
    expect(recovered).toBe(true);
  });
});

describe('connections (a listening server)', () => {
  const listen = async (connectionLimits: Record<string, number>) => {
    server = await startTestServer({ rateLimits: false, connectionLimits });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    return (server.app.server.address() as AddressInfo).port;
  };

  /** Opens a socket, writes `data`, resolves what the server sent before closing it (or '' on timeout). */
  const rawExchange = (port: number, data: string, waitMs: number) =>
    new Promise<{ text: string; closed: boolean; ms: number }>((resolve) => {
      const t0 = Date.now();
      const s = net.connect(port, '127.0.0.1');
      let text = '';
      const timer = setTimeout(() => {
        s.destroy();
        resolve({ text, closed: false, ms: Date.now() - t0 });
      }, waitMs);
      s.on('data', (d) => (text += d.toString()));
      s.on('close', () => {
        clearTimeout(timer);
        resolve({ text, closed: true, ms: Date.now() - t0 });
      });
      s.on('error', () => undefined);
      s.write(data);
    });

  test('headers that never finish are cut at the headers timeout (408)', async () => {
    const port = await listen({ headersTimeoutMs: 300, requestTimeoutMs: 600, connectionsCheckingIntervalMs: 100 });
    const r = await rawExchange(port, 'GET /api/v1/drills HTTP/1.1\r\nHost: x\r\n', 5000);
    expect(r.closed).toBe(true);
    expect(r.text).toMatch(/^HTTP\/1\.1 408/);
    expect(r.ms).toBeLessThan(3000);
  });

  test('a body that never finishes is cut at the request timeout (408)', async () => {
    const port = await listen({ headersTimeoutMs: 300, requestTimeoutMs: 600, connectionsCheckingIntervalMs: 100 });
    const r = await rawExchange(
      port,
      'POST /gameoptions/edit HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"controls":',
      5000,
    );
    expect(r.closed).toBe(true);
    expect(r.text).toMatch(/^HTTP\/1\.1 408/);
    expect(r.ms).toBeLessThan(3000);
  });

  test('connections past maxConnections are refused; the server keeps serving the others', async () => {
    const port = await listen({ maxConnections: 2 });
    const held = [net.connect(port, '127.0.0.1'), net.connect(port, '127.0.0.1')];
    await Promise.all(held.map((s) => new Promise((r) => s.once('connect', r))));
    await new Promise((r) => setTimeout(r, 100));
    const third = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 2000);
    expect(third.closed).toBe(true);
    expect(third.text).toBe('');
    held[0].write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      held[0].on('data', (d) => (text += d.toString()));
      held[0].on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    held[1].destroy();
  });
});
