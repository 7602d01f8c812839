/**
 * Issue 37 item 5 on a real SQLite file through the real routes and verification worker:
 * `POST /api/v1/analysis/weak-spot-drill` ("Train this") answers 401 to a guest or no session,
 * 409 with a message while the player has no analysed runs, and for a player with analysed runs
 * saves the drill made from THEIR OWN server-side weakness map as their drill (author, category
 * custom, the generator's document) and a playlist owned by them (the drill, the companion
 * catalogue drill, the drill). A run of the saved drill (a synthetic human, verified and
 * analysed by the server) puts its flicks into the trained cells of the same map.
 */
import crypto from 'node:crypto';
import type { RunTicket } from '../../src/contracts/runTicket';
import type { RunSummary } from '../../src/contracts/performance';
import {
  WEAK_SPOT_DRILL_PATH, type StoredRunAnalysis, type WeakSpotDrillAnswer, type WeaknessMap,
} from '../../src/contracts/analysis';
import type { PlaylistAnswer } from '../../src/contracts/playlists';
import { NOT_LOGGED_IN } from '../../src/contracts/auth';
import type { CatalogueDrill } from '../../src/contracts/drillSchema';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { CUSTOM_DRILL_MIN_ID } from '../../src/drill/customDrill';
import { simulateHumanRun, HUMAN_PRESETS } from '../../src/sim/humanModel';
import { NOT_ENOUGH_DATA, WEAK_SPOT_COMPANION_DRILL, pickWeakCells, weakSpotDrill } from '../../src/analysis/weakSpotDrill';
import { createVerifyPool } from '../../src/server/verifyPool';
import { Client, startTestServer, type TestServer } from './helpers';

jest.setTimeout(180_000);
const apkeyOf = (body: string, secret: string) => crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex');
const pool = createVerifyPool({ threads: 1 });
afterAll(() => pool.close());
let server: TestServer;
beforeEach(async () => { server = await startTestServer({ runs: { verifyPool: pool } }); });
afterEach(async () => { await server.close(); });

const GRIDSHOT = DRILL_CATALOGUE.find((d) => Number(d.id) === 134)!;

/** Plays an honest synthetic human run of `drill` (id `drillId`) with the ticket's seed and
 * submits it; returns the stored summary. */
async function play(client: Client, drill: CatalogueDrill, drillId: number, seedSkill = HUMAN_PRESETS.average): Promise<RunSummary> {
  const ticket = (await client.post('/api/v1/runs', { drill_id: drillId })).json() as RunTicket;
  const r = simulateHumanRun(drill, { seed: ticket.seed, skill: seedSkill });
  const body = JSON.stringify({ gameData: r.gameData, bulletData: r.bulletData, replay: r.replay, run_id: ticket.run_id });
  const res = await client.request({ method: 'POST', url: '/api/v1/performance', payload: body, headers: { 'content-type': 'application/json', apkey: apkeyOf(body, ticket.secret) } });
  expect(res.statusCode).toBe(201);
  return res.json() as RunSummary;
}

async function registered(): Promise<Client> {
  const c = new Client(server);
  const res = await c.post('/api/v1/auth/register', { username: `weak_${Date.now() % 100000}_${Math.floor(Math.random() * 1000)}`, password: 'correct horse battery' });
  expect(res.statusCode).toBe(200);
  return c;
}

test('401 without an account, 409 with a message without analysed runs, 400 for a body other than {}', async () => {
  const nobody = new Client(server);
  const none = await nobody.post(WEAK_SPOT_DRILL_PATH, {});
  expect(none.statusCode).toBe(401);
  expect(none.json()).toEqual({ error: NOT_LOGGED_IN });
  // a guest (a session with no account)
  const guest = new Client(server);
  await guest.post('/api/v1/runs', { drill_id: 134 });
  expect(guest.session).toBeDefined();
  expect((await guest.post(WEAK_SPOT_DRILL_PATH, {})).statusCode).toBe(401);

  const player = await registered();
  const early = await player.post(WEAK_SPOT_DRILL_PATH, {});
  expect(early.statusCode).toBe(409);
  expect(early.json()).toEqual({ error: NOT_ENOUGH_DATA, code: 'not_enough_data' });
  expect((await player.post(WEAK_SPOT_DRILL_PATH, { map: { cells: [] } })).statusCode).toBe(400);
  // nothing was saved
  expect(server.query('SELECT id FROM drills WHERE author_id IS NOT NULL')).toEqual([]);
  expect(server.query('SELECT id FROM playlists')).toEqual([]);
});

