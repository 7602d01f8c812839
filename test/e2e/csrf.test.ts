/**
 * Issue 39 item 3 in a real headless Chromium: a logged-in victim on the game's origin
 * (http://127.0.0.1:P) visits an attacker's page on a SAME-SITE origin (127.0.0.1, another
 * port: the victim's SameSite=Lax cookie rides along) and on a CROSS-SITE one (localhost, another
 * port). The page tries every write route with a form post (urlencoded and text/plain, the
 * latter shaped as JSON), a no-cors fetch with credentials, a beacon and a CORS JSON fetch. The
 * database is unchanged afterwards, and the server saw (and refused) the requests that reached
 * it. The game's own page still writes (positive control).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { launchBrowser, newPage } from './harness';

jest.setTimeout(150_000);

const PASSWORD = 'correct horse battery';

let dir: string;
let app: FastifyInstance;
let game: string;
let databaseFile: string;
let browser: Browser;
let attacker: http.Server;
let attackerPort: number;
const refused: number[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-csrf-'));
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta name="aim-host-origins" content="" /><title>game</title></head><body>game</body></html>');
  databaseFile = path.join(dir, 'csrf.sqlite');
  app = await buildApp({ databaseFile, distDir: dist, logger: false, pressure: false, rateLimits: false, loginLimits: false, guestRetention: false });
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && (reply.statusCode === 403 || reply.statusCode === 415)) refused.push(reply.statusCode);
  });
  game = await app.listen({ port: 0, host: '127.0.0.1' });
  attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>attacker</title><body></body>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => attacker?.close(() => resolve()));
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Everything the database holds (the migrations' bookkeeping aside). */
function snapshot(): string {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%' order by name").all() as { name: string }[];
    return JSON.stringify(tables.map(({ name }) => [name, db.prepare(`select * from "${name}"`).all()]));
  } finally {
    db.close();
  }
}

/** A same-origin JSON write from the game's page, as the client does it. */
async function ownWrite(page: Page, method: string, url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(async ([m, u, b]) => {
    const res = await fetch(u as string, { method: m as string, credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    return { status: res.status, json: await res.json().catch(() => null) };
  }, [method, url, body] as const);
}

test('a same-site and a cross-site page cannot write as the victim, by any technique; the game\'s page can', async () => {
  const { page } = await newPage(browser);
  await page.goto(`${game}/login`);
  expect((await ownWrite(page, 'POST', '/api/v1/auth/register', { username: 'Victim', password: PASSWORD })).status).toBe(200);
  expect((await ownWrite(page, 'POST', '/api/v1/assets/sounds', { sound_type: 'hitsound', url: 'https://sounds.example.com/hit.ogg' })).status).toBe(200);
  const doc = (await page.evaluate(async () => (await fetch('/api/v1/drills/2033/document')).json())).document as Record<string, unknown>;
  const made = await ownWrite(page, 'POST', '/api/v1/drills', { ...doc, name: 'Victim drill' });
  expect(made.status).toBe(201);
  const drillId = (made.json as { id: number }).id;
  const { page: other } = await newPage(browser);
  await other.goto(`${game}/login`);
  expect((await ownWrite(other, 'POST', '/api/v1/auth/login', { username: 'Victim', password: PASSWORD })).status).toBe(200);
  const sessions = (await page.evaluate(async () => (await fetch('/api/v1/auth/sessions')).json())) as { sessions: { id: string; current: boolean }[] };
  const handle = sessions.sessions.find((s) => !s.current)!.id;

  const routes: [string, string, unknown][] = [
    ['POST', '/api/v1/auth/register', { username: 'Newcomer', password: PASSWORD }],
    ['POST', '/api/v1/auth/login', { username: 'Victim', password: PASSWORD }],
    ['POST', '/api/v1/auth/logout', {}],
    ['POST', '/api/v1/auth/logout-everywhere', {}],
    ['POST', '/api/v1/auth/password', { current_password: PASSWORD, new_password: 'attacker chosen secret' }],
    ['POST', '/api/v1/auth/sessions/revoke', { id: handle }],
    ['POST', '/api/v1/user/log-drill', { agame_id: 2033 }],
    ['POST', '/api/v1/runs', { drill_id: 2033 }],
    ['POST', '/gameoptions/edit', { controls: { mouse_sens: 7.5 } }],
    ['POST', '/api/v2/user/crosshair', { enabled: true, config: {} }],
    ['POST', '/api/v1/assets/sounds', { sound_type: 'gun', url: 'https://evil.example.com/a.ogg' }],
    ['DELETE', '/api/v1/assets/sounds/hitsound', {}],
    ['POST', '/api/v1/drills', { ...doc, name: 'Attacker drill' }],
    ['PUT', `/api/v1/drills/${drillId}`, { ...doc, name: 'Renamed by attacker' }],
  ];

  const before = snapshot();
  for (const origin of [`http://127.0.0.1:${attackerPort}`, `http://localhost:${attackerPort}`]) {
    const evil = await page.context().newPage();
    await evil.goto(`${origin}/`);
    const counted = refused.length;
    await evil.evaluate(async ([target, list]) => {
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      for (const [method, url, body] of list as [string, string, unknown][]) {
        const full = `${target}${url}`;
        const json = JSON.stringify(body);
        for (const enctype of ['application/x-www-form-urlencoded', 'text/plain']) {
          if (method !== 'POST') continue;
          const frame = document.createElement('iframe');
          frame.name = `f${Math.random().toString(36).slice(2)}`;
          document.body.appendChild(frame);
          const form = document.createElement('form');
          form.method = 'POST';
          form.action = full;
          form.enctype = enctype;
          form.target = frame.name;
          const input = document.createElement('input');
          // text/plain sends `name=value`: shaped so the body reads as the route's JSON
          input.name = json.slice(0, -1) + ', "x": "';
          input.value = '"}';
          form.appendChild(input);
          document.body.appendChild(form);
          const loaded = new Promise((r) => frame.addEventListener('load', r, { once: true }));
          form.submit();
          await Promise.race([loaded, wait(2000)]);
        }
        await fetch(full, { method, mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: json }).catch(() => null);
        await fetch(full, { method, mode: 'no-cors', credentials: 'include' }).catch(() => null);
        await fetch(full, { method, mode: 'cors', credentials: 'include', headers: { 'content-type': 'application/json' }, body: json }).catch(() => null);
        if (method === 'POST') navigator.sendBeacon(full, new Blob([json], { type: 'text/plain' }));
      }
      await wait(1500);
    }, [game, routes] as const);
    // the attacks reached the server and were refused there (not only by the browser)
    expect(refused.length - counted).toBeGreaterThan(routes.length);
    expect(snapshot()).toBe(before);
    await evil.close();
  }
  // still logged in, password unchanged, the other session alive
  expect(((await page.evaluate(async () => (await fetch('/api/v1/user/me')).json())) as { username: string }).username).toBe('Victim');
  expect(((await other.evaluate(async () => (await fetch('/api/v1/user/me')).json())) as { username: string }).username).toBe('Victim');
  // positive control: the game's own page writes
  expect((await ownWrite(page, 'POST', '/gameoptions/edit', { controls: { mouse_sens: 2.5 } })).status).toBe(200);
  expect((await ownWrite(page, 'POST', '/api/v1/auth/logout', {})).status).toBe(200);
  expect(((await page.evaluate(async () => (await fetch('/api/v1/user/me')).json())) as { id: unknown }).id).toBeNull();
});
