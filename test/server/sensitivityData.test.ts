/** GET /api/v1/user/game-sensitivity-data/basic: every served entry of the sensitivity game table with the
 * spec fields, the converter's formula fields, its confidence level and its references (issue 33 item 8),
 * valid against the shared contract's schema and usable by the client's converter. */
import Ajv from 'ajv';
import { SENSITIVITY_CONFIDENCES, sensitivityEntriesFrom, sensitivityGameDataSchema, type SensitivityGameEntry } from '../../src/contracts/sensitivityData';
import { SENSITIVITY_GAMES, SERVED_REFERENCES, SERVED_SENSITIVITY_GAMES, sensitivityTitle } from '../../src/sensitivity/games';
import { productSensFromGame } from '../../src/sensitivity/convert';
import { gameFromEntry } from '../../src/ui/settings/sensitivityEntry';
import { Client, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const URL = '/api/v1/user/game-sensitivity-data/basic';

test('serves every entry with a formula, each with its confidence and references, valid against the contract schema', async () => {
  const res = await new Client(server).get(URL);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const list = res.json() as SensitivityGameEntry[];
  const validate = new Ajv({ allErrors: true, strict: false }).compile(sensitivityGameDataSchema);
  expect([validate(list), validate.errors]).toEqual([true, null]);
  expect(list).toHaveLength(SERVED_SENSITIVITY_GAMES.length);
  expect(list.map((g) => g.slug)).toEqual(SENSITIVITY_GAMES.map((g) => g.slug).filter((s) => s in SERVED_REFERENCES));
  // what the client keeps of the answer is all of it
  expect(sensitivityEntriesFrom(list)).toHaveLength(list.length);
  // single-source titles are served now, labelled as such; only the three without a yaw are not
  const bySlug = new Map(list.map((g) => [g.slug, g]));
  for (const slug of ['paladins', 'roblox', 'battlefield6', 'krunker', 'aimlab', 'kovaaks-valorant']) expect([slug, bySlug.get(slug)?.confidence]).toEqual([slug, 'one-reference']);
  for (const slug of ['thefinals', 'marvelrivals', 'cs2', 'valorant', 'kovaaks-source']) expect([slug, bySlug.get(slug)?.confidence]).toEqual([slug, 'two-references']);
  expect(bySlug.get('riskofrain2')?.confidence).toBe('measured');
  for (const slug of ['warframe', 'roguecompany', 'arma3', 'pubg']) expect(bySlug.has(slug)).toBe(false);
  // every level occurs; every entry names its references
  expect(new Set(list.map((g) => g.confidence))).toEqual(new Set(SENSITIVITY_CONFIDENCES));
  for (const entry of list) {
    expect(entry.references.length).toBeGreaterThanOrEqual(entry.confidence === 'two-references' ? 2 : 1);
    expect(entry.source).toBe(entry.references.join('; '));
  }
  // at least 45 titles (engine-generic entries and a title's variants counted once), Aim Lab and KovaaK's included
  const titles = new Set(list.filter((g) => !g.name.startsWith('Unreal Engine')).map((g) => sensitivityTitle(g.name)));
  expect(titles.size).toBeGreaterThanOrEqual(45);
  expect([titles.has('Aim Lab'), titles.has('KovaaK\'s')]).toEqual([true, true]);
  const cs2 = bySlug.get('cs2')!;
  expect(cs2).toMatchObject({ name: 'Counter-Strike 2 / CS:GO', fovType: 'h4:3', affectedByFov: false, ingameMultiplier: 1, style: 'normal', yaw: 0.022 });
  expect(cs2.hfov).toBeCloseTo(106.26, 2);
  expect(bySlug.get('valorant')!.yaw).toBe(0.07);
  expect(bySlug.get('kovaaks-valorant')!.yaw).toBe(0.06996);
});

test('the client converter gets the same results from the served entries as from the table', async () => {
  const list = (await new Client(server).get(URL)).json() as SensitivityGameEntry[];
  for (const slug of ['cs2', 'valorant', 'battlefield', 'minecraft', 'ue4', 'r6siege', 'paladins', 'aimlab', 'kovaaks-valorant', 'riskofrain2']) {
    const table = SENSITIVITY_GAMES.find((g) => g.slug === slug)!;
    const served = gameFromEntry(list.find((g) => g.slug === slug)!);
    const opts = { aspect: 16 / 9, fov: 90 };
    expect([slug, productSensFromGame(served, 5, opts)]).toEqual([slug, expect.closeTo(productSensFromGame(table, 5, opts), 12)]);
    expect(served.confidence).toBe(SERVED_REFERENCES[slug].confidence);
  }
});

test('needs no session and sets no cookie', async () => {
  const res = await server.app.inject({ method: 'GET', url: URL });
  expect(res.statusCode).toBe(200);
  expect(res.headers['set-cookie']).toBeUndefined();
});
