/**
 * Rate limits shared by every server process (issue 38 item 5): two real server processes
 * (`src/server/main.ts`) name one real Redis (Debian's redis-server, started here on a free
 * port; `.ci/run` installs it) in REDIS_URL, and enforce ONE limit: requests counted by one
 * process are refused by the other. A Redis that goes away lets requests through (logged), and
 * the server keeps serving. Also RATE_LIMITS' `field=count` form (rateLimitsFromEnv).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rateLimitsFromEnv } from '../../src/server/limits';
import { freePort } from './pgCluster';
import { httpTransport } from './runHelper';
import { startServerProcess, type ServerProcess } from './serverProcess';

jest.setTimeout(120_000);

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p))
  ?? (spawnSync('sh', ['-c', 'command -v redis-server']).stdout?.toString().trim() || null);

test('RATE_LIMITS: unset is the defaults, off is none, field=count pairs replace limits, anything else names its part', () => {
  expect(rateLimitsFromEnv(undefined)).toBeUndefined();
  expect(rateLimitsFromEnv(' ')).toBeUndefined();
  expect(rateLimitsFromEnv('off')).toBe(false);
  expect(rateLimitsFromEnv('addressAll=20, windowMs=10000')).toEqual({ addressAll: 20, windowMs: 10_000 });
  expect(() => rateLimitsFromEnv('adressAll=20')).toThrow('RATE_LIMITS: unknown limit "adressAll"');
  expect(() => rateLimitsFromEnv('addressAll=0')).toThrow('RATE_LIMITS: "addressAll=0" needs a whole number >= 1');
  expect(() => rateLimitsFromEnv('addressAll=lots')).toThrow('needs a whole number');
});

const describeRedis = REDIS_SERVER ? describe : describe.skip;
if (!REDIS_SERVER) console.warn('redis-server not found: the shared rate-limit test is skipped (apt-get install redis-server)');

describeRedis('two server processes and one Redis', () => {
  let dir: string;
  let redis: ChildProcess | undefined;
  let redisPort = 0;
  const procs: ServerProcess[] = [];

  async function startRedis(): Promise<void> {
    redisPort = await freePort();
    redis = spawn(REDIS_SERVER!, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    redis.stdout!.on('data', (d) => (out += d));
    const deadline = Date.now() + 20_000;
    while (!out.includes('Ready to accept connections')) {
      if (redis.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-redis-'));
    await startRedis();
    const env = { REDIS_URL: `redis://127.0.0.1:${redisPort}`, RATE_LIMITS: 'addressAll=12,addressWrites=12,windowMs=60000' };
    // each process has its own database: the limit, not the data, is what they share
    const [a, b] = await Promise.all([startServerProcess(path.join(dir, 'a.sqlite'), env), startServerProcess(path.join(dir, 'b.sqlite'), env)]);
    procs.push(a, b);
  });
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) { p.child.kill('SIGKILL'); await p.exited; }
    if (redis && redis.exitCode === null) redis.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = async (p: ServerProcess): Promise<number> => {
    const t = httpTransport(p.url, 10_000);
    try {
      return (await t.request({ method: 'GET', url: '/api/v1/user/me' })).statusCode;
    } finally {
      t.close();
    }
  };

  test('what one process counted, the other refuses: one limit of 12 for both', async () => {
    const [a, b] = procs;
    const fromA: number[] = [];
    for (let i = 0; i < 12; i++) fromA.push(await get(a));
    expect(fromA).toEqual(Array(12).fill(200));
    // process B has served nothing itself; the shared counter is at its limit
    expect(await get(b)).toBe(429);
    expect(await get(a)).toBe(429);
  });

  test('Redis gone: requests pass (the limit fails open, logged) and the servers keep serving', async () => {
    const [a, b] = procs;
    redis!.kill('SIGKILL');
    await new Promise((r) => redis!.once('exit', r));
    expect(await get(a)).toBe(200);
    expect(await get(b)).toBe(200);
    expect(a.output()).toMatch(/Redis is unreachable/);
  });
});
