/**
 * Checks the drill files before the build (`npm run build` runs it first): every `*.json` of
 * the drill folder must pass the drill schema (src/contracts/drillSchema.ts) and the engine's
 * parser, and be named `<id>.json`; and what is generated from the schema (docs/drill-schema.md,
 * the compiled validator) must be up to date. Prints one line per problem, `file: field:
 * reason`, and exits 1 when there is any; else prints how many drills passed and exits 0.
 *
 * Usage: `tsx scripts/check-drills.ts [folder]`; the folder defaults to $DRILLS_DIR, else
 * `drills` (relative to the current directory, the repository root under npm).
 */
import { checkDrillFolder, DEFAULT_DRILLS_DIR, formatDrillFileProblem } from '../src/drill/drillFiles';
import { staleDrillFiles } from './drill-schema-gen';

const dir = process.argv[2] ?? (process.env.DRILLS_DIR || DEFAULT_DRILLS_DIR);
try {
  const { drills, problems } = checkDrillFolder(dir);
  for (const file of staleDrillFiles()) {
    problems.push({ file, field: '', reason: 'is out of date with the drill schema: run `npx tsx scripts/drill-schema-gen.ts`' });
  }
  if (problems.length > 0) {
    console.error(`check-drills: ${problems.length} problem(s) in the drill files of ${dir}:`);
    for (const p of problems) console.error(`  ${formatDrillFileProblem(p)}`);
    process.exit(1);
  }
  console.log(`check-drills: ${drills.length} drill files in ${dir} are valid`);
} catch (e) {
  console.error(`check-drills: cannot read the drill folder ${dir}: ${(e as Error).message}`);
  process.exit(1);
}
