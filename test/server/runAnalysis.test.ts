/**
 * Issue 37 items 1 and 4 on a real SQLite file through the real routes and verification worker:
 * the server derives the run analysis from the verified replay and stores it (run_analyses); the
 * summary serves the server's figures, not a submission's edited `bulletData` / `shot_offsets` /
 * `fitts_segments`; the server's figures equal the preview computed from the same replay
 * (src/analysis/preview.ts); the weakness map aggregates the stored flicks of the last N runs.
 */
import crypto from 'node:crypto';
import type { RunTicket } from '../../src/contracts/runTicket';
import type { RunSummary } from '../../src/contracts/performance';
import { weaknessMapSchema, type StoredFlick, type StoredRunAnalysis, type WeaknessMap } from '../../src/contracts/analysis';
import { replayInputLog } from '../../src/contracts/performance';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { simulateHumanRun, HUMAN_PRESETS, catalogueDrillConfig, type SimulatedRun } from '../../src/sim/humanModel';
import { previewAnalysis } from '../../src/analysis/preview';
import { gateFigures, shotMapOf, weaknessMap } from '../../src/analysis/summary';
import { createVerifyPool } from '../../src/server/verifyPool';
import { SHOT_MAP_MAX_POINTS } from '../../src/server/runReport';
import { Client, schemaErrors, startTestServer, type TestServer } from './helpers';

const apkeyOf = (body: string, secret: string) => crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex');
const pool = createVerifyPool({ threads: 1 });
afterAll(() => pool.close());
let server: TestServer;
beforeEach(async () => { server = await startTestServer({ runs: { verifyPool: pool } }); });
afterEach(async () => { await server.close(); });

const DRILL = 134; // Gridshot
const drill = DRILL_CATALOGUE.find((d) => Number(d.id) === DRILL)!;

/** Plays an honest synthetic human run with the ticket's seed and submits it with `edit` applied
 * to the body; returns the stored summary and the run. */
async function play(client: Client, edit: (body: Record<string, unknown>, r: SimulatedRun) => void = () => undefined) {
  const ticket = (await client.post('/api/v1/runs', { drill_id: DRILL })).json() as RunTicket;
  const r = simulateHumanRun(drill, { seed: ticket.seed, skill: HUMAN_PRESETS.skilled });
  const obj: Record<string, unknown> = { gameData: { ...r.gameData }, bulletData: r.bulletData, replay: r.replay, run_id: ticket.run_id };
  edit(obj, r);
  const body = JSON.stringify(obj);
  const res = await client.request({ method: 'POST', url: '/api/v1/performance', payload: body, headers: { 'content-type': 'application/json', apkey: apkeyOf(body, ticket.secret) } });
  expect(res.statusCode).toBe(201);
  return { summary: res.json() as RunSummary, run: r };
}

/** The preview a page computes from the same replay. */
function preview(r: SimulatedRun): StoredRunAnalysis {
  const replay = r.replay;
  return previewAnalysis({ drill: catalogueDrillConfig(drill), seed: replay.seed, settings: replay.settings, despawnAnimationMs: replay.despawn_ms }, replayInputLog(replay));
}

test('a ranked run shows the server\'s analysis, not the edited bulletData / shot_offsets / fitts_segments; it equals the preview', async () => {
  const client = new Client(server);
  const { summary, run } = await play(client, (b) => {
    const gd = b.gameData as Record<string, unknown>;
    // forged: every shot dead centre-right, absurdly fast flicks, and one invented hit
    gd.shot_offsets = Array.from({ length: 50 }, () => [3, 3]);
    gd.fitts_segments = Array.from({ length: 50 }, () => [30, 1, 10]);
    b.bulletData = [{ tick: 1, t_ms: 10, hit: true, crit: false, target: 0, target_age_ms: 1, yaw: 0, pitch: 0 }];
  });
  expect(summary.ranked).toBe(true);
  const stored = server.query<{ analysis: string; user_id: number }>('SELECT analysis, user_id FROM run_analyses WHERE performance_id = ?', summary.id);
  expect(stored).toHaveLength(1);
  const server_ = JSON.parse(stored[0].analysis) as StoredRunAnalysis;
  const mine = preview(run);
  // the server's stored analysis IS the preview of the honest replay, bit for bit
  expect(server_).toEqual(mine);
  expect(mine.shots.length).toBe(run.gameData.shots);
  expect(mine.figures.kills).toBeGreaterThan(20);

  const read = (await client.get(`/api/v1/performance/${summary.id}`)).json() as RunSummary;
  expect(read.analysis_source).toBe('server');
  expect(read.analysis).toEqual(gateFigures(mine.figures, false)); // a guest: no premium figures
  expect(read.analysis!.flick.path_efficiency).toBeNull();
  expect(read.analysis!.flick.reaction_ms).toBeGreaterThan(100); // reaction time for everyone
  expect(read.throughput).toBe(mine.figures.fitts.throughput);
  expect(read.throughput).not.toBeNull();
  expect(read.shot_map).toEqual(shotMapOf(mine.shots, SHOT_MAP_MAX_POINTS));
  // not the forged shot map (every point [3, 3]: bias 3, spread 0)
  expect(read.shot_map!.n).toBe(mine.shots.filter((s) => s[2] !== null).length);
  expect(read.shot_map!.points.some(([x, y]) => x !== 3 || y !== 3)).toBe(true);
  expect(Math.abs(read.shot_map!.bias_x - 3)).toBeGreaterThan(0.5);
  expect(schemaErrors((await import('../../src/contracts/performance')).runSummarySchema, read)).toBe('');

  // premium: full shot time from the replay's hits (not the invented 1 ms), path efficiency shown
  server.exec('UPDATE users SET premium = 1 WHERE id = ?', stored[0].user_id);
  const paid = (await client.get(`/api/v1/performance/${summary.id}`)).json() as RunSummary;
  expect(paid.analysis).toEqual(mine.figures);
  expect(paid.full_shot_time).toBe(mine.figures.full_shot_time);
  expect(paid.full_shot_time).toBeGreaterThan(150);
  expect(paid.analysis!.flick.path_efficiency).toBeGreaterThan(0);
}, 120_000);

