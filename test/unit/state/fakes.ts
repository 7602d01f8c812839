/**
 * Test doubles for the game page's store: a fetch answering the API routes, a fake game
 * controller that records calls and exposes its callbacks, an in-memory Storage.
 */
import { DRILL_CATALOGUE } from '../../../src/drill/catalogue';
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import type { FinishedRun, GameCallbacks, GameController, GameLoadOptions, LiveSettings } from '../../../src/game/types';
import type { AppEnv } from '../../../src/state/env';
import { registerSurface, resetGameHolder } from '../../../src/state/gameHolder';

/** A Response-like object (jsdom has no Response). */
export function jsonResponse(body: unknown, status = 200, statusText = status < 300 ? 'OK' : 'Error'): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    json: async () => JSON.parse(text),
    text: async () => text,
  } as unknown as Response;
}

/** The gameconfig response of catalogue drill `id` with a player's settings. */
export function gameConfigOf(id = 2033, bestScore: number | null = 12): GameConfigResponse {
  const { category: _c, ...drill } = DRILL_CATALOGUE.find((d) => d.id === id)!;
  return {
    ...drill,
    user_id: 1,
    premium: false,
    best_score: bestScore,
    mouse_sensitivity: 1,
    mouse_inverse: 0,
  } as GameConfigResponse;
}

export type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** The run ticket the fake server issues (`POST /api/v1/runs`) for drill `drillId`. */
export function fakeTicket(drillId = 2033) {
  return {
    run_id: 'AAAAAAAAAAAAAAAAAAAAAA', seed: 987654321, drill_id: drillId,
    expires_at: new Date(Date.now() + 3600_000).toISOString(), secret: 'ab'.repeat(32),
  };
}

/** A fetch answering the game page's calls; `overrides` replace routes by path prefix. */
export function fakeFetch(overrides: Record<string, Route> = {}) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    for (const [prefix, route] of Object.entries(overrides)) {
      if (url.startsWith(prefix)) return route(url, init);
    }
    if (url.startsWith('/api/v1/gameconfig/')) return jsonResponse(gameConfigOf(Number(url.split('/').pop())));
    if (url === '/gameoptions/edit') return jsonResponse({ controls: {}, game_options: {} });
    if (url === '/api/v1/user/log-drill') return jsonResponse({ ok: true });
    if (url === '/api/v1/runs') return jsonResponse(fakeTicket(JSON.parse(String(init?.body ?? '{}')).drill_id), 201, 'Created');
    if (url === '/api/v1/performance') return jsonResponse({ id: 77 }, 201, 'Created');
    return jsonResponse({ error: 'Not Found' }, 404, 'Not Found');
  });
  return { fn, calls };
}

/** A controller that records its calls; `callbacks` are the store's; `loads` and `applied`
 * keep the arguments of load() and applySettings(). */
export interface FakeController extends GameController {
  calls: string[];
  callbacks: GameCallbacks | null;
  loads: GameLoadOptions[];
  applied: LiveSettings[];
}

/** A factory creating one FakeController (available as `.controller` once created). */
export function fakeControllerFactory() {
  const holder: { controller: FakeController | null } = { controller: null };
  const factory = jest.fn((_canvas: HTMLCanvasElement, _overlay: HTMLElement, callbacks: GameCallbacks) => {
    const calls: string[] = [];
    const loads: GameLoadOptions[] = [];
    const applied: LiveSettings[] = [];
    const c: FakeController = {
      calls,
      callbacks,
      loads,
      applied,
      async load(opts: GameLoadOptions) {
        calls.push('load');
        loads.push(opts);
        callbacks.onProgress(50);
        callbacks.onProgress(100);
      },
      async requestPointerLock() {
        calls.push('requestPointerLock');
        return 'plain' as const;
      },
      startRound: () => void calls.push('startRound'),
      pause: () => void calls.push('pause'),
      resume: () => void calls.push('resume'),
      stop: () => void calls.push('stop'),
      endRound: () => {
        calls.push('endRound');
        callbacks.onFinished(finishedRun());
      },
      dispose: () => void calls.push('dispose'),
      prepareRestart: () => void calls.push('prepareRestart'),
      setSeed: (seed: number) => void calls.push(`setSeed:${seed}`),
      applySettings: (settings: LiveSettings) => {
        calls.push('applySettings');
        applied.push(settings);
      },
    };
    holder.controller = c;
    return c;
  });
  return { factory, holder };
}

/** An in-memory Storage. */
export function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => (m.has(k) ? m.get(k)! : null),
    key: (i) => Array.from(m.keys())[i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** A finished run with a minimal valid submission. */
export function finishedRun(gameId = 2033): FinishedRun {
  return {
    counters: {
      hits: 3, clusterHits: 3, crits: 0, blocked: 0, kills: 3, damage: 3, shots: 4, spawns: 5, timeUntilKilled: 900,
      totalTime: 8000, mouseInputs: 40, controllerInputs: 0, clip: { size: 99999, remaining: 99999, reloadProgress: 0 },
    },
    submission: {
      gameData: {
        game_id: gameId, accuracy: 75, time_destroy: 300, crit_hit: 0, targets_destroyed: 'Mw==',
        timestamp: 8000, shots: 4, hits: 3, input_type: 'Mouse', damage: 3,
      },
      bulletData: [],
    },
  };
}

/** An env for makeStore with every outside effect faked. */
export function fakeEnv(over: Partial<AppEnv> = {}) {
  const { fn: fetch, calls } = fakeFetch();
  const { factory, holder } = fakeControllerFactory();
  const hostEvents: Array<{ name: string; detail: unknown }> = [];
  const env = {
    fetch,
    loadControllerFactory: async () => factory,
    navigate: jest.fn(),
    reload: jest.fn(),
    goHome: jest.fn(),
    hostEmbedded: () => false,
    randomSeed: () => 123456789,
    emitHostEvent: jest.fn((name: string, detail: unknown) => {
      hostEvents.push({ name, detail });
      return false;
    }),
    storage: memoryStorage(),
    origin: () => ({ protocol: 'http:', host: 'localhost:8080' }),
    submitModalMinMs: 0,
    // no ad flow unless a test asks for one (test/unit/state/adFlow.test.ts)
    rewardAds: undefined,
    // the summary is a navigation unless a test shows it in place (listeners.test.ts)
    replaceUrl: undefined,
    ...over,
  } satisfies AppEnv;
  return { env, calls, factory, holder, hostEvents };
}

/** Lets pending promises and listener effects run: `n` microtask turns, then one macrotask. */
export async function settle(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
  await new Promise((r) => setImmediate(r));
}

/** A fake drawing surface (the runtime is a fake controller: nothing draws on it). */
export const FAKE_SURFACE = { canvas: {} as HTMLCanvasElement, overlayRoot: {} as HTMLElement };

/** An empty game holder with FAKE_SURFACE registered, as a fresh page has. */
export function freshGameHolder(): void {
  resetGameHolder();
  registerSurface(FAKE_SURFACE);
}

/**
 * The common setup of the store-with-runtime tests: before each test a fresh game holder with a
 * fake drawing surface registered and console.error / console.warn silenced (the listeners log
 * expected failures); after each, mocks restored and real timers back.
 */
export function useRuntimeTestSetup(): void {
  beforeEach(() => {
    freshGameHolder();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });
}
