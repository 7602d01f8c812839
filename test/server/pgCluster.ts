/**
 * A throwaway PostgreSQL cluster for the tests that must stop and start the database (the
 * restart-under-load test): `initdb` into a temp dir, `pg_ctl start` on a free port on
 * 127.0.0.1, trust authentication. Needs the PostgreSQL server binaries
 * (/usr/lib/postgresql/<version>/bin, Debian's `postgresql` package; .ci/run installs them);
 * as root the cluster runs as the `postgres` user (initdb refuses root), like .ci/run's
 * start_postgres. `findPgBin()` is null when there are none: callers skip with a message.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest /usr/lib/postgresql/<v>/bin holding initdb and pg_ctl, or null. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  let versions: string[];
  try {
    versions = fs.readdirSync(root);
  } catch {
    return null;
  }
  const bins = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(root, v, 'bin'))
    .filter((b) => fs.existsSync(path.join(b, 'initdb')) && fs.existsSync(path.join(b, 'pg_ctl')));
  return bins[0] ?? null;
}

/** Why the cluster cannot run here (null when it can). */
export function pgClusterUnavailable(): string | null {
  if (!findPgBin()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)';
  if (process.getuid?.() === 0) {
    try {
      fs.accessSync('/usr/sbin/runuser');
    } catch {
      return 'running as root without runuser';
    }
  }
  return null;
}

/** A free TCP port on 127.0.0.1 (bound once and released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop`: 'fast' (clean) or 'immediate' (like a crash: recovery on the next start) */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections */
  start(): Promise<void>;
  /** stops it (if running) and deletes its files */
  destroy(): Promise<void>;
}

/** initdb + start. Throws if it cannot (check `pgClusterUnavailable()` first). */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-pgc-'));
  const data = path.join(dir, 'data');
  if (asRoot) await run('chown', ['postgres', dir]);
  const as = (cmd: string, args: string[]) =>
    asRoot ? run('/usr/sbin/runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]) : run(path.join(bin, cmd), args);
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  let running = false;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await as('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-o', opts, 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await as('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
