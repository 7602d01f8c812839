/**
 * The outside world the listener middleware talks to: HTTP, the game runtime's factory,
 * navigation, randomness, host events and storage. `makeStore` takes overrides so tests can
 * run the whole flow with fakes (no Babylon, no network).
 */
import type { GameCallbacks, GameController } from '../game/types';
import type { GameEventDetail, GameEventName } from '../contracts/hostMessages';
import { createHostBridge, type HostBridge } from '../host/hostBridge';
import { defaultFetch, type FetchFn } from '../net/api';
import { browserStorage } from '../net/outbox';
import { pageFor } from '../contracts/pageFor';
import { ADS_META, AD_LAST_PREROLL_KEY, prerollDue } from '../contracts/ads';
import { loadChunk } from '../net/chunkLoad';
import { withEarlyGets } from '../net/earlyGets';

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
  /** shows `url` (same origin) in the address bar without loading it (history.replaceState):
   * the summary shown on the game page, and the game's URL again on Play again. Absent (older
   * test fakes, no page): the summary is a navigation. */
  replaceUrl?(url: string): void;
  /** reloads the page (restart) */
  reload(): void;
  /** Quit without a host (spec section 2, issue 12): the stored referrer, else history back
   * within the game's own frame, else the drill list (`homeDestination`) */
  goHome(): void;
  /** a uniformly random uint32: the run's seed */
  randomSeed(): number;
  /** tells the host app an event (src/host/hostBridge.ts): posted to the embedding page when
   * framed by an allowed host (true), else a cancelable window CustomEvent (true when a listener
   * called preventDefault(), i.e. the host handled it) */
  emitHostEvent<E extends GameEventName>(name: E, detail: GameEventDetail[E]): boolean;
  /** true when a host page embeds the game and receives its events: the end of a drill is
   * handed to it (`drill-complete`) instead of navigating to the summary */
  hostEmbedded(): boolean;
  /** where unsent results are kept */
  storage: Storage | null;
  /** the 'Calculating Result' modal stays at least this long before the summary opens (no
   * flash of a modal; the finished round stays inspectable for a moment), ms */
  submitModalMinMs: number;
  /** protocol ('https:') and host ('example.com:8080') of the page */
  origin(): { protocol: string; host: string };
  /** issue 13: whether reward ads are on (the default; off when the server wrote
   * `<meta name="aim-ads" content="off">` for a host app's embed). Absent: no ad flow at all. */
  rewardAds?: () => boolean;
  /** issue 13: where the ad status is kept (sessionStorage); absent or null: not kept */
  adStorage?: () => Storage | null;
  /** issue 17: the drill editor's draft a preview plays (a drill document, src/drill/customDrill.ts),
   * or null when there is none; absent: none */
  previewDraft?: () => unknown;
  /** issue 33 item 6: where `beforeunload` and `pagehide` are listened to (the page's window):
   * a round under way asks before the page is left, and a round ended by leaving is kept as a
   * partial run in the outbox. Absent (tests' fakes, Node): no guard. */
  unloadTarget?: () => EventTarget | null;
}

/** sessionStorage key of the drill editor's draft, read by the game page's preview (issue 17;
 * an iframe of the same origin shares its page's sessionStorage). */
export const PREVIEW_DRAFT_KEY = 'aim.drillPreview';

/** Whether the page's `<meta name="aim-ads">` leaves ads on (anything but `off`). */
export function adsOnInPage(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${ADS_META}"]`)?.getAttribute('content') !== 'off';
}

/** Whether this browser session is due a pre-roll (contracts/ads.ts `prerollDue` of the
 * session's AD_LAST_PREROLL_KEY); true when session storage cannot be read. */
export function prerollDueInSession(storage: Pick<Storage, 'getItem'> | null, nowMs = Date.now()): boolean {
  let last: number | null = null;
  try {
    const raw = storage?.getItem(AD_LAST_PREROLL_KEY);
    last = raw === null || raw === undefined || raw === '' ? null : Number(raw);
  } catch {
    last = null;
  }
  return prerollDue(last, nowMs);
}

/** The page's sessionStorage, or null where it cannot be read (the ad status, the pre-roll time). */
function pageSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Default of `AppEnv.submitModalMinMs`. */
export const SUBMIT_MODAL_MIN_MS = 1000;

/** sessionStorage key of the page that sent the player to the game. */
export const REFERRER_KEY = 'aim.referrer';

/** Where Quit goes when no host takes it (spec section 2): the drill list, never `/` (the game
 * page, which would start drill 134). */
export const QUIT_FALLBACK_PATH = '/drills';

/**
 * Whether `referrer` is a page Quit may return to (issue 12): not empty, not a page of this
 * game that starts or ends a drill (a game page, including a reload of this one, or the app's
 * summary: after "Play again" Quit still returns to where the player came from), and, inside an
 * iframe, not another origin's page (that is the host page: it must never load inside the game's
 * frame).
 */
