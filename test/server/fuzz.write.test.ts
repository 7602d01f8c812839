/**
 * Generated bad input (fast-check) for every write route: FUZZ_RUNS cases per route through
 * app.inject() on a real SQLite file; no answer >= 500 and every 4xx is JSON { error }
 * (test/server/fuzz.ts). Reproduce a failure with FUZZ_SEED=<seed printed>.
 */
import { FUZZ_RUNS, fuzzRoute, startFuzzServer, WRITE_ROUTES, type FuzzServer } from './fuzz';

let fz: FuzzServer;
beforeAll(async () => {
  fz = await startFuzzServer();
});
afterAll(async () => {
  await fz?.close();
});

describe.each(WRITE_ROUTES.map((r) => [r.name, r] as const))('%s', (_name, route) => {
  test(`${FUZZ_RUNS} generated requests: no 5xx, every 4xx is JSON { error }`, async () => {
    const statuses = await fuzzRoute(fz, route);
    if (process.env.FUZZ_VERBOSE) console.log(route.name, JSON.stringify(statuses));
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(FUZZ_RUNS);
    expect(Object.keys(statuses).filter((s) => Number(s) >= 500)).toEqual([]);
  }, 60_000);
});