test('a player with analysed runs gets a drill of their own weak spots and a playlist; a run of it feeds those cells of the map', async () => {
  const player = await registered();
  for (let i = 0; i < 3; i++) await play(player, GRIDSHOT, 134);
  // another player's runs are not in the map the drill is made from
  const other = await registered();
  await play(other, GRIDSHOT, 134, HUMAN_PRESETS.skilled);

  const before = (await player.get('/api/v1/analysis/weakness')).json() as WeaknessMap;
  expect(before.runs).toBe(3);
  const expectedCells = pickWeakCells(before);
  expect(expectedCells.length).toBeGreaterThan(0);

  const res = await player.post(WEAK_SPOT_DRILL_PATH, {});
  expect(res.statusCode).toBe(201);
  const answer = res.json() as WeakSpotDrillAnswer;
  expect(answer.cells).toEqual(expectedCells.map((c) => ({ sector: c.sector, bin: c.bin, rel: c.rel })));
  expect(answer.drill_id).toBeGreaterThanOrEqual(CUSTOM_DRILL_MIN_ID);
  expect(answer.name).toBe(weakSpotDrill(before).drill.name);
  expect(answer.playlist_url).toBe(`/?playlist=${answer.playlist_id}`);

  // the drill: the player's own, stored as the generator made it
  const me = server.query<{ id: number }>('SELECT id FROM users WHERE username IS NOT NULL ORDER BY id')[0];
  const row = server.query<{ author_id: number; category: string; name: string; fields: string }>('SELECT author_id, category, name, fields FROM drills WHERE id = ?', answer.drill_id)[0];
  expect(row).toMatchObject({ author_id: me.id, category: 'custom', name: answer.name });
  const fields = JSON.parse(row.fields) as Record<string, unknown>;
  expect(JSON.parse(fields.config as string)).toEqual(weakSpotDrill(before).drill.config);
  const mine = (await player.get('/api/v1/drills/mine')).json() as { drills: Array<{ id: number; name: string }> };
  expect(mine.drills.map((d) => d.id)).toEqual([answer.drill_id]);

  // the playlist: the player's own, the drill around the companion catalogue drill
  const pl = (await player.get(`/api/v1/playlists/${answer.playlist_id}`)).json() as PlaylistAnswer;
  expect(pl).toMatchObject({ id: answer.playlist_id, name: weakSpotDrill(before).playlistName, mine: true, builtin: false });
  expect(pl.drills.map((d) => d.id)).toEqual([answer.drill_id, WEAK_SPOT_COMPANION_DRILL, answer.drill_id]);
  expect(server.query<{ user_id: number }>('SELECT user_id FROM playlists WHERE id = ?', answer.playlist_id)).toEqual([{ user_id: me.id }]);
  // not the other player's
  expect(((await other.get(`/api/v1/playlists/${answer.playlist_id}`)).json() as PlaylistAnswer).mine).toBe(false);

  // a run of the saved drill (as its document is served), verified and analysed by the server
  const doc = (await player.get(`/api/v1/drills/${answer.drill_id}/document`)).json() as { document: Record<string, unknown> };
  const drill = { ...doc.document, id: answer.drill_id, category: 'clicking' } as unknown as CatalogueDrill;
  const summary = await play(player, drill, answer.drill_id);
  const stored = server.query<{ analysis: string }>('SELECT analysis FROM run_analyses WHERE performance_id = ?', summary.id);
  expect(stored).toHaveLength(1);
  const flicks = (JSON.parse(stored[0].analysis) as StoredRunAnalysis).flicks;
  expect(flicks.length).toBeGreaterThan(20);
  const inCells = flicks.filter((f) => answer.cells.some((c) => c.sector === f[2] && c.bin === f[3]));
  // every target is placed in the cells; a flick that starts up to 1.5° off the centre stays there
  expect(inCells.length / flicks.length).toBeGreaterThanOrEqual(0.95);

  const after = (await player.get('/api/v1/analysis/weakness')).json() as WeaknessMap;
  expect(after.runs).toBe(4);
  for (const c of answer.cells) {
    const n = (m: WeaknessMap) => m.cells.find((x) => x.sector === c.sector && x.bin === c.bin)!.n;
    expect(n(after) - n(before)).toBe(flicks.filter((f) => f[2] === c.sector && f[3] === c.bin).length);
    expect(n(after)).toBeGreaterThan(n(before));
  }
});