export function isQuitReferrer(referrer: string, self: string, framed: boolean): boolean {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin !== self) return !framed;
  const page = pageFor(url.pathname);
  return page !== 'game' && page !== 'app';
}

/** Remembers `document.referrer` for Quit when it is a page Quit may return to
 * (`isQuitReferrer`); an earlier one is kept otherwise, so Play again does not lose it. */
export function rememberReferrer(framed = window.parent !== window): void {
  try {
    const ref = document.referrer;
    if (ref && isQuitReferrer(ref, window.location.origin, framed)) sessionStorage.setItem(REFERRER_KEY, ref);
  } catch {
    /* storage unavailable */
  }
}

/** Where Quit goes: a URL to load in the game's frame, or one step back in its own history. */
export type HomeDestination = { kind: 'url'; url: string } | { kind: 'back' };

/**
 * Quit's destination without a host (spec section 2, issue 12): the stored referrer, else one
 * step back in the history of the game's own frame (`canGoBack`: the Navigation API's
 * `navigation.canGoBack`, which only counts this frame's same-origin entries; standalone without
 * that API, `history.length > 1`), else the drill list. Never `/` and never the host page.
 */
export function homeDestination(opts: { storedReferrer: string | null; canGoBack: boolean }): HomeDestination {
  if (opts.storedReferrer) return { kind: 'url', url: opts.storedReferrer };
  if (opts.canGoBack) return { kind: 'back' };
  return { kind: 'url', url: QUIT_FALLBACK_PATH };
}

/** Quit in the browser: goes to `homeDestination` of this page. In an iframe without the
 * Navigation API, `history.back()` could move the host page, so it is not used there, and a new
 * URL replaces the frame's entry instead of adding one to the host page's (joint) history. */
export function goHomeInBrowser(framed = window.parent !== window): void {
  let ref: string | null = null;
  try {
    ref = sessionStorage.getItem(REFERRER_KEY);
  } catch {
    ref = null;
  }
  const nav = (globalThis as { navigation?: { canGoBack?: boolean } }).navigation;
  const canGoBack = nav && typeof nav.canGoBack === 'boolean' ? nav.canGoBack : !framed && window.history.length > 1;
  const dest = homeDestination({ storedReferrer: ref && isQuitReferrer(ref, window.location.origin, framed) ? ref : null, canGoBack });
  if (dest.kind === 'back') window.history.back();
  else if (framed) window.location.replace(dest.url); // adds no entry to the host page's history
  else window.location.assign(dest.url);
}

/** A random uint32 from crypto.getRandomValues (Math.random only where crypto is missing). */
export function cryptoSeed(): number {
  const c = globalThis.crypto;
  if (c?.getRandomValues) return c.getRandomValues(new Uint32Array(1))[0] >>> 0;
  return Math.floor(Math.random() * 0x100000000) >>> 0;
}

let pageBridge: HostBridge | null = null;

/** The page's host bridge (created on first use; src/host/hostBridge.ts). */
export function pageHostBridge(): HostBridge {
  pageBridge ??= createHostBridge();
  return pageBridge;
}

/** The browser's implementations. */
export function browserEnv(): AppEnv {
  return {
    // the game page's gameconfig and settings GETs may already be under way (main.tsx)
    fetch: withEarlyGets(defaultFetch),
    // a ChunkLoadError after the chunk time-out (spec section 8), never an endless loader
    loadControllerFactory: () =>
      loadChunk('game', () => import('../game/createGameController')).then((m) => m.createGameController as CreateGameControllerFn),
    navigate: (url) => window.location.assign(url),
    // no page (Node): the summary is a navigation
    replaceUrl: typeof window === 'undefined' ? undefined : (url) => window.history.replaceState(window.history.state, '', url),
    reload: () => window.location.reload(),
    goHome: () => goHomeInBrowser(),
    randomSeed: cryptoSeed,
    emitHostEvent: (name, detail) => pageHostBridge().emit(name, detail),
    hostEmbedded: () => pageHostBridge().hostOrigin !== null,
    storage: browserStorage(),
    submitModalMinMs: SUBMIT_MODAL_MIN_MS,
    origin: () => ({ protocol: window.location.protocol, host: window.location.host }),
    // no page (Node): no ad flow
    // ads on for the page and a pre-roll due (at most one per PREROLL_INTERVAL_MS a session)
    rewardAds: typeof document === 'undefined' ? undefined : () => adsOnInPage() && prerollDueInSession(pageSessionStorage()),
    adStorage: pageSessionStorage,
    unloadTarget: () => (typeof window === 'undefined' ? null : window),
    previewDraft: () => {
      try {
        const text = window.sessionStorage.getItem(PREVIEW_DRAFT_KEY);
        return text ? (JSON.parse(text) as unknown) : null;
      } catch {
        return null;
      }
    },
  };
}
