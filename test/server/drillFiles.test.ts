/**
 * The server seeds the drills table from the drill files (drills/*.json) through the drill
 * schema: the rows equal the files, a new or edited file shows in the API after a restart, and a
 * bad file refuses start-up naming the file, the field and the reason (in buildApp and in the
 * server process, src/server/main.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkDrillDocument } from '../../src/drill/drillDocument';
import { DrillFileError } from '../../src/drill/drillFiles';
import { buildApp } from '../../src/server/app';
import { Client, startTestServer } from './helpers';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
const DRILLS = path.join(ROOT, 'drills');
const FILES = fs.readdirSync(DRILLS).filter((n) => n.endsWith('.json')).sort();
const readDoc = (dir: string, name: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));

/** A temp copy of drills/ for a test to change. */
function copyOfDrills(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-drills-'));
  for (const f of FILES) fs.copyFileSync(path.join(DRILLS, f), path.join(dir, f));
  return dir;
}

interface DrillRow { id: number; name: string; game_type_description: string; objective: string; category: string; fields: string }

describe('seeding the drills table from the drill files', () => {
  test('every row equals its validated file (defaults filled in), one row per file', async () => {
    const server = await startTestServer();
    try {
      const rows = server.query<DrillRow>('select * from drills order by id');
      expect(rows.map((r) => `${r.id}.json`).sort()).toEqual(FILES);
      for (const row of rows) {
        const checked = checkDrillDocument(readDoc(DRILLS, `${row.id}.json`));
        if (!checked.ok) throw new Error(`${row.id}: ${JSON.stringify(checked.errors)}`);
        const { id, name, game_type_description, objective, category, fields } = row;
        expect({ id, name, game_type_description, objective, category, ...JSON.parse(fields) }).toEqual(checked.drill);
      }
    } finally {
      await server.close();
    }
  });

  test('a drill file added or edited is served after a restart', async () => {
    const dir = copyOfDrills();
    const server = await startTestServer({ drillsDir: dir });
    try {
      const client = new Client(server);
      expect((await client.get('/api/v1/gameconfig/9500')).statusCode).toBe(404);
      fs.writeFileSync(path.join(dir, '9500.json'), JSON.stringify({
        id: 9500, name: 'Added Drill', category: 'clicking', num_targets: 4, spawn_mode: 'Random3D', target_size: 0.25,
        game_type_description: '<p>Added as a file.</p>', objective: 'Destroy 10 targets.', targets_destroyed_score: 10,
      }));
      const t2033 = readDoc(dir, '2033.json');
      fs.writeFileSync(path.join(dir, '2033.json'), JSON.stringify({ ...t2033, target_size: 0.9, duration: 12000 }));
      await server.restart();
      const added = await client.get('/api/v1/gameconfig/9500');
      expect(added.statusCode).toBe(200);
      // the file's fields, and the spec's defaults for what it leaves out
      expect(added.json()).toMatchObject({
        id: 9500, name: 'Added Drill', num_targets: 4, spawn_mode: 'Random3D', target_size: 0.25, duration: 60000,
        weapon_fire_rate: 20, clip_size: 99999, target_lifetime: null, config: '{}',
      });
      expect((await client.get('/api/v1/drills')).json()).toContainEqual(expect.objectContaining({ id: 9500, name: 'Added Drill', category: 'clicking' }));
      expect((await client.get('/api/v1/gameconfig/2033')).json()).toMatchObject({ target_size: 0.9, duration: 12000 });
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a bad drill file refuses start-up, naming the file, the field and the reason, before the database is opened', async () => {
    const dir = copyOfDrills();
    const db = path.join(dir, 'never.sqlite');
    try {
      fs.writeFileSync(path.join(dir, '140.json'), JSON.stringify({ ...readDoc(dir, '140.json'), target_size: 9 }));
      fs.writeFileSync(path.join(dir, '141.json'), JSON.stringify({ ...readDoc(dir, '141.json'), spawn_mode: 'Spiral', colour: 'red' }));
      const err = await buildApp({ databaseFile: db, drillsDir: dir, logger: false }).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(DrillFileError);
      expect((err as DrillFileError).problems).toEqual([
        { file: path.join(dir, '140.json'), field: 'target_size', reason: 'must be <= 3, got 9' },
        { file: path.join(dir, '141.json'), field: 'colour', reason: 'is not a drill field' },
        { file: path.join(dir, '141.json'), field: 'spawn_mode', reason: expect.stringMatching(/^must be one of .*got "Spiral"$/) },
      ]);
      expect((err as Error).message).toContain(`${path.join(dir, '140.json')}: target_size: must be <= 3, got 9`);
      expect(fs.existsSync(db)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the server process (npm run serve) exits 1 on a bad drill file and says which', async () => {
    const dir = copyOfDrills();
    try {
      fs.writeFileSync(path.join(dir, '150.json'), JSON.stringify({ ...readDoc(dir, '150.json'), target_lifetime: 'short' }));
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_FILE: path.join(dir, 'db.sqlite'), DRILLS_DIR: dir, DIST_DIR: '/nonexistent-dist' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      expect(code).toBe(1);
      expect(out).toContain(`${path.join(dir, '150.json')}: target_lifetime: must be number or null, got "short"`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
