import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the minimal reference page into dist-bench-minimal/ (test/bench/loadTime.ts):
 * `npx vite build --config test/bench/reference/minimal/vite.config.ts`. */
export default defineConfig({
  root: here,
  base: '/',
  build: { outDir: path.resolve(here, '../../../../dist-bench-minimal'), emptyOutDir: true, manifest: true },
});
