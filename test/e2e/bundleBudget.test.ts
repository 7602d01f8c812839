/**
 * Bundle budget of the game page (issue 18 item 1), read from the build's Vite manifest
 * (`dist/.vite/manifest.json`, or E2E_DIST_DIR's; `npm run build` first): the JS the browser
 * loads before the first frame of `/?id=134` is the entry chunk with its static imports plus
 * what the server's preload hints name (src/server/preload.ts firstFrameFiles: the game chunk,
 * src/game/boot.ts, with its static imports and the first frame's shader chunks), measured as
 * gzip -9 of each file, summed, in KiB (1024 bytes), the same reading as
 * `npm run bench -- bundle` (test/bench/loadTime.ts).
 *
 * - The entry boots the game before the UI (src/main.ts): the React UI's chunk (src/app.tsx)
 *   and the round's chunk (src/game/roundParts.ts: glTF loader, shadows, effects, drill
 *   engine, submission) are never part of it.
 * - Budget: the JS before the first frame may not grow past BUDGET_KIB (the size measured when
 *   the boot entry landed, 2026-11-26, 317 KiB, plus about 2.5%); a change that adds to it
 *   fails here. Issue 18's goals: at most 350 KiB, and at most 1.3x the minimal deep-import
 *   Babylon page (test/bench/reference/minimal, built here into a temp folder) read the same
 *   way: its entry and the StandardMaterial shader chunks it loads before its first drawn frame.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { firstFrameFiles, GAME_CHUNK_KEY, GAME_FIRST_FRAME_SHADER_KEYS, type ViteManifest } from '../../src/server/preload';

jest.setTimeout(120_000);

const DIST = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');
/** The JS before the first frame may not grow past this, KiB gzip -9. Raised from 325 to 340 on
 * 2026-11-28: playlists playing in place (the game page loads the next drill and shows the
 * playlist banner and summary), the decoy view and the new movement rules in the engine took it
 * to 337 KiB; still under issue 18's 350 KiB goal (GOAL_KIB). Raised to 346 on 2026-11-28 (second
 * stop): the sensitivity finder's rounds (its slice and listener in the game page's store: a
 * round's hidden sensitivity is given to the load), the rooms' looks and the weapon models by
 * weapon_type took it to 343.3 KiB. */
const BUDGET_KIB = 346;
/** Issue 18 item 1: at most this, KiB gzip. */
const GOAL_KIB = 350;
/** Issue 18 item 1: at most this many times the minimal page's. */
const GOAL_RATIO = 1.3;

const readManifest = (dist: string): ViteManifest => {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ViteManifest;
};

/** The dist-relative JS files of the game page's first frame. */
const gameFirstFrameJs = (m: ViteManifest): string[] =>
  firstFrameFiles(m, [GAME_CHUNK_KEY, ...GAME_FIRST_FRAME_SHADER_KEYS]).filter((f) => f.endsWith('.js'));

const gzipKiB = (dist: string, files: readonly string[]): number =>
  files.reduce((a, f) => a + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024;

test('the game chunk is preloaded; the UI\'s chunk and the round\'s chunk are not part of the first frame', () => {
  const m = readManifest(DIST);
  const files = gameFirstFrameJs(m);
  const game = m[GAME_CHUNK_KEY];
  expect(game).toBeDefined();
  expect(files).toContain(game.file);
  for (const key of ['src/app.tsx', 'src/game/roundParts.ts']) {
    const chunk = m[key];
    expect(chunk).toBeDefined();
    expect(chunk.isDynamicEntry).toBe(true);
    expect(files).not.toContain(chunk.file);
  }
  // React (its element symbol) is in none of them
  const sources = files.map((f) => fs.readFileSync(path.join(DIST, f), 'utf8'));
  expect(sources.some((src) => src.includes('react.transitional.element'))).toBe(false);
  expect(fs.readFileSync(path.join(DIST, m['src/app.tsx'].file), 'utf8').includes('react.transitional.element')
    || (m['src/app.tsx'].imports ?? []).some((k) => fs.readFileSync(path.join(DIST, m[k].file), 'utf8').includes('react.transitional.element'))).toBe(true);
});

test(`the JS before the game page's first frame stays within its budget (${BUDGET_KIB} KiB gzip) and issue 18's ${GOAL_KIB} KiB`, () => {
  const files = gameFirstFrameJs(readManifest(DIST));
  const kib = gzipKiB(DIST, files);
  console.log(`JS before the first frame: ${files.length} files, ${kib.toFixed(1)} KiB gzip -9`);
  expect(kib).toBeGreaterThan(100); // a real build (not an empty manifest)
  expect(kib).toBeLessThanOrEqual(BUDGET_KIB);
  expect(kib).toBeLessThanOrEqual(GOAL_KIB);
});

test(`the JS before the game page's first frame is at most ${GOAL_RATIO}x the minimal Babylon page's`, () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-minimal-'));
  try {
    execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'test/bench/reference/minimal/vite.config.ts', '--outDir', out, '--logLevel', 'error'], { stdio: 'pipe' });
    const ref = readManifest(out);
    const refFiles = firstFrameFiles(ref, GAME_FIRST_FRAME_SHADER_KEYS).filter((f) => f.endsWith('.js'));
    const refKiB = gzipKiB(out, refFiles);
    const kib = gzipKiB(DIST, gameFirstFrameJs(readManifest(DIST)));
    console.log(`minimal page before its first drawn frame: ${refFiles.length} files, ${refKiB.toFixed(1)} KiB; the game page: ${kib.toFixed(1)} KiB (${(kib / refKiB).toFixed(2)}x)`);
    expect(refKiB).toBeGreaterThan(200); // Babylon's engine, scene and material, and the shaders
    expect(kib / refKiB).toBeLessThanOrEqual(GOAL_RATIO);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
