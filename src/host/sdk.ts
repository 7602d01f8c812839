/**
 * The host SDK (issue 12): a small, dependency-free ES module for host web apps that embed the
 * game in an iframe, served at `/sdk/host.js` with its types at `/sdk/host.d.ts` (built by
 * scripts/build-sdk.ts after `vite build`). The game page's twin is src/host/hostBridge.ts; the
 * wire format is src/contracts/hostMessages.ts.
 *
 * ```js
 * import { embedDrill } from 'https://game.example/sdk/host.js';
 * const game = embedDrill({ container: document.getElementById('modal'), drillId: 134, source: 'trainer' });
 * game.on('ready', (d) => console.log('loaded', d.gameName));
 * game.on('drill-complete', (d) => { closeGameModal(); openSummary(d.runId, d.stats, d.passed); });
 * game.on('in-game-quit-pressed', () => closeGameModal());
 * game.on('error', (d) => showError(d.title)); // d.code === 'frame-refused': no answer in 10 s
 * // embedDrill({ ..., ads: 'off' }) turns the game's ads off for this embed
 * game.pause(); game.resume(); game.quit(); game.destroy();
 *
 * // a playlist (issue 36 item 4): its drills play back to back in the frame; `drill-complete`
 * // comes for each drill, `playlist-complete` (every result) after the last
 * const list = embedPlaylist(document.getElementById('modal'), { playlistId: 'warm-up' });
 * list.on('drill-complete', (d) => console.log('stored', d.runId));
 * list.on('playlist-complete', (d) => showResults(d.results));
 * ```
 *
 * The game's server must list the host's origin in its `HOST_ORIGINS` (else the browser refuses
 * to frame it: CSP frame-ancestors). Events are taken only from the game's iframe and origin.
 */
import {
  EMBED_ORIGIN_PARAM, HOST_MESSAGE_TYPE, isGameEventMessage,
  type GameEventDetail, type GameEventName, type HostCommand,
} from '../contracts/hostMessages';

export type { DrillCompleteStats, GameEventDetail, GameEventName, HostCommand } from '../contracts/hostMessages';

/** Set by the SDK build (a banner line `const SDK_MODULE_URL = import.meta.url;`): where this
 * module was loaded from, so the game's origin defaults to it. */
declare const SDK_MODULE_URL: string | undefined;

/** Options of `embedDrill`. */
export interface EmbedOptions {
  /** where the iframe goes (it fills the container: width and height 100 %) */
  container: HTMLElement;
  /** the drill to load (its numeric id, spec section 2; 134 is the default drill) */
  drillId: number;
  /** the drill source (spec section 9: academy, playlist, blog, trainer, workout, benchmark,
   * progression, drills, weekly, workshop, schedule, warmup). With a known source Quit is handed
   * to the host (`in-game-quit-pressed`) and the game does nothing else. Default 'trainer'. */
  source?: string;
  /** the game server's origin (`https://game.example`); default: the origin this SDK was loaded
   * from */
  gameOrigin?: string;
  /** the iframe's accessible title (default 'Aim trainer') */
  title?: string;
  /** 'off': no ads in this embed (the game URL gets `ads=off`; the game's server honours it for
   * an origin in its HOST_ORIGINS). Default 'on'. */
  ads?: 'on' | 'off';
  /** ms to wait for the game's first message before `error` with `code: 'frame-refused'`
   * (the frame was refused, e.g. this origin is not in the game server's HOST_ORIGINS, or it
   * never loaded). Default FRAME_TIMEOUT_MS (10 s). */
  frameTimeoutMs?: number;
}

/** Options of `embedPlaylist`: those of `embedDrill` but the container (its first argument)
 * and, instead of a drill, the playlist. */
export interface PlaylistEmbedOptions extends Omit<EmbedOptions, 'container' | 'drillId'> {
  /** the playlist to play (`GET /api/v1/playlists` lists them: 'warm-up', 'clicking', 'daily', an
   * account's shared playlist id, ...) */
  playlistId: string;
}

/** Default of `EmbedOptions.frameTimeoutMs`, ms. */
export const FRAME_TIMEOUT_MS = 10_000;

/** The `error` event's detail when the game's frame did not answer in time (the SDK's own:
 * the game's error card sends `{ title, description }`). */
export interface FrameRefusedDetail {
  code: 'frame-refused';
  title: string;
  description: string;
}

/** A callback of `on(event, ...)`. */
export type GameEventHandler<E extends GameEventName> = (detail: GameEventDetail[E]) => void;

/**
 * One embedded game. An EventTarget: every game event is dispatched on it as a
 * `CustomEvent(event, { detail })`; `on()` is the typed shortcut. Commands go to the game with
 * `pause()`, `resume()` and `quit()` (ignored by the game until it has loaded; pause and resume
 * act only while a round runs).
 */
export class EmbeddedGame extends EventTarget {
  /** the game's iframe */
  readonly iframe: HTMLIFrameElement;
  /** the game server's origin */
  readonly gameOrigin: string;
  /** the drill loaded in the iframe (null for a playlist) */
  readonly drillId: number | null;
  /** the playlist played in the iframe (null for one drill) */
  readonly playlistId: string | null;
  private readonly listener: (e: MessageEvent) => void;
  private destroyed = false;
  /** the frame time-out (cleared by the game's first message) */
  private frameTimer: ReturnType<typeof setTimeout> | null = null;

