/**
 * Issue 19 items 3 and 4 end to end (real Chromium, real server, real SQLite file):
 * - a drill opened with `source=benchmark` shows the benchmark objective on the pre-game card,
 *   is played with REAL mouse input, and is stored and summarised with that objective. The
 *   drill locks the fov to 90-100 and the player's saved fov is 120: the game plays at 100, so
 *   the run's settings_start matches the drill and no notice shows;
 * - a run whose settings_start has a fov outside the lock (an older or altered client: the
 *   server recomputes, it does not trust the client) shows the settings notice on its summary.
 */
import Database from 'better-sqlite3';
import type { Request } from 'playwright-core';
import { aimUntilFinished, clickToStart, newPage, pageErrors, readSummaryAndRow, TIER_RESULT, useE2eSuite } from './harness';

jest.setTimeout(150_000);

const LOCKED_DRILL = 9191;

const suite = useE2eSuite(async (server) => {
  const db = new Database(server.databaseFile);
  try {
    const row = db.prepare('SELECT * FROM drills WHERE id = 2033').get() as Record<string, unknown>;
    const fields = { ...JSON.parse(row.fields as string), id: LOCKED_DRILL, name: 'Locked FOV Test', config: JSON.stringify({ spawnOrder: 'random', minFov: 90, maxFov: 100 }) };
    db.prepare('INSERT INTO drills (id, name, game_type_description, objective, category, fields) VALUES (?, ?, ?, ?, ?, ?)')
      .run(LOCKED_DRILL, 'Locked FOV Test', row.game_type_description, row.objective, row.category, JSON.stringify(fields));
  } finally {
    db.close();
  }
});

test('source=benchmark: the benchmark objective on the card, in the stored run and on the summary; a clamped fov is no difference', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const posts: string[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/performance')) posts.push(req.postData() ?? '');
  });
  const url = `${suite.server.baseUrl}/?id=${LOCKED_DRILL}&source=benchmark`;
  const ticket = page.waitForResponse((r) => r.url().endsWith('/api/v1/runs') && r.request().method() === 'POST', { timeout: 30_000 });
  await page.goto(url);
  await ticket; // the page's guest cookie is set: save this player's fov 120 for it
  const current = await (await context.request.get(`${suite.server.baseUrl}/gameoptions/edit`)).json();
  const saved = await context.request.post(`${suite.server.baseUrl}/gameoptions/edit`, { headers: { origin: suite.server.baseUrl }, 
    data: { game_options: { ...current.game_options, other: { ...current.game_options.other, fov: 120, fov_type: 'h' } }, controls: { ...current.controls, fov: 120, fov_type: 'h' } },
  });
  expect(saved.ok()).toBe(true);
  await page.reload();

  const card = page.getByTestId('pregame-objective');
  await card.waitFor({ timeout: 30_000 });
  expect(await card.getAttribute('data-kind')).toBe('benchmark');
  expect(await card.textContent()).toBe('Benchmark objective Reach the top tier: Destroy at least 1 target');

  const mouse = await clickToStart(page, { pointerLock: false });
  const { finished } = await aimUntilFinished(page, mouse);
  expect(finished).toBe(true);
  const { result, row, perfId, open } = await readSummaryAndRow(page, suite.server.databaseFile);
  expect(row.game_id).toBe(LOCKED_DRILL);
  expect(open).toBe(true);
  expect(result).toMatch(TIER_RESULT);
  const objective = page.getByTestId('summary-objective');
  expect(await objective.getAttribute('data-kind')).toBe('benchmark');
  expect(await objective.textContent()).toBe('Benchmark objective: Reach the top tier: Destroy at least 1 target');
  expect(await page.getByTestId('summary-settings-notice').count()).toBe(0);

  const db = new Database(suite.server.databaseFile, { readonly: true });
  const stored = db.prepare('SELECT objective_kind, threshold, passed, settings_differences, game_data FROM performances WHERE id = ?').get(perfId) as Record<string, unknown>;
  db.close();
  const gd = JSON.parse(stored.game_data as string);
  expect(gd.source).toBe('benchmark');
  expect(gd.settings_start).toMatchObject({ fov: 100, fov_type: 'h' }); // the lock clamped the player's 120
  expect(stored).toMatchObject({ objective_kind: 'benchmark', threshold: 1, passed: row.targets_destroyed >= 1 ? 1 : 0, settings_differences: '[]' });
  expect(posts).toHaveLength(1);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('a run that started with a fov outside the lock shows the settings notice on its summary', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const b64 = (n: number) => Buffer.from(String(n)).toString('base64');
  const res = await context.request.post(`${suite.server.baseUrl}/api/v1/performance`, { headers: { origin: suite.server.baseUrl }, 
    data: {
      gameData: {
        game_id: LOCKED_DRILL, accuracy: 100, time_destroy: 400, crit_hit: 0, targets_destroyed: b64(2), timestamp: 8000,
        shots: 2, hits: 2, input_type: 'Mouse', damage: 2, source: 'workout', fov: 120, fov_type: 'h',
        settings_start: { mouse_sensitivity: 1, fov: 120, fov_type: 'h' },
      },
      bulletData: [],
    },
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()).id as number;
  await page.goto(`${suite.server.baseUrl}/app/#/drill-summary?run=${id}`);
  const notice = page.getByTestId('summary-settings-notice');
  await notice.waitFor({ timeout: 30_000 });
  expect(await notice.isVisible()).toBe(true);
  expect(await page.getByTestId('settings-diff-fov').textContent()).toBe('Played with FOV 120 (h): this drill locks FOV to 90–100 (h).');
  expect(await page.getByTestId('summary-objective').getAttribute('data-kind')).toBe('drill');
  expect(await page.getByTestId('summary-objective').textContent()).toBe('Drill objective: Destroy at least one target.');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
