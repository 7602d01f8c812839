/**
 * The outside world the listener middleware talks to: HTTP, the game runtime's factory,
 * navigation, randomness, host events and storage. `makeStore` takes overrides so tests can
 * run the whole flow with fakes (no Babylon, no network).
 */
import type { GameCallbacks, GameController } from '../game/types';
import { defaultFetch, type FetchFn } from '../net/api';
import { browserStorage } from '../net/outbox';

/** `createGameController(canvas, overlayRoot, callbacks)` of src/game (sync or async). */
export type CreateGameControllerFn = (
  canvas: HTMLCanvasElement,
  overlayRoot: HTMLElement,
  callbacks: GameCallbacks,
) => GameController | Promise<GameController>;

/** Everything outside Redux that the listeners use. */
export interface AppEnv {
  fetch: FetchFn;
  /** loads the runtime lazily (a dynamic import: Babylon stays out of the first chunk) */
  loadControllerFactory(): Promise<CreateGameControllerFn>;
  /** goes to another page */
  navigate(url: string): void;
  /** reloads the page (restart) */
  reload(): void;
  /** Quit without a host: the stored referrer, else history back, else '/' */
  goHome(): void;
  /** a uniformly random uint32: the run's seed */
  randomSeed(): number;
  /** tells the host app something (a cancelable window CustomEvent); true when a listener
   * called preventDefault(), i.e. the host handled it */
  emitHostEvent(name: string, detail?: unknown): boolean;
  /** where unsent results are kept */
  storage: Storage | null;
  /** the 'Calculating Result' modal stays at least this long before the summary opens (no
   * flash of a modal; the finished round stays inspectable for a moment), ms */
  submitModalMinMs: number;
  /** protocol ('https:') and host ('example.com:8080') of the page */
  origin(): { protocol: string; host: string };
}

/** Default of `AppEnv.submitModalMinMs`. */
export const SUBMIT_MODAL_MIN_MS = 1000;

/** sessionStorage key of the page that sent the player to the game. */
export const REFERRER_KEY = 'aim.referrer';

/** Remembers `document.referrer` for Quit, unless it is this very page (a reload). */
export function rememberReferrer(): void {
  try {
    const ref = document.referrer;
    if (ref && ref !== window.location.href) sessionStorage.setItem(REFERRER_KEY, ref);
  } catch {
    /* storage unavailable */
  }
}

/** Quit's destination (spec section 2): the stored referrer, else history back, else '/'. */
export function goHomeInBrowser(): void {
  let ref: string | null = null;
  try {
    ref = sessionStorage.getItem(REFERRER_KEY);
  } catch {
    ref = null;
  }
  if (ref) {
    window.location.assign(ref);
  } else if (window.history.length > 1) {
    window.history.back();
  } else {
    window.location.assign('/');
  }
}

/** A random uint32 from crypto.getRandomValues (Math.random only where crypto is missing). */
export function cryptoSeed(): number {
  const c = globalThis.crypto;
  if (c?.getRandomValues) return c.getRandomValues(new Uint32Array(1))[0] >>> 0;
  return Math.floor(Math.random() * 0x100000000) >>> 0;
}

/** The browser's implementations. */
export function browserEnv(): AppEnv {
  return {
    fetch: defaultFetch,
    loadControllerFactory: () =>
      import('../game/createGameController').then((m) => m.createGameController as CreateGameControllerFn),
    navigate: (url) => window.location.assign(url),
    reload: () => window.location.reload(),
    goHome: goHomeInBrowser,
    randomSeed: cryptoSeed,
    emitHostEvent: (name, detail) => !window.dispatchEvent(new CustomEvent(name, { detail, cancelable: true })),
    storage: browserStorage(),
    submitModalMinMs: SUBMIT_MODAL_MIN_MS,
    origin: () => ({ protocol: window.location.protocol, host: window.location.host }),
  };
}