  /** `opts.drillId` a drill, or (`embedPlaylist`) `opts.playlistId` a playlist. */
  constructor(opts: EmbedOptions | (PlaylistEmbedOptions & { container: HTMLElement })) {
    super();
    const playlistId = 'playlistId' in opts ? opts.playlistId : null;
    const drillId = 'drillId' in opts ? opts.drillId : null;
    if (playlistId !== null) {
      if (typeof playlistId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(playlistId)) {
        throw new TypeError(`embedPlaylist: playlistId must be 1-64 letters, digits, _ or -, got ${String(playlistId)}`);
      }
    } else if (!Number.isSafeInteger(drillId) || (drillId as number) < 0) {
      throw new TypeError(`embedDrill: drillId must be a whole number, got ${String(drillId)}`);
    }
    const base = opts.gameOrigin ?? (typeof SDK_MODULE_URL === 'string' ? SDK_MODULE_URL : undefined);
    if (!base) throw new TypeError('embedDrill: gameOrigin is required when the SDK is not loaded from the game server');
    this.gameOrigin = new URL(base).origin;
    this.drillId = drillId;
    this.playlistId = playlistId;
    const url = new URL('/', this.gameOrigin);
    if (playlistId !== null) url.searchParams.set('playlist', playlistId);
    else url.searchParams.set('id', String(drillId));
    url.searchParams.set('source', opts.source ?? 'trainer');
    url.searchParams.set(EMBED_ORIGIN_PARAM, window.location.origin);
    if (opts.ads === 'off') url.searchParams.set('ads', 'off');
    const iframe = document.createElement('iframe');
    iframe.src = url.toString();
    iframe.title = opts.title ?? 'Aim trainer';
    // pointer lock needs no permission in an unsandboxed iframe; these do
    iframe.allow = 'fullscreen; gamepad; autoplay';
    iframe.setAttribute('allowfullscreen', '');
    iframe.style.cssText = 'width:100%;height:100%;border:0;display:block;';
    this.iframe = iframe;
    this.listener = (e: MessageEvent) => {
      if (e.source !== iframe.contentWindow || e.origin !== this.gameOrigin || !isGameEventMessage(e.data)) return;
      this.clearFrameTimer(); // the game answered: its frame loaded
      this.dispatchEvent(new CustomEvent(e.data.event, { detail: e.data.detail }));
    };
    window.addEventListener('message', this.listener);
    opts.container.appendChild(iframe);
    // a refused frame (CSP frame-ancestors) still fires the iframe's load event, with the
    // browser's error page inside: the only sign of a working game is its first message
    const timeoutMs = opts.frameTimeoutMs ?? FRAME_TIMEOUT_MS;
    this.frameTimer = setTimeout(() => {
      this.frameTimer = null;
      if (this.destroyed) return;
      const detail: FrameRefusedDetail = {
        code: 'frame-refused',
        title: 'The game could not be embedded',
        description: `No answer from ${this.gameOrigin} within ${Math.round(timeoutMs / 1000)} s: is ${window.location.origin} in the game server's HOST_ORIGINS?`,
      };
      this.dispatchEvent(new CustomEvent('error', { detail }));
    }, timeoutMs);
  }

  private clearFrameTimer(): void {
    if (this.frameTimer !== null) clearTimeout(this.frameTimer);
    this.frameTimer = null;
  }

  /** Calls `handler` with the detail of every `event`; returns the unsubscribe. */
  on<E extends GameEventName>(event: E, handler: GameEventHandler<E>): () => void {
    const l = (e: Event) => handler((e as CustomEvent<GameEventDetail[E]>).detail);
    this.addEventListener(event, l);
    return () => this.removeEventListener(event, l);
  }

  /** Resolves with the detail of the next `event` (e.g. `await game.next('ready')`). */
  next<E extends GameEventName>(event: E): Promise<GameEventDetail[E]> {
    return new Promise((resolve) => {
      const off = this.on(event, (d) => {
        off();
        resolve(d);
      });
    });
  }

  /** Opens the game's pause menu (while a round runs). */
  pause(): void {
    this.send('pause');
  }

  /** Closes the pause menu: the round goes on. */
  resume(): void {
    this.send('resume');
  }

  /** Quit, as the game's Quit button (`in-game-quit-pressed` comes back with `by: 'host'`). */
  quit(): void {
    this.send('quit');
  }

  /** Ends the running drill now (spec section 4's goto-post-game): the run so far is stored and
   * `drill-complete` follows. Ignored before the round starts. */
  endDrill(): void {
    this.send('goto-post-game');
  }

  /** Removes the iframe and stops listening. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.clearFrameTimer();
    window.removeEventListener('message', this.listener);
    this.iframe.remove();
  }

  private send(command: HostCommand): void {
    if (this.destroyed) return;
    this.iframe.contentWindow?.postMessage({ type: HOST_MESSAGE_TYPE, command }, this.gameOrigin);
  }
}

/** Embeds drill `opts.drillId` in `opts.container` (see `EmbeddedGame`). Throws a TypeError for
 * a drill id that is not a whole number, or when the game's origin is unknown. */
export function embedDrill(opts: EmbedOptions): EmbeddedGame {
  return new EmbeddedGame(opts);
}

/** Embeds playlist `opts.playlistId` in `container` (issue 36 item 4): its drills play back to
 * back in the frame, each run stored as usual; the host gets `drill-complete` for each drill and
 * `playlist-complete` after the last. Throws a TypeError for a malformed playlist id (1-64
 * letters, digits, `_` or `-`), or when the game's origin is unknown; an unknown playlist shows
 * the game's error card (and `error`). */
export function embedPlaylist(container: HTMLElement, opts: PlaylistEmbedOptions): EmbeddedGame {
  return new EmbeddedGame({ ...opts, container });
}
