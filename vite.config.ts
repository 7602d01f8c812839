import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text outputs precompressed at build (the server's src/server/compression.ts serves the
 * `.br` / `.gz` siblings by Accept-Encoding). Source maps are left to on-the-fly compression. */
const PRECOMPRESS = /\.(js|mjs|css|svg|json|wasm|html)$/;

/**
 * Writes `file.br` (brotli quality 11) and `file.gz` (gzip level 9) next to every text output
 * of at least 512 bytes under dist/assets (issue 18 item 1: bundles served compressed without
 * compressing on each request).
 */
function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aim-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && PRECOMPRESS.test(f));
      await Promise.all(
        files.map(async (f) => {
          const full = path.join(outDir, f);
          const bytes = await fs.promises.readFile(full);
          if (bytes.length < 512) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzip(bytes, { level: 9 }),
          ]);
          await Promise.all([fs.promises.writeFile(`${full}.br`, br), fs.promises.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The client build: one page (index.html) that shows the game, or the host app shell at /app/.
 * `npm run dev` proxies the API to the server started with `npm run serve`. The manifest
 * (dist/.vite/manifest.json) gives the server the game page's preload hints
 * (src/server/preload.ts) and the bundle-budget test its chunk graph. */
export default defineConfig({
  plugins: [react(), precompressPlugin()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000, manifest: true },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/gameoptions': 'http://localhost:8080',
      // the game's sounds, meshes and images (assets/ at the top level, served by the server)
      '^/assets/(sounds|meshes|images)/': 'http://localhost:8080',
    },
  },
});
