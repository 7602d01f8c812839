/**
 * Human plausibility before ranking (issue 38 item 1), on a real SQLite file through the real
 * routes and verification worker: a scripted bot's run (the "flicks onto each one"
 * script) is verified, stored, held with reason 'plausibility' and its reasons, kept off the
 * board; a synthetic human's run is ranked; `npm run admin -- review` lists the held run and
 * approves or rejects it.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import type { RunTicket } from '../../src/contracts/runTicket';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { simulateBotRun, simulateHumanRun, HUMAN_PRESETS, type SimulatedRun } from '../../src/sim/humanModel';
import { createVerifyPool } from '../../src/server/verifyPool';
import { Client, startTestServer, type TestServer } from './helpers';

const apkeyOf = (body: string, secret: string) => crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex');
const pool = createVerifyPool({ threads: 1 });
afterAll(() => pool.close());
let server: TestServer;
beforeEach(async () => { server = await startTestServer({ runs: { verifyPool: pool } }); });
afterEach(async () => { await server.close(); });

// drill 134 (Gridshot), played whole
const DRILL = 134;

async function play(client: Client, make: (seed: number) => SimulatedRun, drillId = DRILL) {
  const ticket = (await client.post('/api/v1/runs', { drill_id: drillId })).json() as RunTicket;
  const r = make(ticket.seed);
  const body = JSON.stringify({ gameData: r.gameData, bulletData: [], replay: r.replay, run_id: ticket.run_id });
  const res = await client.request({ method: 'POST', url: '/api/v1/performance', payload: body, headers: { 'content-type': 'application/json', apkey: apkeyOf(body, ticket.secret) } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; ranked: boolean };
}

const drill = DRILL_CATALOGUE.find((d) => Number(d.id) === DRILL)!;
const admin = (...args: string[]) => execFileSync('npx', ['tsx', 'scripts/admin.ts', ...args], {
  env: { ...process.env, DATABASE_FILE: server.databaseFile, DATABASE_URL: '' }, encoding: 'utf8',
});

test('a bot run is held for plausibility (not ranked, off the board); a human run is ranked; the operator reviews', async () => {
  const bot = new Client(server);
  const human = new Client(server);
  const botRun = await play(bot, (seed) => simulateBotRun(drill, { seed, kind: 'instant' }));
  const humanRun = await play(human, (seed) => simulateHumanRun(drill, { seed, skill: HUMAN_PRESETS.skilled }));
  expect(botRun.ranked).toBe(false);
  expect(humanRun.ranked).toBe(true);
  const rows = server.query<{ id: number; ranked: number; held: string | null; held_reasons: string | null; unranked_reason: string | null; verified: number }>(
    'SELECT p.id, p.ranked, p.held, p.held_reasons, p.unranked_reason, r.verified FROM performances p JOIN performance_replays r ON r.performance_id = p.id ORDER BY p.id');
  const b = rows.find((r) => r.id === botRun.id)!;
  const h = rows.find((r) => r.id === humanRun.id)!;
  // the bot's replay is genuine (it re-simulates to the same stats): verified, yet held
  expect(b).toMatchObject({ ranked: 0, held: 'plausibility', unranked_reason: 'held: plausibility', verified: 1 });
  const reasons = JSON.parse(b.held_reasons!) as Array<{ code: string; message: string }>;
  expect(reasons.length).toBeGreaterThan(0);
  expect(reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['teleport']));
  expect(h).toMatchObject({ ranked: 1, held: null, verified: 1 });
  // the boards and best scores read ranked runs only: the human's, although the bot scored more
  expect(server.query<{ n: number }>('SELECT COUNT(*) AS n FROM performances WHERE ranked = 1 AND game_id = ?', DRILL)[0].n).toBe(1);

  // the operator: list, reject, approve
  const list = admin('review');
  expect(list).toContain(`run ${botRun.id}`);
  expect(list).toContain(reasons[0].message);
  expect(list).not.toContain(`run ${humanRun.id} `);
  expect(admin('review', 'reject', String(botRun.id))).toContain('rejected');
  expect(admin('review')).toContain('No held runs waiting for review.');
  expect(admin('review', '--all')).toContain('rejected');
  expect(admin('review', 'approve', String(botRun.id))).toContain('approved');
  expect(server.query<{ ranked: number; held_review: string }>('SELECT ranked, held_review FROM performances WHERE id = ?', botRun.id)[0])
    .toEqual({ ranked: 1, held_review: 'approved' });
  expect(() => admin('review', 'approve', String(humanRun.id))).toThrow(/not held/);
}, 120_000);

// drill 229 (Switchtrack: slow targets, automatic rifle): the constant-speed bot's flicks,
// reactions and direction changes give the other features too little to judge; its input
// intervals on two exact values (its 1 ms clock and the tick) hold it ('input-clock')
test('a constant-speed bot on drill 229 is held for its input clock; a synthetic human run of 229 is ranked', async () => {
  const d229 = DRILL_CATALOGUE.find((d) => Number(d.id) === 229)!;
  const botRun = await play(new Client(server), (seed) => simulateBotRun(d229, { seed, kind: 'constant' }), 229);
  const humanRun = await play(new Client(server), (seed) => simulateHumanRun(d229, { seed, skill: HUMAN_PRESETS.average }), 229);
  const rows = server.query<{ id: number; ranked: number; held: string | null; held_reasons: string | null; verified: number }>(
    'SELECT p.id, p.ranked, p.held, p.held_reasons, r.verified FROM performances p JOIN performance_replays r ON r.performance_id = p.id ORDER BY p.id');
  const b = rows.find((r) => r.id === botRun.id)!;
  expect(b).toMatchObject({ ranked: 0, held: 'plausibility', verified: 1 });
  const reasons = JSON.parse(b.held_reasons!) as Array<{ code: string; message: string }>;
  expect(reasons.map((r) => r.code)).toContain('input-clock');
  expect(reasons.find((r) => r.code === 'input-clock')!.message).toMatch(/% of \d+ input intervals at two exact values \(at most 70 %\)/);
  expect(rows.find((r) => r.id === humanRun.id)).toMatchObject({ ranked: 1, held: null, verified: 1 });
  expect(botRun.ranked).toBe(false);
  expect(humanRun.ranked).toBe(true);
}, 240_000);
