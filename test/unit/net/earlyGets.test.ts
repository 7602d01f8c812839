/**
 * src/net/earlyGets.ts: a GET started early is handed to the first GET of its URL, once, with
 * the request getJson sends; other URLs, other methods and later GETs go to the real fetch.
 */
import { startEarlyGets, withEarlyGets } from '../../../src/net/earlyGets';
import { fetchGameConfig, gameConfigPath } from '../../../src/net/api';

type Call = { url: string; init?: RequestInit };

function recordingFetch(calls: Call[], body: (url: string, n: number) => unknown) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body(url, calls.length)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

test('the early gameconfig GET is what fetchGameConfig reads, once; the next GET is a new request', async () => {
  const calls: Call[] = [];
  const real = recordingFetch(calls, (url, n) => ({ url, n }));
  startEarlyGets([gameConfigPath(901)], real);
  expect(calls.map((c) => c.url)).toEqual(['/api/v1/gameconfig/901']);
  expect(calls[0].init).toEqual({ credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const f = withEarlyGets(real);
  const first = await fetchGameConfig(f, 901);
  expect(first).toEqual({ url: '/api/v1/gameconfig/901', n: 1 });
  expect(calls.length).toBe(1); // no second request: the early one was used
  const second = await fetchGameConfig(f, 901);
  expect(second).toEqual({ url: '/api/v1/gameconfig/901', n: 2 });
  expect(calls.length).toBe(2);
});

test('a POST or another URL never takes an early response', async () => {
  const calls: Call[] = [];
  const real = recordingFetch(calls, (url, n) => ({ url, n }));
  startEarlyGets(['/early/a'], real);
  const f = withEarlyGets(real);
  await f('/early/a', { method: 'POST', body: '{}' });
  await f('/early/b');
  expect(calls.map((c) => `${c.init?.method ?? 'GET'} ${c.url}`)).toEqual(['GET /early/a', 'POST /early/a', 'GET /early/b']);
  expect(await (await f('/early/a')).json()).toEqual({ url: '/early/a', n: 1 }); // still there for the GET
});

test('a failed early request fails the GET that takes it as a network error (status 0)', async () => {
  const failing = async (): Promise<Response> => { throw new TypeError('Failed to fetch'); };
  startEarlyGets([gameConfigPath(902)], failing);
  await expect(fetchGameConfig(withEarlyGets(failing), 902)).rejects.toMatchObject({ name: 'ApiRequestError', status: 0 });
});
