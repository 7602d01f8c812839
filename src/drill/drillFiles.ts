/**
 * Drill files (issue 17 item 3, "Drills are data"): the catalogue is one JSON document per drill
 * under `drills/` at the repository root (`<id>.json`), each checked by `checkDrillDocument`
 * (the drill schema of src/contracts/drillSchema.ts, then the engine's parser). Node only
 * (reads the folder): the server seeds the database from it (src/server/drills.ts), the build
 * checks it (scripts/check-drills.ts), tests load it (src/drill/catalogue.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogueDrill } from '../contracts/drillSchema';
import { checkDrillDocument } from './drillDocument';

/** The drill folder, relative to process.cwd() (the repository root, as `assets/` and `dist/`). */
export const DEFAULT_DRILLS_DIR = 'drills';

/** One refused drill file: `file` as given (folder joined with the name), `field` a dotted path
 * ('' when the file as a whole is wrong: not JSON, misnamed), `reason` why. */
export interface DrillFileProblem {
  file: string;
  field: string;
  reason: string;
}

/** Thrown by `loadDrillFolder` when a drill file is refused: `problems` lists every one; the
 * message has one line per problem, `drills/140.json: target_size: must be <= 3, got 9`. */
export class DrillFileError extends Error {
  readonly problems: DrillFileProblem[];
  constructor(problems: DrillFileProblem[]) {
    super(`Invalid drill files:\n${problems.map(formatDrillFileProblem).join('\n')}`);
    this.name = 'DrillFileError';
    this.problems = problems;
  }
}

/** `file: field: reason` (or `file: reason` without a field). */
export function formatDrillFileProblem(p: DrillFileProblem): string {
  return p.field ? `${p.file}: ${p.field}: ${p.reason}` : `${p.file}: ${p.reason}`;
}

/**
 * Reads and checks every `*.json` file of `dir` (default DEFAULT_DRILLS_DIR under process.cwd();
 * other files are ignored). Answers the drills, sorted by id, and the problems: a file that is
 * not JSON, is not named `<id>.json` after its own id, or fails `checkDrillDocument` (each
 * error a problem). Throws only when the folder cannot be read (ENOENT etc.).
 */
export function checkDrillFolder(dir: string = DEFAULT_DRILLS_DIR): { drills: CatalogueDrill[]; problems: DrillFileProblem[] } {
  const abs = path.resolve(process.cwd(), dir);
  const names = fs.readdirSync(abs).filter((n) => n.endsWith('.json')).sort();
  const drills: CatalogueDrill[] = [];
  const problems: DrillFileProblem[] = [];
  if (names.length === 0) problems.push({ file: dir, field: '', reason: 'holds no drill (*.json) file' });
  for (const name of names) {
    const file = path.join(dir, name);
    let doc: unknown;
    try {
      doc = JSON.parse(fs.readFileSync(path.join(abs, name), 'utf8'));
    } catch (e) {
      problems.push({ file, field: '', reason: `is not valid JSON (${(e as Error).message})` });
      continue;
    }
    const res = checkDrillDocument(doc);
    if (!res.ok) {
      for (const err of res.errors) problems.push({ file, ...err });
      continue;
    }
    if (name !== `${res.drill.id}.json`) {
      problems.push({ file, field: 'id', reason: `the file of drill ${res.drill.id} must be named ${res.drill.id}.json` });
      continue;
    }
    drills.push(res.drill);
  }
  drills.sort((a, b) => a.id - b.id);
  return { drills, problems };
}

/**
 * The drills of `dir` (see `checkDrillFolder`), sorted by id.
 * @throws DrillFileError naming every refused file, field and reason; the fs error when the
 *   folder cannot be read.
 */
export function loadDrillFolder(dir: string = DEFAULT_DRILLS_DIR): CatalogueDrill[] {
  const { drills, problems } = checkDrillFolder(dir);
  if (problems.length > 0) throw new DrillFileError(problems);
  return drills;
}