test('an unranked run without a replay shows the client\'s figures, marked as the client\'s', async () => {
  const client = new Client(server);
  const r = simulateHumanRun(drill, { seed: 5, skill: HUMAN_PRESETS.average });
  const gd = { ...r.gameData, shot_offsets: [[1, 2], [1, 2], [1, 2]], fitts_segments: [] };
  const res = await client.post('/api/v1/performance', { gameData: gd, bulletData: [] });
  expect(res.statusCode).toBe(201);
  const read = (await client.get(`/api/v1/performance/${(res.json() as RunSummary).id}`)).json() as RunSummary;
  expect(read.ranked).toBe(false);
  expect(read.analysis_source).toBe('client');
  expect(read.analysis).toBeNull();
  expect(read.shot_map!.bias_x).toBe(1);
  expect(server.query('SELECT * FROM run_analyses')).toHaveLength(0);
}, 60_000);

test('the weakness map: the last N runs\' stored flicks by direction and distance against the player\'s mean', async () => {
  const client = new Client(server);
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await play(client));
  const other = new Client(server);
  await play(other); // another player's run is not in the map

  const res = await client.get('/api/v1/analysis/weakness?runs=2');
  expect(res.statusCode).toBe(200);
  const map = res.json() as WeaknessMap;
  expect(schemaErrors(weaknessMapSchema, map)).toBe('');
  // the last 2 runs, newest first, as computed from their replays
  const expected = weaknessMap([preview(runs[2].run).flicks, preview(runs[1].run).flicks]);
  expect(map).toEqual(expected);
  expect(map.runs).toBe(2);
  expect(map.flicks).toBe(map.cells.reduce((s, c) => s + c.n, 0));
  expect(map.flicks).toBeGreaterThan(40);
  // a cell's rel is its mean against its distance bin's mean
  for (const c of map.cells) {
    if (c.rel === null) continue;
    expect(c.rel).toBeCloseTo((c.time_ms as number) / (map.bin_means_ms[c.bin] as number) - 1, 2);
  }
  const all = (await client.get('/api/v1/analysis/weakness')).json() as WeaknessMap;
  expect(all.runs).toBe(3);
  expect((await client.get('/api/v1/analysis/weakness?runs=0')).statusCode).toBe(400);
  expect((await client.get('/api/v1/analysis/weakness?foo=1')).statusCode).toBe(400);
  expect(((await client.get(`/api/v1/analysis/weakness?game_id=${DRILL + 1}`)).json() as WeaknessMap).runs).toBe(0);
  // no session: an empty map, no guest made
  const nobody = new Client(server);
  expect(((await nobody.get('/api/v1/analysis/weakness')).json() as WeaknessMap).runs).toBe(0);
}, 180_000);

test('weaknessMap names the slowest cells against the mean of their distance, with enough flicks', () => {
  // 10 long flicks up-left at 590 ms, 10 long right at 500 ms, 10 long down at 500 ms; 3 medium
  // up at 2000 ms (too few to be named); 10 medium left at 400 ms
  const f = (sector: number, bin: number, ms: number): StoredFlick => [0, ms, sector, bin, 30, 2, 200, 150, 100, 50, 1, 0.9];
  const rep = (n: number, x: StoredFlick) => Array.from({ length: n }, () => x);
  const runA = [...rep(10, f(3, 2, 590)), ...rep(10, f(0, 2, 500)), ...rep(3, f(2, 1, 2000))];
  const runB = [...rep(10, f(6, 2, 500)), ...rep(10, f(4, 1, 400))];
  const m = weaknessMap([runA, runB]);
  expect(m.flicks).toBe(43);
  expect(m.bin_means_ms).toEqual([null, Math.round(((3 * 2000 + 10 * 400) / 13) * 100) / 100, 530]);
  expect(m.weakest).toEqual([{ sector: 3, bin: 2, n: 10, time_ms: 590, rel: Math.round((590 / 530 - 1) * 1000) / 1000 }]);
  expect(m.cells[2 * 3 + 1].rel).toBeNull(); // 3 flicks: not compared
  expect(m.cells[0 * 3 + 2].rel).toBeLessThan(0);
  expect(weaknessMap([]).weakest).toEqual([]);
});
