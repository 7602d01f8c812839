/**
 * Issue 19 items 3 and 4 on the server (real SQLite file, real HTTP through Fastify inject): the
 * run is judged by the objective of its source / context and stored with it; its settings_start
 * is compared with the server's drill and the differences stored with it. The client's own
 * `objective` value and any `settings_differences` it sends are not trusted.
 */
import { runSummarySchema } from '../../src/contracts/performance';
import { Client, b64, schemaErrors, startTestServer, submission, type TestServer } from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  // targets_destroyed, threshold 40, tiers 40 / 50 / 60, fov locked to 90-103 (h)
  server.exec(
    'insert into drills (id, name, game_type_description, objective, category, fields) values (?, ?, ?, ?, ?, ?)',
    9101, 'Tiered Test', '<p>t</p>', 'Destroy 40 targets.', 'test',
    JSON.stringify({
      name: 'Tiered Test', objective: 'Destroy 40 targets.', config: JSON.stringify({ tiers: [40, 50, 60], minFov: 90, maxFov: 103 }),
      duration: 10000, num_targets: 1, spawn_mode: 'Random', primary_metric: 'targets_destroyed', targets_destroyed_score: 40,
    }),
  );
});
afterEach(async () => {
  await server.close();
});

const kills = (n: number, over: Record<string, unknown> = {}) =>
  submission(9101, { targets_destroyed: b64(n), hits: n, shots: n, accuracy: 100, ...over });

interface Row { score: number; passed: number; threshold: number | null; objective_kind: string; settings_differences: string }
const rows = () => server.query<Row>('select score, passed, threshold, objective_kind, settings_differences from performances order by id');

describe('objective by source (spec section 9)', () => {
  test("workout and progression: the drill's threshold (40)", async () => {
    const c = new Client(server);
    const a = (await c.post('/api/v1/performance', kills(39, { source: 'workout', objective: 0 }))).json();
    const b = (await c.post('/api/v1/performance', kills(40, { source: 'progression' }))).json();
    expect(schemaErrors(runSummarySchema, a)).toBe('');
    expect(a).toMatchObject({ objective_kind: 'drill', threshold: 40, passed: false });
    expect(b).toMatchObject({ objective_kind: 'drill', threshold: 40, passed: true });
    expect(rows().map((r) => [r.objective_kind, r.threshold, r.passed])).toEqual([['drill', 40, 0], ['drill', 40, 1]]);
  });

  test('benchmark source or assessment context: the top tier (60)', async () => {
    const c = new Client(server);
    const a = (await c.post('/api/v1/performance', kills(59, { source: 'benchmark' }))).json();
    const b = (await c.post('/api/v1/performance', kills(60, { source: 'drills', context: 'assessment' }))).json();
    expect(a).toMatchObject({ objective_kind: 'benchmark', threshold: 60, passed: false });
    expect(b).toMatchObject({ objective_kind: 'benchmark', threshold: 60, passed: true });
    expect(rows().map((r) => [r.objective_kind, r.threshold, r.passed])).toEqual([['benchmark', 60, 0], ['benchmark', 60, 1]]);
  });

  test("otherwise: beat the best before the run (ranked runs only); the first run sets it", async () => {
    const c = new Client(server);
    const first = (await c.post('/api/v1/performance', kills(30, { source: 'trainer' }))).json();
    expect(first).toMatchObject({ objective_kind: 'best-score', threshold: null, passed: true });
    server.exec('update performances set ranked = 1 where id = ?', first.id);
    const same = (await c.post('/api/v1/performance', kills(30))).json();
    expect(same).toMatchObject({ objective_kind: 'best-score', threshold: 30, passed: false });
    const better = (await c.post('/api/v1/performance', kills(31, { objective: 1000 }))).json();
    expect(better).toMatchObject({ objective_kind: 'best-score', threshold: 30, passed: true });
    // an unranked run does not raise the bar
    const again = (await c.post('/api/v1/performance', kills(31))).json();
    expect(again).toMatchObject({ threshold: 30, passed: true });
    expect(rows().map((r) => [r.threshold, r.passed])).toEqual([[null, 1], [30, 0], [30, 1], [30, 1]]);
    // the run read answers the same
    expect((await c.get(`/api/v1/performance/${same.id}`)).json()).toMatchObject({ objective_kind: 'best-score', threshold: 30, passed: false, objective: 'Destroy 40 targets.' });
  });

  test('a run with no kill never passes: the first run of a drill, or a drill with no bar (issue 33 item 3)', async () => {
    const c = new Client(server);
    const first = (await c.post('/api/v1/performance', kills(0, { shots: 5, accuracy: 0 }))).json();
    expect(first).toMatchObject({ objective_kind: 'best-score', threshold: null, passed: false });
    const one = (await c.post('/api/v1/performance', kills(1))).json();
    expect(one).toMatchObject({ objective_kind: 'best-score', threshold: null, passed: true });
    expect(rows().map((r) => r.passed)).toEqual([0, 1]);
  });
});

describe('settings compared at start (spec section 5)', () => {
  test('a fov outside the drill lock is stored with the run and answered; the client cannot clear it', async () => {
    const c = new Client(server);
    const res = await c.post('/api/v1/performance', kills(45, {
      source: 'workout',
      settings_start: { fov: 120, fov_type: 'h', floor: false, tiers: [1], drill: { duration_ms: 10000, num_targets: 2, positions: [[1, 1, 1]] } },
      settings_differences: [],
    }));
    expect(res.statusCode).toBe(201);
    const expected = [
      { field: 'fov', reason: 'fov_lock', expected: { min: 90, max: 103, fov_type: 'h' }, actual: 120 },
      { field: 'num_targets', reason: 'drill_changed', expected: 1, actual: 2 },
    ];
    expect(schemaErrors(runSummarySchema, res.json())).toBe('');
    expect(res.json().settings_differences).toEqual(expected);
    expect(JSON.parse(rows()[0].settings_differences)).toEqual(expected);
    expect((await c.get(`/api/v1/performance/${res.json().id}`)).json().settings_differences).toEqual(expected);
  });

  test("settings within the drill's expectations store no difference", async () => {
    const c = new Client(server);
    const res = await c.post('/api/v1/performance', kills(45, { settings_start: { fov: 103, fov_type: 'h', drill: { duration_ms: 10000, num_targets: 1 } } }));
    expect(res.json().settings_differences).toEqual([]);
    expect(rows()[0].settings_differences).toBe('[]');
  });
});
