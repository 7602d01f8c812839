/**
 * The room texture request (src/game/roomTexture.ts, spec section 8: "Texture fetch with
 * success false: the returned error is thrown"), against the real server through app.inject().
 */
import type { GameOptions } from '../../../src/contracts/gameOptions';
import { roomTextureUrlOf } from '../../../src/game/roomTexture';
import { startTestServer, type TestServer } from '../../server/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** fetch over app.inject() */
const injectFetch = (async (input: RequestInfo | URL) => {
  const res = await server.app.inject({ method: 'GET', url: String(input) });
  return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
}) as typeof fetch;

const tex = (t: Partial<GameOptions['texture']>) => ({ texture: { custom_textures_type: 'Image', custom_textures_name: null, ...t } as GameOptions['texture'] });

test('Dynamic textures or no name: no request, no texture', async () => {
  const never = (async () => { throw new Error('no request expected'); }) as unknown as typeof fetch;
  expect(await roomTextureUrlOf(tex({ custom_textures_type: 'Dynamic', custom_textures_name: 'grid' }), never)).toBeNull();
  expect(await roomTextureUrlOf(tex({ custom_textures_name: null }), never)).toBeNull();
  expect(await roomTextureUrlOf(null, never)).toBeNull();
});

test('a known texture gives its URL', async () => {
  expect(await roomTextureUrlOf(tex({ custom_textures_name: 'concrete' }), injectFetch)).toBe('/assets/images/textures/concrete.png');
});

test('success false throws the returned error', async () => {
  await expect(roomTextureUrlOf(tex({ custom_textures_name: 'marble' }), injectFetch)).rejects.toThrow('Texture not found: marble');
  await expect(roomTextureUrlOf(tex({ custom_textures_name: 'Bad Name!' }), injectFetch)).rejects.toThrow(/Invalid texture name/);
});

test('any other bad answer is "Bad response from server"', async () => {
  const broken = (async () => new Response('<html>', { status: 502 })) as typeof fetch;
  await expect(roomTextureUrlOf(tex({ custom_textures_name: 'grid' }), broken)).rejects.toThrow('Bad response from server');
});
