/**
 * End-to-end harness: the real server (buildApp from src/server/app.ts) on a fresh SQLite file,
 * listening on 127.0.0.1 with a free port, serving the built client from dist/ (`npm test`
 * builds it first), and a real headless Chromium driven by playwright-core.
 *
 * Chromium: $CHROME_PATH, else /usr/bin/chromium (Debian package; .ci/run installs it).
 * WebGL works headless through SwiftShader (`--use-angle=swiftshader --enable-unsafe-swiftshader`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';

export interface E2eServer {
  app: FastifyInstance;
  baseUrl: string;
  databaseFile: string;
  close(): Promise<void>;
}

/** Starts the real server on a temp SQLite file. Throws if dist/index.html is missing. */
export async function startServer(): Promise<E2eServer> {
  // E2E_DIST_DIR: another build folder (e.g. `npx vite build --outDir dist-mine`), so that
  // parallel work on one checkout does not overwrite each other's dist/.
  const distDir = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html is missing: run \`npm run build\` first (npm test does).`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-e2e-'));
  const databaseFile = path.join(dir, 'e2e.sqlite');
  const app = await buildApp({ databaseFile, distDir, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl: address,
    databaseFile,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Path of the Chromium binary to drive. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) throw new Error('No Chromium found: set CHROME_PATH or install the chromium package.');
  return found;
}

/** Launches headless Chromium with WebGL through SwiftShader and no background networking. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser context (own cookie jar = own guest player) and page, 1280x720, DPR 1.
 * Page errors and console errors are collected in `errors`. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
}
