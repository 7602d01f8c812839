/**
 * The drill catalogue: the drills of the JSON files under `drills/` (one `<id>.json` per drill,
 * the source of truth; docs/engine.md "Drills as data"), each validated by the drill schema
 * (src/contracts/drillSchema.ts) and the engine's parser, defaults filled in. The server seeds
 * the database from the same files (src/server/drills.ts). Node only: it reads the folder when
 * first imported, and throws DrillFileError (file, field, reason) for a bad file.
 *
 * The drills: 134 (Gridshot) and 2033 (the short test drill: two large still targets) plus
 * 135-150 covering static clicking (135-142), moving-target tracking with an automatic weapon
 * (143-146) and multi-target switching (147-150), and 151-166 for the rest of the engine:
 * Oscillation (151) and AlternatingAreas (152) spawn modes, grounded face-player humanoid
 * strafers with head crits (153), growing / shrinking targets (154, 155), return to centre
 * (156), order mode with a priority-first targets list (157), ADS zoom and sensitivity (158),
 * player movement (159), health regeneration (160), circle and depth movement (161, 162), the
 * elimination and sudden_death game modes (163, 164), a dynamic target size (165) and a clip
 * where only hits use rounds and kills reload (166). Each uses only behaviour the engine
 * implements (src/ecs); together they use every spawn mode (tested).
 */
import type { CatalogueDrill } from '../contracts/drillSchema';
import { loadDrillFolder } from './drillFiles';

export type { CatalogueDrill, DrillCategory } from '../contracts/drillSchema';

/** Every catalogue drill, sorted by id (the files of `drills/` under process.cwd()). */
export const DRILL_CATALOGUE: CatalogueDrill[] = loadDrillFolder();
