/** GET /api/v1/user/game-sensitivity-data/basic: the sensitivity game table with the spec's
 * fields, usable by the client's converter. */
import { INDEPENDENT_REFERENCES, SENSITIVITY_GAMES, SERVED_SENSITIVITY_GAMES } from '../../src/sensitivity/games';
import { productSensFromGame } from '../../src/sensitivity/convert';
import { gameFromEntry, type SensitivityGameEntry } from '../../src/ui/settings/sensitivityEntry';
import { Client, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

test('lists every game checked against two independent references, with the spec fields plus style, yaw, unverified, note and source', async () => {
  const res = await new Client(server).get('/api/v1/user/game-sensitivity-data/basic');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const list = res.json() as SensitivityGameEntry[];
  expect(list).toHaveLength(SERVED_SENSITIVITY_GAMES.length);
  expect(list.map((g) => g.slug)).toEqual(SENSITIVITY_GAMES.map((g) => g.slug).filter((s) => s in INDEPENDENT_REFERENCES));
  // single-source and unsourced games are not served
  for (const slug of ['paladins', 'thefinals', 'roblox', 'warframe', 'roguecompany', 'arma3', 'battlefield6']) {
    expect(list.map((g) => g.slug)).not.toContain(slug);
  }
  for (const entry of list) {
    for (const key of ['slug', 'name', 'fovType', 'hfov', 'vfov', 'affectedByFov', 'ingameMultiplier', 'style', 'yaw', 'unverified', 'note', 'source']) {
      expect(entry).toHaveProperty(key);
    }
    // every served game names at least two references and none is unverified
    expect((entry as unknown as { source: string }).source.split('; ').length).toBeGreaterThanOrEqual(2);
    expect(entry.unverified).toBe(false);
  }
  const cs2 = list.find((g) => g.slug === 'cs2')!;
  expect(cs2).toMatchObject({ name: 'Counter-Strike 2 / CS:GO', fovType: 'h4:3', affectedByFov: false, ingameMultiplier: 1, style: 'normal', yaw: 0.022, unverified: false });
  expect(cs2.hfov).toBeCloseTo(106.26, 2);
});

test('the client converter gets the same results from the served entries as from the table', async () => {
  const list = (await new Client(server).get('/api/v1/user/game-sensitivity-data/basic')).json() as SensitivityGameEntry[];
  for (const slug of ['cs2', 'valorant', 'battlefield', 'minecraft', 'ue4', 'r6siege']) {
    const table = SENSITIVITY_GAMES.find((g) => g.slug === slug)!;
    const served = gameFromEntry(list.find((g) => g.slug === slug)!);
    const opts = { aspect: 16 / 9, fov: 90 };
    expect(productSensFromGame(served, 5, opts)).toBeCloseTo(productSensFromGame(table, 5, opts), 12);
  }
});

test('needs no session and sets no cookie', async () => {
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/user/game-sensitivity-data/basic' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['set-cookie']).toBeUndefined();
});
