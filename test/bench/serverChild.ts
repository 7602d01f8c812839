/**
 * The server side of the `server` benchmark (test/bench/server.ts), in a process of its own so
 * that the load generator and the server do not share an event loop:
 * - our app (`buildApp`) on the SQLite file given as argv[2], rate limits on but far above the
 *   load (so their cost is measured, not their refusals), back-pressure on (defaults), no
 *   maxRequestsPerSocket (autocannon does not honour Connection: close);
 * - the reference: a bare Fastify instance with one route that parses a small JSON document and
 *   answers it (`GET /bare`), nothing else registered;
 * - a player with saved options, two crosshairs and three runs of drill 134.
 * Prints one JSON line `{ app, bare, cookie }` (base URLs; the player's cookie value) when
 * ready; exits on SIGTERM.
 */
import Fastify from 'fastify';
import { buildBrowserApp as buildApp } from '../server/helpers';
import { submission, b64 } from '../server/helpers';

const BARE_JSON = '{"hello":"world","n":1}';

async function main(): Promise<void> {
  const databaseFile = process.argv[2];
  const app = await buildApp({
    databaseFile,
    distDir: '/nonexistent-dist',
    logger: false,
    guestRetention: false,
    rateLimits: { playerAll: 1e9, playerWrites: 1e9, addressAll: 1e9, addressWrites: 1e9 },
    // autocannon keeps sending on a connection the server asked to close (Connection: close
    // after maxRequestsPerSocket), which Node answers 503: unlimited here, as for the reference
    connectionLimits: { maxRequestsPerSocket: 0 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => JSON.parse(BARE_JSON));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const first = await app.inject({ method: 'POST', url: '/api/v1/performance', payload: submission(134, { targets_destroyed: b64(20), hits: 20, shots: 25 }) });
  const cookie = first.cookies.find((c) => c.name === 'aim_session')!.value;
  const cookies = { aim_session: cookie };
  for (const n of [25, 31]) {
    await app.inject({ method: 'POST', url: '/api/v1/performance', cookies, payload: submission(134, { targets_destroyed: b64(n), hits: n, shots: n + 4 }) });
  }
  await app.inject({ method: 'POST', url: '/gameoptions/edit', cookies, payload: { controls: { mouse_sens: 1.7, fov: 95 }, game_options: { texture: { target_colour: '#00ff00' } } } });
  await app.inject({ method: 'POST', url: '/api/v2/user/crosshair', cookies, payload: { enabled: true, config: { crosshair: { len: 6 } } } });
  await app.inject({ method: 'POST', url: '/api/v2/user/hitmarker', cookies, payload: { enabled: true, config: { alpha: 200 } } });

  const addr = (s: typeof app.server) => {
    const a = s.address();
    return typeof a === 'object' && a ? `http://127.0.0.1:${a.port}` : '';
  };
  process.stdout.write(`${JSON.stringify({ app: addr(app.server), bare: addr(bare.server), cookie })}\n`);
  process.on('SIGTERM', () => {
    Promise.all([app.close(), bare.close()]).finally(() => process.exit(0));
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
