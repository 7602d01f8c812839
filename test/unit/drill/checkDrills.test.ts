/**
 * The build's drill check (scripts/check-drills.ts, first step of `npm run build`) and the
 * generated schema page (docs/drill-schema.md): a bad drill file fails the check, and the build,
 * with the file, the field and the reason; the page matches the schema.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DRILL_SCHEMA_DOC, DRILL_VALIDATOR_FILE, generatedDrillFiles, staleDrillFiles } from '../../../scripts/drill-schema-gen';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
const DRILLS = path.join(ROOT, 'drills');
const FILES = fs.readdirSync(DRILLS).filter((n) => n.endsWith('.json'));

function copyOfDrills(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-check-drills-'));
  for (const f of FILES) fs.copyFileSync(path.join(DRILLS, f), path.join(dir, f));
  return dir;
}
const edit = (dir: string, name: string, over: Record<string, unknown>, drop: string[] = []) => {
  const doc = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
  for (const k of drop) delete doc[k];
  fs.writeFileSync(path.join(dir, name), JSON.stringify({ ...doc, ...over }));
};
const checkDrills = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-drills.ts', ...args], { cwd: ROOT, encoding: 'utf8' });

describe('scripts/check-drills.ts', () => {
  it('passes the drill files of the repository', () => {
    const r = checkDrills();
    expect(r.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`${FILES.length} drill files in drills are valid`);
  });

  it('fails on bad files, one line per problem: file, field, reason', () => {
    const dir = copyOfDrills();
    try {
      edit(dir, '134.json', { target_size: 'big' }); // wrong type
      edit(dir, '135.json', { duration: 5 }); // out of range
      edit(dir, '136.json', { targetsize: 0.3 }); // unknown field
      edit(dir, '137.json', {}, ['spawn_mode']); // missing required
      edit(dir, '138.json', { target_grow_mode: 'grow', target_lifetime: null }); // the engine refuses it
      fs.writeFileSync(path.join(dir, '139.json'), '{ "id": 139, ');
      fs.renameSync(path.join(dir, '140.json'), path.join(dir, 'headshot.json'));
      const r = checkDrills(dir);
      expect(r.status).toBe(1);
      const f = (n: string) => path.join(dir, n);
      for (const line of [
        `${f('134.json')}: target_size: must be number, got "big"`,
        `${f('135.json')}: duration: must be >= 1000, got 5`,
        `${f('136.json')}: targetsize: is not a drill field`,
        `${f('137.json')}: spawn_mode: is required`,
        `${f('138.json')}: target_grow_mode: 'grow' needs a finite target_lifetime`,
        `${f('139.json')}: is not valid JSON`,
        `${f('headshot.json')}: id: the file of drill 140 must be named 140.json`,
      ]) expect(r.stderr).toContain(line);
      expect(r.stderr).toContain('7 problem(s)');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails on a missing or empty folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-check-drills-'));
    try {
      expect(checkDrills(dir)).toMatchObject({ status: 1, stderr: expect.stringContaining('holds no drill (*.json) file') });
      expect(checkDrills(path.join(dir, 'missing'))).toMatchObject({ status: 1, stderr: expect.stringContaining('cannot read the drill folder') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops `npm run build` before anything is built', () => {
    const dir = copyOfDrills();
    try {
      edit(dir, '2033.json', { num_targets: 0 });
      const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DRILLS_DIR: dir } });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain(`${path.join(dir, '2033.json')}: num_targets: must be >= 1, got 0`);
      expect(`${r.stdout}${r.stderr}`).not.toMatch(/> \S+ build:wasm/); // the next step never ran
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('files generated from the drill schema (scripts/drill-schema-gen.ts)', () => {
  it('docs/drill-schema.md and the compiled validator are up to date (run `npx tsx scripts/drill-schema-gen.ts` after changing the schema)', () => {
    expect(generatedDrillFiles().map((f) => f.path).sort()).toEqual([DRILL_SCHEMA_DOC, DRILL_VALIDATOR_FILE].sort());
    for (const f of generatedDrillFiles()) expect([f.path, fs.readFileSync(path.join(ROOT, f.path), 'utf8')]).toEqual([f.path, f.content]);
    expect(staleDrillFiles(ROOT)).toEqual([]);
  });

  it('a stale one fails the check', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-gen-'));
    try {
      for (const f of generatedDrillFiles()) {
        fs.mkdirSync(path.dirname(path.join(root, f.path)), { recursive: true });
        fs.writeFileSync(path.join(root, f.path), f.content);
      }
      expect(staleDrillFiles(root)).toEqual([]);
      fs.appendFileSync(path.join(root, DRILL_SCHEMA_DOC), '\nedited by hand\n');
      expect(staleDrillFiles(root)).toEqual([DRILL_SCHEMA_DOC]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the compiled validator needs no ajv compiler at run time (the page CSP refuses new Function)', () => {
    const src = fs.readFileSync(path.join(ROOT, DRILL_VALIDATOR_FILE), 'utf8');
    expect(src).not.toMatch(/\bnew Function\b|\beval\(|\brequire\(|^import /m);
    expect(fs.readFileSync(path.join(ROOT, 'src/contracts/drillSchema.ts'), 'utf8')).not.toMatch(/^import (?!type )[^;]*'ajv/m);
  });
});
