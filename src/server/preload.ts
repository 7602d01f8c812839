/**
 * Preload hints for the game page (issue 18 item 1): the game chunk (the boot entry's dynamic
 * import of src/game/boot.ts, with the controller and Babylon), its static imports and the first shader chunks the room
 * compiles are named in `<link rel="modulepreload">` tags written into the served index.html,
 * so the browser fetches them in parallel with the entry chunk and the API calls instead of
 * after the gameconfig answer (the waterfall measured in issue 18).
 *
 * The chunk files come from the Vite manifest (`dist/.vite/manifest.json`, `build.manifest`
 * in vite.config.ts): `{ [sourceKey]: { file, imports?, dynamicImports?, isEntry? } }`.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One manifest entry (the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The Vite manifest: chunks by source key. */
export type ViteManifest = Record<string, ManifestChunk>;

/** The manifest key of the page's entry module. */
export const ENTRY_KEY = 'index.html';

/** The manifest key of the game chunk (loaded by the entry, src/main.ts: the boot). */
export const GAME_CHUNK_KEY = 'src/game/boot.ts';

/** The shader chunks the game's first frame needs under WebGL 2: StandardMaterial's (the room's
 * walls, floor and grid lines are all StandardMaterial). The shadow map's shaders come with the
 * round's chunk after the first frame (src/game/roundParts.ts). Measured with Chromium on
 * drill 134 (the JS requested by scripts before the first frame). Keys absent from a manifest
 * are skipped; a key matches a manifest key equal to it or ending in `/` + it (a checkout whose
 * node_modules is a link resolves to `../elsewhere/node_modules/...`). */
export const GAME_FIRST_FRAME_SHADER_KEYS: readonly string[] = [
  'node_modules/@babylonjs/core/Shaders/default.vertex.js',
  'node_modules/@babylonjs/core/Shaders/default.fragment.js',
];

/** The manifest keys of `keys` (exact, or a key ending in `/` + the key), each once. */
export function manifestKeysOf(manifest: ViteManifest, keys: readonly string[]): string[] {
  const all = Object.keys(manifest);
  const out: string[] = [];
  for (const k of keys) {
    const hit = manifest[k] ? k : all.find((m) => m.endsWith(`/${k}`));
    if (hit && !out.includes(hit)) out.push(hit);
  }
  return out;
}

/** The files (manifest `file`, relative to dist/) of `keys` and of everything they import
 * statically, depth first, each once, in the order the imports appear. */
export function staticClosure(manifest: ViteManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const k of chunk.imports ?? []) visit(k);
    out.push(chunk.file);
  };
  for (const k of keys) visit(k);
  return out;
}

/** The entry chunk's key: `index.html` when present, else the first `isEntry` chunk. */
export function entryKey(manifest: ViteManifest): string | null {
  if (manifest[ENTRY_KEY]) return ENTRY_KEY;
  return Object.keys(manifest).find((k) => manifest[k].isEntry) ?? null;
}

/**
 * The files (dist-relative, each once) a page built into `manifest` loads before its first drawn
 * frame: its entry chunk and the chunks of `keys` (manifest keys, exact or by suffix as
 * `manifestKeysOf` matches them), each with its static imports. The game page's are
 * `[GAME_CHUNK_KEY, ...GAME_FIRST_FRAME_SHADER_KEYS]`; the bundle benchmark's minimal Babylon
 * page's are the shader keys alone (it draws StandardMaterial spheres).
 */
export function firstFrameFiles(manifest: ViteManifest, keys: readonly string[]): string[] {
  const entry = entryKey(manifest);
  return staticClosure(manifest, [...(entry ? [entry] : []), ...manifestKeysOf(manifest, keys)]);
}

/**
 * The files to preload for the game page: the game chunk with its static imports and the
 * first-frame shader chunks with theirs, less what the entry already loads statically.
 * Empty when the manifest has no game chunk.
 */
export function gamePreloadFiles(manifest: ViteManifest): string[] {
  if (!manifest[GAME_CHUNK_KEY]) return [];
  const entry = entryKey(manifest);
  const already = new Set(entry ? staticClosure(manifest, [entry]) : []);
  return firstFrameFiles(manifest, [GAME_CHUNK_KEY, ...GAME_FIRST_FRAME_SHADER_KEYS]).filter((f) => !already.has(f));
}

/** `<link rel="modulepreload">` tags for `files` (dist-relative), one a line. */
export function modulePreloadTags(files: readonly string[]): string {
  return files.map((f) => `<link rel="modulepreload" crossorigin href="/${f.replace(/[^A-Za-z0-9_./-]/g, '')}" />`).join('\n    ');
}

/** index.html with `tags` added at the end of its head. */
export function pageWithPreloads(html: string, tags: string): string {
  if (!tags) return html;
  return html.replace('</head>', `  ${tags}\n  </head>`);
}

let cached: { file: string; mtimeMs: number; tags: string } | null = null;

/** The game page's preload tags for the build in `distDir` (read from its manifest, cached by
 * the manifest's mtime); '' when there is no manifest or it cannot be parsed. */
export function gamePreloadTags(distDir: string): string {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return '';
  }
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.tags;
  let tags = '';
  try {
    tags = modulePreloadTags(gamePreloadFiles(JSON.parse(fs.readFileSync(file, 'utf8')) as ViteManifest));
  } catch {
    tags = '';
  }
  cached = { file, mtimeMs, tags };
  return tags;
}
