/**
 * The game page's side of its relation to a host web app (issue 12; spec sections 2 and 7).
 * One module owns it: the run listeners emit events and receive commands through a HostBridge,
 * never through `window.parent` directly. The host side's twin is the SDK (src/host/sdk.ts,
 * served at /sdk/host.js); the wire format is src/contracts/hostMessages.ts.
 *
 * - Framed (the page is in an iframe) by an allowed origin: every event is posted to
 *   `window.parent` as `{ type: 'aim-trainer', event, detail }` with that origin as the target
 *   origin, and host commands are taken from `window.parent` and that origin only.
 * - Standalone: the same events are dispatched as cancelable CustomEvents on the game's window.
 * - Framed by an origin that cannot be verified as allowed (no `ancestorOrigins`, no
 *   `embed_origin`, no referrer, or one outside HOST_ORIGINS; the server's CSP frame-ancestors
 *   already refuses such framing in browsers that honour it): nothing is posted, it is logged.
 */
import {
  EMBED_ORIGIN_PARAM, HOST_MESSAGE_TYPE, HOST_ORIGINS_META, isAllowedHostOrigin, isHostCommandMessage,
  parseHostOrigins, type GameEventDetail, type GameEventName, type HostCommand, type HostOrigins,
} from '../contracts/hostMessages';

/** What the bridge needs of a window (a real `window`, or a fake in unit tests). */
export interface BridgeWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | BridgeWindow;
  location: { origin: string; search: string; ancestorOrigins?: ArrayLike<string> };
  document?: { referrer?: string; querySelector?(sel: string): { getAttribute(name: string): string | null } | null };
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  dispatchEvent(e: Event): boolean;
}

/** The page's relation to its host. */
export interface HostBridge {
  /** the page is in an iframe (whatever the parent's origin) */
  readonly framed: boolean;
  /** the embedding page's origin when the page is framed and that origin is allowed; null
   * otherwise (standalone, or unverified) */
  readonly hostOrigin: string | null;
  /**
   * Tells the host `event` with `detail`. Framed by an allowed host: posts it to the parent and
   * answers true (the host is told). Standalone: dispatches a cancelable CustomEvent on the
   * window and answers true when a listener called `preventDefault()` (it took over). Framed by
   * an unverified origin: answers false and logs.
   */
  emit<E extends GameEventName>(event: E, detail: GameEventDetail[E]): boolean;
  /** Calls `handler` for every command a verified host sends; returns the unsubscribe. */
  onCommand(handler: (command: HostCommand) => void): () => void;
}

/** The allowed host origins the server wrote into the page (`<meta name="aim-host-origins">`);
 * none (only the game's own origin) when the tag is missing or malformed. */
export function hostOriginsOfPage(doc: BridgeWindow['document']): HostOrigins {
  const content = doc?.querySelector?.(`meta[name="${HOST_ORIGINS_META}"]`)?.getAttribute('content') ?? '';
  try {
    return parseHostOrigins(content);
  } catch (e) {
    console.warn('Ignoring a malformed host-origins meta tag', e);
    return [];
  }
}

/** The origin of `url`, or null when it is not an absolute http(s) URL. */
function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The embedding page's origin as the browser reports it: `location.ancestorOrigins[0]`
 * (Chromium, Safari), else the SDK's `embed_origin` query parameter, else the origin of
 * `document.referrer` (the parent's URL on the iframe's first load). Null when none is known.
 */
export function embeddingOrigin(win: BridgeWindow): string | null {
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return originOf(ancestors[0]) ?? null;
  const param = new URLSearchParams(win.location.search).get(EMBED_ORIGIN_PARAM);
  return originOf(param) ?? originOf(win.document?.referrer);
}

/** Options of `createHostBridge`. */
export interface HostBridgeOptions {
  /** the allowed host origins; default: read from the page's meta tag */
  allowed?: HostOrigins;
}

/** Builds the bridge of `win` (default: the page's window). */
export function createHostBridge(win: BridgeWindow = window as unknown as BridgeWindow, opts: HostBridgeOptions = {}): HostBridge {
  const framed = win.parent !== win;
  const allowed = opts.allowed ?? hostOriginsOfPage(win.document);
  const self = win.location.origin;
  let hostOrigin: string | null = null;
  if (framed) {
    const origin = embeddingOrigin(win);
    if (origin && isAllowedHostOrigin(origin, allowed, self)) hostOrigin = origin;
    else console.warn(`Embedded by ${origin ?? 'an unknown origin'}, which is not an allowed host origin: no events are posted to it.`);
  }

  return {
    framed,
    hostOrigin,
    emit(event, detail) {
      if (!framed) {
        return !win.dispatchEvent(new CustomEvent(event, { detail, cancelable: true }));
      }
      if (!hostOrigin) return false;
      (win.parent as { postMessage(m: unknown, o: string): void }).postMessage({ type: HOST_MESSAGE_TYPE, event, detail }, hostOrigin);
      return true;
    },
    onCommand(handler) {
      const listener = (e: MessageEvent) => {
        const ours = !!e.data && typeof e.data === 'object' && (e.data as { type?: unknown }).type === HOST_MESSAGE_TYPE;
        if (!ours) return; // someone else's message (an extension, another widget): not ours to judge
        if (!framed || e.source !== (win.parent as unknown) || !hostOrigin || e.origin !== hostOrigin) {
          console.warn(`Ignored a host message from ${e.origin || 'an unknown origin'}: only the embedding page of an allowed origin may command the game.`);
          return;
        }
        if (!isHostCommandMessage(e.data)) {
          console.warn('Ignored a malformed host message', e.data);
          return;
        }
        handler(e.data.command);
      };
      win.addEventListener('message', listener);
      return () => win.removeEventListener('message', listener);
    },
  };
}
