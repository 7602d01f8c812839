import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { DRILL_DOCUMENT_SCHEMA } from './src/contracts/drillSchema';

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

/** FNV-1a (32 bit, hex) of a string: the precompiled validator's schema check. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}

/**
 * Issue 17: the drill schema (src/contracts/drillSchema.ts) validates with ajv, which compiles a
 * schema into code with `new Function`, and the page's CSP refuses that (no 'unsafe-eval',
 * src/server/app.ts CSP_DIRECTIVES). In the client build, `ajv` resolves to a stand-in whose
 * `compile` returns the drill schema's validator generated here at build time (ajv standalone
 * code, the same options as drillSchema.ts), so the drill editor and the preview check a drill
 * with the very schema the server uses. Compiling any other schema in the page throws, as does a
 * drill schema that differs from the one built in (a hash of its JSON).
 */
function precompiledAjvPlugin(): Plugin {
  const STANDIN = '\0aim-ajv';
  const VALIDATOR = '\0aim-ajv-drill-validator';
  return {
    name: 'aim-precompiled-ajv',
    enforce: 'pre',
    resolveId(id) {
      if (id === 'ajv') return STANDIN;
      if (id === VALIDATOR) return VALIDATOR;
      return null;
    },
    load(id) {
      if (id === VALIDATOR) {
        // the options of drillSchema.ts's validator(), plus standalone ESM output
        const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: true, strictTypes: false, code: { source: true, esm: true } });
        const code = standaloneCode(ajv, ajv.compile(DRILL_DOCUMENT_SCHEMA));
        // its one runtime helper comes as a CommonJS require: an import in the page
        return `import __ucs2length from 'ajv/dist/runtime/ucs2length';\n${code.replace(/require\("ajv\/dist\/runtime\/ucs2length"\)/g, '{ default: __ucs2length.default ?? __ucs2length }')}`;
      }
      if (id === STANDIN) {
        return [
          `import validateDrill from '${VALIDATOR}';`,
          fnv1a.toString(),
          `const DRILL_SCHEMA_HASH = ${JSON.stringify(fnv1a(JSON.stringify(DRILL_DOCUMENT_SCHEMA)))};`,
          'export default class Ajv {',
          '  compile(schema) {',
          '    if (fnv1a(JSON.stringify(schema)) !== DRILL_SCHEMA_HASH) throw new Error("ajv in the page only has the drill schema built in (vite.config.ts precompiledAjvPlugin)");',
          '    return validateDrill;',
          '  }',
          '}',
        ].join('\n');
      }
      return null;
    },
  };
}

/** The client build: one page (index.html) that shows the game, or the host app shell at /app/.
 * `npm run dev` proxies the API to the server started with `npm run serve`. The manifest
 * (dist/.vite/manifest.json) gives the server the game page's preload hints
 * (src/server/preload.ts) and the bundle-budget test its chunk graph. */
export default defineConfig({
  plugins: [precompiledAjvPlugin(), react(), precompressPlugin()],
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
