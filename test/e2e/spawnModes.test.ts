/**
 * End to end, real headless Chromium against the real server and a real SQLite file:
 * a drill of EVERY spawn-mode family (spec section 4: Random, Original, Peripheral, Ladder,
 * Oscillation, 180, MultiArea, AlternatingAreas, Random3D) is played to its summary with REAL
 * mouse input (page.mouse under pointer lock; `window.__aimDebug` is only read to know where
 * the targets are).
 *
 * To keep the run short, shortened copies of catalogue drills are seeded into the test database
 * with the server's own `seedCatalogue` (same rows as the catalogue, a new id 9100+i and a
 * 6.5 s duration; every other field unchanged). Each drill gets a fresh browser context (its
 * own guest player, sensitivity 4 saved through POST /gameoptions/edit before the page loads).
 * At the end the summary's numbers must equal the stored performances row.
 */
import { DRILL_CATALOGUE, type CatalogueDrill } from '../../src/drill/catalogue';
import { openDb } from '../../src/server/db';
import { seedCatalogue } from '../../src/server/drills';
import { aimUntilFinished, clickToStart, newPage, readSummaryAndRow, summaryResultText, TIER_RESULT, useE2eSuite, pageErrors } from './harness';

jest.setTimeout(90_000);

/** ms each shortened copy lasts. */
const SHORT_DURATION_MS = 6500;
/** The player's sensitivity (0.088°/count): a 90° turn of the 180 drill is ~1000 counts. */
const SENS = 4;

/** One catalogue drill per spawn mode; `static` = still, one-hit targets (a destroyed target is
 * expected); tracking drills (automatic weapon, moving targets with lots of health) hold fire. */
const FAMILIES: Array<{ mode: string; source: number; static: boolean }> = [
  { mode: 'Random', source: 134, static: true },
  { mode: 'Original', source: 139, static: true },
  { mode: 'Peripheral', source: 137, static: true },
  { mode: 'Ladder', source: 141, static: true },
  { mode: 'Oscillation', source: 151, static: true },
  { mode: '180', source: 148, static: true },
  { mode: 'MultiArea', source: 150, static: true },
  { mode: 'AlternatingAreas', source: 152, static: true },
  { mode: 'Random3D', source: 143, static: false },
];

/** The shortened copies: id 9100+i, duration SHORT_DURATION_MS, all else as in the catalogue. */
const COPIES: CatalogueDrill[] = FAMILIES.map((f, i) => {
  const src = DRILL_CATALOGUE.find((d) => d.id === f.source);
  if (!src) throw new Error(`catalogue drill ${f.source} is missing`);
  return { ...src, id: 9100 + i, duration: SHORT_DURATION_MS };
});

const suite = useE2eSuite(async (server) => {
  // a second connection to the server's SQLite file (WAL, busy timeout), used only to seed
  const open = openDb({ databaseFile: server.databaseFile });
  try {
    await seedCatalogue(open.db, COPIES);
  } finally {
    await open.db.destroy();
  }
});

test('the copies keep every spawn mode of the catalogue and differ only in id and duration', () => {
  expect(COPIES.map((d) => d.spawn_mode)).toEqual(FAMILIES.map((f) => f.mode));
  expect(new Set(DRILL_CATALOGUE.map((d) => d.spawn_mode))).toEqual(new Set(FAMILIES.map((f) => f.mode)));
  COPIES.forEach((copy, i) => {
    const src = DRILL_CATALOGUE.find((d) => d.id === FAMILIES[i].source)!;
    expect({ ...copy, id: src.id, duration: src.duration }).toEqual(src);
  });
});

interface Played {
  clicks: number;
  shown: Record<string, number>;
  row: Record<string, number | string>;
  errors: string[];
  ms: number;
}

/** Plays drill `id` with the real mouse to its summary; returns the summary and the stored row. */
async function playDrill(id: number, hold: boolean): Promise<Played> {
  const started = Date.now();
  const { context, page, errors } = await newPage(suite.browser);
  try {
    // The guest cookie and the sensitivity first (same cookie jar as the page), then the game.
    const current = await (await context.request.get(`${suite.server.baseUrl}/gameoptions/edit`)).json();
    const saved = await context.request.post(`${suite.server.baseUrl}/gameoptions/edit`, { headers: { origin: suite.server.baseUrl }, 
      data: { game_options: current.game_options, controls: { ...current.controls, mouse_sens: SENS } },
    });
    expect(saved.ok()).toBe(true);
    await page.goto(`${suite.server.baseUrl}/?id=${id}`);

    const mouse = await clickToStart(page);
    const dpc = await page.evaluate(() => (window as any).__aimDebug.degPerCount());
    expect(dpc.x).toBeCloseTo(SENS * 0.022, 10);

    const { clicks, finished } = await aimUntilFinished(page, mouse, { hold, timeoutMs: 40_000 });
    expect(finished).toBe(true);

    const { shown, result, row, open } = await readSummaryAndRow(page, suite.server.databaseFile);
    if (open) expect(result).toMatch(TIER_RESULT); // issue 15: an open objective names its tier
    else expect(result).toBe(summaryResultText(row.passed));
    return { clicks, shown, row, errors, ms: Date.now() - started };
  } finally {
    await context.close();
  }
}

describe.each(FAMILIES.map((f, i) => ({ ...f, id: 9100 + i })))(
  'spawn mode $mode (copy $id of drill $source)',
  ({ id, static: still, mode }) => {
    test('plays to its summary with real mouse input; the summary equals the stored row', async () => {
      const p = await playDrill(id, !still);
      console.log(`drill ${id}: ${p.ms} ms, ${p.clicks} aims, row ${JSON.stringify(p.row)}`);
      expect(p.row.game_id).toBe(id);
      expect(p.shown).toEqual({
        targets: p.row.targets_destroyed,
        hits: p.row.hits,
        shots: p.row.shots,
        accuracy: p.row.accuracy,
        time_destroy: p.row.time_destroy,
      });
      expect(p.clicks).toBeGreaterThan(0);
      expect(p.row.shots).toBeGreaterThan(0);
      expect(p.row.shots).toBeGreaterThanOrEqual(p.row.hits as number);
      expect(p.row.hits).toBeGreaterThanOrEqual(1);
      if (still) {
        // every click was aimed at a still target's centre after the previous click was applied:
        // most hit. MultiArea / AlternatingAreas targets live a short time: on a busy machine
        // one often times out between the look and the click (measured in CI: 3 hits of 7 shots;
        // at load 12: 1 kill of 3 shots in 4 aims), so there a quarter must hit and one kill do
        const timed = mode === 'MultiArea' || mode === 'AlternatingAreas';
        expect(p.row.targets_destroyed).toBeGreaterThanOrEqual(timed ? 1 : 2);
        expect(p.row.hits as number).toBeGreaterThanOrEqual((p.row.shots as number) / (timed ? 4 : 2));
      }
      expect(pageErrors(p.errors)).toEqual([]);
    });
  },
);
