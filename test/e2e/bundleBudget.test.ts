/**
 * Bundle budget of the game page (issue 18 item 1), read from the build's Vite manifest
 * (`dist/.vite/manifest.json`, or E2E_DIST_DIR's; `npm run build` first): the JS the browser
 * loads before the first frame of `/?id=134` is the entry chunk with its static imports plus
 * what the server's preload hints name (src/server/preload.ts gamePreloadFiles: the game chunk,
 * its static imports and the first frame's shader chunks), measured as gzip -9 of each file,
 * summed, in KiB (1024 bytes), the same reading as `npm run bench -- bundle`
 * (test/bench/loadTime.ts).
 *
 * - The round's chunk (src/game/roundParts.ts: glTF loader, shadows, effects, drill engine,
 *   submission) is never part of it (it is requested right after the first frame).
 * - Budget: the JS before the first frame may not grow past BUDGET_KIB (the size measured when
 *   the game chunk was split, 2026-11-25, plus about 2%); a change that adds to it fails here.
 * - Issue 18's goal, at most 350 KiB, is NOT met yet (the entry alone, React + Redux Toolkit +
 *   i18next + the game page's UI, is 137 KiB, and the first frame's Babylon about 300 KiB; see
 *   BENCHMARKS.md "Bundles and load time"): lower BUDGET_KIB as the JS shrinks, to 350 at the goal.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { entryKey, gamePreloadFiles, staticClosure, type ViteManifest } from '../../src/server/preload';

const DIST = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');
/** The JS before the first frame may not grow past this, KiB gzip -9. */
const BUDGET_KIB = 470;

const manifestFile = path.join(DIST, '.vite', 'manifest.json');
const manifest = (): ViteManifest => {
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
};

/** The dist-relative JS files loaded before the game page's first frame, each once. */
function firstFrameJs(m: ViteManifest): string[] {
  const entry = entryKey(m);
  if (!entry) throw new Error('the manifest has no entry chunk');
  return [...new Set([...staticClosure(m, [entry]), ...gamePreloadFiles(m)])].filter((f) => f.endsWith('.js'));
}

const gzipKiB = (files: readonly string[]): number =>
  files.reduce((a, f) => a + zlib.gzipSync(fs.readFileSync(path.join(DIST, f)), { level: 9 }).length, 0) / 1024;

test('the game chunk is preloaded and the round\'s chunk is not part of the first frame', () => {
  const m = manifest();
  const files = firstFrameJs(m);
  const game = m['src/game/createGameController.ts'];
  expect(game).toBeDefined();
  expect(files).toContain(game.file);
  const round = m['src/game/roundParts.ts'];
  expect(round).toBeDefined();
  expect(round.isDynamicEntry).toBe(true);
  expect(files).not.toContain(round.file);
  expect(game.dynamicImports ?? []).toContain('src/game/roundParts.ts');
});

test(`the JS before the game page's first frame stays within its budget (${BUDGET_KIB} KiB gzip)`, () => {
  const files = firstFrameJs(manifest());
  const kib = gzipKiB(files);
  console.log(`JS before the first frame: ${files.length} files, ${kib.toFixed(1)} KiB gzip -9`);
  expect(kib).toBeGreaterThan(100); // a real build (not an empty manifest)
  expect(kib).toBeLessThanOrEqual(BUDGET_KIB);
});
