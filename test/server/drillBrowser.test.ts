/**
 * The drill browser (issue 36 item 2) on a real SQLite file: GET /api/v1/drills with search,
 * filters and sorts; each drill's plays / players from the runs table and the reader's best and
 * rank; community drills (publish, unpublish, report, hidden after REPORTS_TO_HIDE distinct
 * accounts, the admin restore-drill command).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPORTS_TO_HIDE, type DrillBrowserItem } from '../../src/contracts/drillBrowser';
import { Client, b64, startTestServer, submission, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: false, loginLimits: false });
});
afterAll(async () => {
  await server.close();
});

let names = 0;
async function account(prefix = 'player'): Promise<Client> {
  const c = new Client(server);
  const res = await c.post('/api/v1/auth/register', { username: `${prefix}_${++names}`, password: 'correct horse battery' });
  expect(res.statusCode).toBe(200);
  return c;
}

async function list(c: Client, query = ''): Promise<DrillBrowserItem[]> {
  const res = await c.get(`/api/v1/drills${query}`);
  expect([query, res.statusCode]).toEqual([query, 200]);
  return res.json();
}

async function play(c: Client, drill: number, kills: number, ranked = true): Promise<void> {
  const res = await c.post('/api/v1/performance', submission(drill, { targets_destroyed: b64(kills) }));
  expect(res.statusCode).toBe(201);
  if (ranked) server.exec('update performances set ranked = 1 where id = ?', res.json().id);
}

async function makeDrill(c: Client, name: string): Promise<number> {
  const doc = (await c.get('/api/v1/drills/2033/document')).json().document;
  const res = await c.post('/api/v1/drills', { ...doc, name });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

describe('GET /api/v1/drills', () => {
  test('without a query: the catalogue by id, each drill with family, difficulty, room, weapon, plays and players', async () => {
    const all = await list(new Client(server));
    expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort((a, b) => a - b));
    expect(all.every((d) => d.source === 'catalogue')).toBe(true);
    const grid = all.find((d) => d.id === 134)!;
    expect(grid).toMatchObject({ name: 'Gridshot Classic', family: 'static-clicking', difficulty: 'easy', room: 'factory', weapon: 'semi-auto', duration: 60000, best_score: null, leaderboard_rank: null, author: null });
    expect(all.find((d) => d.id === 143)!.weapon).toBe('automatic');
  });

  test('search by name (case-insensitive, LIKE wildcards literal) and every filter', async () => {
    const c = new Client(server);
    const grid = await list(c, '?q=GRIDSHOT');
    expect(grid.map((d) => d.id)).toEqual(expect.arrayContaining([134, 135]));
    expect(grid.every((d) => /gridshot/i.test(String(d.name)))).toBe(true);
    expect(grid.length).toBeLessThan((await list(c, '')).length);
    expect(await list(c, '?q=%25')).toEqual([]); // a literal %: no drill name has one
    expect((await list(c, '?family=precision')).every((d) => d.family === 'precision')).toBe(true);
    expect((await list(c, '?family=precision')).map((d) => d.id)).toEqual(expect.arrayContaining([135, 140, 155, 164]));
    expect((await list(c, '?difficulty=hard&room=arena')).every((d) => d.difficulty === 'hard' && d.room === 'arena')).toBe(true);
    expect((await list(c, '?weapon=automatic')).map((d) => d.id)).toEqual(expect.arrayContaining([143, 144, 160]));
    expect((await list(c, '?weapon=automatic')).every((d) => d.weapon === 'automatic')).toBe(true);
    const short = await list(c, '?duration=short');
    expect(short.length).toBeGreaterThan(0);
    expect(short.every((d) => d.duration !== null && d.duration <= 30000)).toBe(true);
    expect((await list(c, '?duration=medium')).every((d) => d.duration === 45000)).toBe(true);
    expect((await list(c, '?duration=long')).every((d) => (d.duration ?? 0) >= 60000)).toBe(true);
  });

  test('a bad query answers 400 naming the parameter', async () => {
    const c = new Client(server);
    expect((await c.get('/api/v1/drills?family=sniping')).json()).toEqual({ error: expect.stringMatching(/^family must be one of static-clicking, /) });
    expect((await c.get('/api/v1/drills?colour=red')).json()).toEqual({ error: "Unknown query parameter 'colour'." });
    expect((await c.get('/api/v1/drills?sort=popular&sort=newest')).statusCode).toBe(400);
    expect((await c.get(`/api/v1/drills?q=${'x'.repeat(65)}`)).statusCode).toBe(400);
  });

  test('sort by popularity: distinct players, then plays, from the runs table; the reader\'s best and rank; a guest\'s would-place rank', async () => {
    const a = await account(), b = await account();
    const guest = new Client(server);
    await play(a, 137, 30);
    await play(b, 137, 40);
    await play(a, 136, 10);
    await play(a, 136, 12);
    await play(a, 136, 11, false); // stored unranked: counts as a play, never as a best
    await play(guest, 137, 35);
    const popular = await list(a, '?sort=popular');
    expect(popular.slice(0, 2).map((d) => [d.id, d.players, d.plays])).toEqual([[137, 3, 3], [136, 1, 3]]);
    const micro = popular.find((d) => d.id === 137)!;
    // a: 30, b (account): 40, guest 35 is not on the board -> a is 2nd
    expect([micro.best_score, micro.leaderboard_rank]).toEqual([30, 2]);
    expect(popular.find((d) => d.id === 136)!.best_score).toBe(12);
    // the guest: their 35 would place 2nd (b's 40 is better; a's 30 is not)
    const g = (await list(guest, '?sort=popular')).find((d) => d.id === 137)!;
    expect([g.best_score, g.leaderboard_rank]).toEqual([35, 2]);
    // a reader without a session: no best
    expect((await list(new Client(server), '?sort=popular')).find((d) => d.id === 137)!.best_score).toBeNull();
  });
});

describe('community drills', () => {
  test('publish lists a drill with its author, plays and players; unpublish withdraws it; only its author may', async () => {
    const author = await account('author');
    const other = await account();
    const id = await makeDrill(author, 'Zigzag Community');
    expect((await list(other, '?source=community')).some((d) => d.id === id)).toBe(false);
    expect((await list(author, '?source=mine')).map((d) => [d.id, d.published_at, d.mine])).toEqual([[id, null, true]]);
    expect((await other.post(`/api/v1/drills/${id}/publish`, {})).statusCode).toBe(403);
    expect((await new Client(server).post(`/api/v1/drills/${id}/publish`, {})).json()).toEqual({ error: 'Not Logged In' });
    expect((await author.post('/api/v1/drills/134/publish', {})).statusCode).toBe(404);
    const pub = await author.post(`/api/v1/drills/${id}/publish`, {});
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ id, published_at: expect.any(String), hidden: false });
    await play(other, id, 5);
    await play(other, id, 6);
    const listed = (await list(other, '?source=community&q=zigzag'))[0];
    expect(listed).toMatchObject({ id, name: 'Zigzag Community', source: 'community', plays: 2, players: 1, mine: false, best_score: 6, leaderboard_rank: 1 });
    expect(listed.author).toMatch(/^author_/);
    // in the default page source (all), newest first puts it before the catalogue
    expect((await list(other, '?source=all&sort=newest'))[0].id).toBe(id);
    expect((await author.post(`/api/v1/drills/${id}/unpublish`, {})).json()).toEqual({ id, published_at: null, hidden: false });
    expect((await list(other, '?source=all')).some((d) => d.id === id)).toBe(false);
  });

  test(`a report per account; hidden after ${REPORTS_TO_HIDE} distinct accounts until the operator restores it`, async () => {
    const author = await account('author');
    const id = await makeDrill(author, 'Reported Drill');
    expect((await author.post(`/api/v1/drills/${id}/publish`, {})).statusCode).toBe(200);
    expect((await author.post(`/api/v1/drills/${id}/report`, {})).json()).toEqual({ error: 'You cannot report your own drill.' });
    expect((await new Client(server).post(`/api/v1/drills/${id}/report`, {})).statusCode).toBe(401);
    const reporters = [];
    for (let i = 0; i < REPORTS_TO_HIDE; i++) reporters.push(await account('reporter'));
    const first = await reporters[0].post(`/api/v1/drills/${id}/report`, { reason: 'offensive name' });
    expect(first.json()).toEqual({ id, reports: 1, hidden: false });
    expect((await list(reporters[0], '?source=community')).find((d) => d.id === id)!.reported).toBe(true);
    // the same account again: refused, not counted
    const again = await reporters[0].post(`/api/v1/drills/${id}/report`, {});
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'You have already reported this drill.' }]);
    expect((await reporters[1].post(`/api/v1/drills/${id}/report`, { reason: 'x'.repeat(201) })).statusCode).toBe(400);
    for (let i = 1; i < REPORTS_TO_HIDE - 1; i++) expect((await reporters[i].post(`/api/v1/drills/${id}/report`, {})).json().hidden).toBe(false);
    expect((await list(reporters[0], '?source=community')).some((d) => d.id === id)).toBe(true);
    const last = await reporters[REPORTS_TO_HIDE - 1].post(`/api/v1/drills/${id}/report`, {});
    expect(last.json()).toEqual({ id, reports: REPORTS_TO_HIDE, hidden: true });
    // hidden from everyone's browser; its author still sees it (marked hidden); re-publishing does not show it
    expect((await list(reporters[0], '?source=all')).some((d) => d.id === id)).toBe(false);
    expect((await list(author, '?source=mine')).find((d) => d.id === id)!.hidden).toBe(true);
    expect((await author.post(`/api/v1/drills/${id}/publish`, {})).json().hidden).toBe(true);
    expect((await list(author, '?source=community')).some((d) => d.id === id)).toBe(false);
    // further reports find nothing to report
    expect((await (await account()).post(`/api/v1/drills/${id}/report`, {})).statusCode).toBe(404);
    expect(server.query('select count(*) as n from drill_reports where drill_id = ?', id)).toEqual([{ n: REPORTS_TO_HIDE }]);

    const admin = (...args: string[]) =>
      execFileSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', ...args], {
        env: { ...process.env, DATABASE_FILE: server.databaseFile, DATABASE_URL: '' },
        encoding: 'utf8',
      });
    expect(admin('restore-drill', String(id))).toMatch(/Reported Drill: restored; its reports are cleared/);
    expect((await list(reporters[0], '?source=community')).some((d) => d.id === id)).toBe(true);
    expect(server.query('select count(*) as n from drill_reports where drill_id = ?', id)).toEqual([{ n: 0 }]);
    expect(() => admin('restore-drill', '999999999')).toThrow(/No drill 999999999/);
    expect(() => admin('restore-drill')).toThrow(/usage/);
  });
});
