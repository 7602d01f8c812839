/**
 * The server as a process (`node --import tsx src/server/main.ts`, what `npm run serve` runs) on
 * a SQLite file:
 * - SIGKILL during a burst of run submissions: every run the server acknowledged (2xx) is in the
 *   database afterwards, exactly as acknowledged (SQLite WAL + synchronous=FULL);
 * - SIGTERM with a request in flight: the server stops accepting connections, finishes that
 *   request, closes the database and exits 0.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { httpTransport, postAcceptedRun, type RunPlayer } from './runHelper';
import { startServerProcess, type ServerProcess } from './serverProcess';

jest.setTimeout(60_000);

let dir: string;
let proc: ServerProcess | undefined;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-proc-'));
});
afterEach(async () => {
  if (proc && proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill('SIGKILL');
    await proc.exited;
  }
  proc = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

test('SIGKILL during a burst of submissions: every acknowledged run is stored', async () => {
  const databaseFile = path.join(dir, 'crash.sqlite');
  proc = await startServerProcess(databaseFile);
  const transport = httpTransport(proc.url, 5000);
  const players: RunPlayer[] = Array.from({ length: 8 }, () => ({}));
  const acked: { id: number; targets: number }[] = [];
  let sent = 0;
  let failed = 0;
  let killed = false;

  const worker = async (p: number) => {
    for (;;) {
      const targets = (sent++ % 90) + 1;
      const r = await postAcceptedRun(transport, players[p], { targets });
      if (r.statusCode >= 200 && r.statusCode < 300) acked.push({ id: r.id!, targets });
      else if (r.statusCode === 0) {
        failed++;
        if (killed) return; // the server is gone
      } else throw new Error(`unexpected ${r.statusCode} ${JSON.stringify(r.json)}`);
    }
  };
  const workers = players.map((_, p) => worker(p));
  while (acked.length < 150) await new Promise((r) => setTimeout(r, 10));
  proc.child.kill('SIGKILL'); // mid-burst: requests are in flight
  killed = true;
  expect((await proc.exited).signal).toBe('SIGKILL');
  await Promise.all(workers);
  transport.close();
  expect(failed).toBeGreaterThan(0); // the burst was cut, not finished

  const db = new Database(databaseFile); // opening recovers the WAL, as a restarted server would
  try {
    const ids = acked.map((a) => a.id);
    const rows = db.prepare(`select id, targets_destroyed from performances where id in (${ids.map(() => '?').join(',')})`).all(...ids) as {
      id: number; targets_destroyed: number;
    }[];
    const stored = new Map(rows.map((r) => [r.id, r.targets_destroyed]));
    expect(acked.filter((a) => stored.get(a.id) !== a.targets)).toEqual([]);
    const total = (db.prepare('select count(*) as n from performances').get() as { n: number }).n;
    expect(total).toBeGreaterThanOrEqual(acked.length);
    console.log(`process: ${acked.length} runs acknowledged before SIGKILL, ${total} stored, ${failed} requests cut`);
  } finally {
    db.close();
  }
});

test('SIGTERM drains the request in flight, refuses new connections, exits 0', async () => {
  proc = await startServerProcess(path.join(dir, 'drain.sqlite'));
  // a request in flight: headers and half of the body sent
  const body = JSON.stringify({ controls: { mouse_sens: 2.5 } });
  const sock = net.connect(proc.port, '127.0.0.1');
  await new Promise((r) => sock.once('connect', r));
  let answer = '';
  sock.on('data', (d) => (answer += d.toString()));
  const sockClosed = new Promise((r) => sock.once('close', r));
  sock.write(`POST /gameoptions/edit HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
  sock.write(body.slice(0, 10));
  await new Promise((r) => setTimeout(r, 200));

  proc.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  expect(proc.child.exitCode).toBeNull(); // still draining
  const refused = await new Promise<boolean>((resolve) => {
    const s = net.connect(proc!.port, '127.0.0.1');
    s.once('error', () => resolve(true));
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
  });
  expect(refused).toBe(true);

  sock.write(body.slice(10));
  await sockClosed;
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(answer).toContain('"mouse_sens":2.5');
  const { code } = await proc.exited;
  expect(code).toBe(0);
});
