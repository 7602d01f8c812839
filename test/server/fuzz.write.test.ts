/**
 * Generated bad input (fast-check) for every write route: FUZZ_RUNS cases per route through
 * app.inject() on a real SQLite file; no answer >= 500 and every 4xx is JSON { error }
 * (test/server/fuzz.ts). Reproduce a failure with FUZZ_SEED=<seed printed>.
 */
import { describeFuzzRoutes, WRITE_ROUTES } from './fuzz';

describeFuzzRoutes(WRITE_ROUTES);
