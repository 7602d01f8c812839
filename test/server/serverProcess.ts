/**
 * The server as a child process (`node --import tsx src/server/main.ts`, what `npm run serve`
 * runs), for tests that need a real process: a crash, a drain, several processes sharing state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { httpTransport } from './runHelper';
import { freePort } from './pgCluster';

const ROOT = path.resolve(__dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts main.ts on `databaseFile` (rate limits and back-pressure off unless `env` sets
 * RATE_LIMITS / BACK_PRESSURE: a busy test machine lags the event loop past its bound) with `env`
 * added to this process's environment; resolves once /healthz answers (30 s at most, else
 * throws with the server's output). */
export async function startServerProcess(databaseFile: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_FILE: databaseFile, DIST_DIR: '/nonexistent-dist',
      LOG_LEVEL: 'warn', RATE_LIMITS: 'off', BACK_PRESSURE: 'off', COOKIE_SECRET: 'process-test', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const t = httpTransport(url, 1000);
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
      if ((await t.request({ method: 'GET', url: '/healthz' })).statusCode === 200) break;
      if (Date.now() > deadline) throw new Error(`the server did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    t.close();
  }
  return { child, port, url, output: () => out, exited };
}

