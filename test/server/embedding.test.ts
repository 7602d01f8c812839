/**
 * Issue 12, server side: which origins may frame the game (HOST_ORIGINS -> CSP frame-ancestors,
 * X-Frame-Options), the referrer policy that keeps same-site referrers for Quit, the allowed
 * origins written into the page for the host bridge, and the host SDK served to other origins.
 * Real app (buildApp) on a real SQLite file, with a small built client in a temp dir.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from './helpers';
import { parseHostOrigins } from '../../src/contracts/hostMessages';

/** A dist folder with an index.html carrying the host-origins meta tag, and the SDK files. */
function fakeDist(dir: string): string {
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'sdk'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'examples'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="aim-host-origins" content="" /></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'sdk', 'host.js'), 'export const x = 1;\n');
  fs.writeFileSync(path.join(dist, 'sdk', 'host.d.ts'), 'export declare const x: number;\n');
  fs.writeFileSync(path.join(dist, 'examples', 'host.html'), '<!doctype html><title>host</title>');
  return dist;
}

async function withServer(hostOrigins: string | undefined, fn: (s: TestServer) => Promise<void>): Promise<void> {
  const s = await startTestServer();
  const distDir = fakeDist(s.dir);
  await s.app.close();
  const { buildBrowserApp: buildApp } = await import('./helpers');
  s.app = await buildApp({ databaseFile: s.databaseFile, distDir, logger: false, hostOrigins, pressure: false });
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

const metaOf = (html: string) => /<meta name="aim-host-origins" content="([^"]*)"/.exec(html)?.[1];

test('without HOST_ORIGINS only the game itself may frame it, on every page', async () => {
  await withServer(undefined, async (s) => {
    for (const url of ['/', '/?id=2033', '/app/', '/drills', '/api/v1/drills', '/gameoptions/edit']) {
      const res = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(String(res.headers['content-security-policy'])).not.toMatch(/frame-ancestors 'self' \S/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    const page = await s.app.inject({ method: 'GET', url: '/?id=2033' });
    expect(metaOf(page.body)).toBe('');
  });
});

test('HOST_ORIGINS lists the origins that may frame the game; the page learns them', async () => {
  await withServer(' http://127.0.0.1:9999 , https://Host.Example:443/ ', async (s) => {
    const res = await s.app.inject({ method: 'GET', url: '/?id=2033' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' http://127.0.0.1:9999 https://host.example");
    // X-Frame-Options cannot name another origin: it is left out, CSP decides
    expect(res.headers['x-frame-options']).toBeUndefined();
    // the rest stays as strict
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("object-src 'none'");
    expect(metaOf(res.body)).toBe('http://127.0.0.1:9999,https://host.example');
    const summary = await s.app.inject({ method: 'GET', url: '/app/' });
    expect(String(summary.headers['content-security-policy'])).toContain('frame-ancestors \'self\' http://127.0.0.1:9999');
  });
});

test("HOST_ORIGINS='*' lets any origin frame the game", async () => {
  await withServer('*', async (s) => {
    const res = await s.app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(metaOf(res.body)).toBe('*');
  });
});

test('a malformed HOST_ORIGINS stops the server with the entry named', async () => {
  expect(() => parseHostOrigins('https://ok.example,not an origin')).toThrow("HOST_ORIGINS: 'not an origin'");
  expect(() => parseHostOrigins('https://host.example/path')).toThrow('no path');
  expect(() => parseHostOrigins('javascript:alert(1)')).toThrow('HOST_ORIGINS');
  const s = await startTestServer();
  const { buildBrowserApp: buildApp } = await import('./helpers');
  await expect(buildApp({ databaseFile: s.databaseFile, logger: false, hostOrigins: 'ftp://x.example' })).rejects.toThrow("'ftp://x.example'");
  await s.close();
});

test('the host SDK is served to other origins (CORS, CORP cross-origin), with its types; the example host page too', async () => {
  await withServer('http://127.0.0.1:9999', async (s) => {
    const js = await s.app.inject({ method: 'GET', url: '/sdk/host.js', headers: { origin: 'http://127.0.0.1:9999' } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const dts = await s.app.inject({ method: 'GET', url: '/sdk/host.d.ts' });
    expect(dts.statusCode).toBe(200);
    expect(dts.headers['content-type']).toMatch(/^text\/plain/);
    expect(dts.body).toContain('export declare const x');
    // other files keep the same-origin resource policy
    const page = await s.app.inject({ method: 'GET', url: '/examples/host.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});

test('the session cookie: Lax standalone; SameSite=None; Secure; Partitioned on https when hosts may embed the game', async () => {
  const { buildBrowserApp: buildApp } = await import('./helpers');
  const s = await startTestServer();
  const cookieOf = async (hostOrigins: string | undefined, https: boolean) => {
    await s.app.close();
    s.app = await buildApp({ databaseFile: s.databaseFile, logger: false, hostOrigins, trustProxy: true, pressure: false });
    const res = await s.app.inject({
      method: 'POST', url: '/api/v1/runs', payload: { drill_id: 2033 },
      headers: https ? { 'x-forwarded-proto': 'https' } : {},
    });
    expect(res.statusCode).toBe(201);
    return String(res.headers['set-cookie']);
  };
  try {
    const plain = await cookieOf(undefined, true);
    expect(plain).toMatch(/SameSite=Lax/);
    expect(plain).toMatch(/Secure/);
    expect(plain).not.toMatch(/Partitioned/);
    const embedded = await cookieOf('https://host.example', true);
    expect(embedded).toMatch(/SameSite=None/);
    expect(embedded).toMatch(/Secure/);
    expect(embedded).toMatch(/Partitioned/);
    // plain http cannot carry SameSite=None (browsers need Secure): Lax, as standalone
    const http = await cookieOf('https://host.example', false);
    expect(http).toMatch(/SameSite=Lax/);
    expect(http).not.toMatch(/Secure/);
  } finally {
    await s.close();
  }
});
