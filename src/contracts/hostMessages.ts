/**
 * The postMessage protocol between the game (in an iframe) and the host web app that embeds it
 * (spec sections 2 and 7, issue 12). One envelope for both directions, told apart from any other
 * message on the window by `type: 'aim-trainer'`:
 * - game -> host: `{ type: 'aim-trainer', event: GameEventName, detail: GameEventDetail[event] }`,
 *   posted to `window.parent` with the embedding origin as the target origin;
 * - host -> game: `{ type: 'aim-trainer', command: 'pause' | 'resume' | 'quit' }`, accepted only
 *   from `window.parent` and only from an origin allowed by `HOST_ORIGINS`.
 * Standalone (no parent window), the game dispatches the same events as cancelable
 * `CustomEvent(event, { detail })` on its own window, as it always did.
 *
 * Shared by the game page (src/host/hostBridge.ts), the host SDK served at /sdk/host.js
 * (src/host/sdk.ts) and the server (which origins may frame the game). No runtime deps.
 */

/** One played drill of a playlist, as the playlist summary shows it and the host's
 * `playlist-complete` carries it: the stored run's numbers (the server's answer). */
export interface PlaylistRunResult {
  drillId: number;
  drillName: string;
  /** the stored performance's id */
  runId: number;
  /** the run's score (its primary metric's value) */
  score: number;
  primaryMetric: string;
  passed: boolean;
  /** the player's best score of the drill before or with this run; null when none is known */
  bestScore: number | null;
  /** the drill's round length, ms */
  durationMs: number;
}

/** `type` of every message of this protocol. */
export const HOST_MESSAGE_TYPE = 'aim-trainer';

/** The stats of a stored run as the drill summary shows them (a subset of RunSummary). */
export interface DrillCompleteStats {
  targets_destroyed: number;
  hits: number;
  shots: number;
  /** % with 2 decimals */
  accuracy: number;
  /** average time to destroy a target, ms */
  time_destroy: number;
  /** % of shots that were crits */
  crit_hit: number;
  damage: number;
  /** 'Mouse' or 'Cont' */
  input_type: string;
  /** the value of the drill's primary metric */
  score: number;
  primary_metric: string;
  /** the drill's objective threshold for the primary metric, null when it has none */
  threshold: number | null;
}

/**
 * The payload of each game -> host event.
 * - `frame-loaded`: the game page started in the host's frame (its first message, before the
 *   drill loads): the SDK's frame time-out (`frame-refused`) is off from then on.
 * - `ready`: the drill is loaded (assets-loaded): the host may show the game modal.
 * - `game-status-update` (spec section 7): the drill's id, name and the player's best score.
 * - `project-started` (spec section 7): the round started (countdown complete).
 * - `paused` / `resumed`: the pause menu opened / closed.
 * - `drill-complete`: the run is stored: its id (`runId`, readable at
 *   `/app/#/drill-summary?run={runId}` by the player who made it), the summary's stats and the
 *   pass / fail result. The game does not navigate when a host receives this.
 * - `playlist-complete` (issue 36 item 4): the last drill of a playlist (`?playlist=<id>`,
 *   `embedPlaylist`) is stored; every drill's run came as its own `drill-complete` before.
 * - `in-game-quit-pressed` (spec section 2): Quit was pressed (or the host sent `quit`) in a
 *   drill opened from a known drill source; the game does nothing else.
 * - `error`: the game shows its error card (i18n keys of its title and text); the SDK sends its
 *   own `error` with `code: 'frame-refused'` when the frame never answered (EmbedOptions.frameTimeoutMs).
 */
export interface GameEventDetail {
  'frame-loaded': { path: string };
  ready: { gameId: number; gameName: string; durationMs: number };
  'game-status-update': { gameId: number; highScore: number | null; gameName: string };
  'project-started': { gameId: number | null };
  paused: { gameId: number | null };
  resumed: { gameId: number | null };
  'drill-complete': {
    runId: number;
    gameId: number;
    gameName: string;
    passed: boolean;
    /** the player's best score on the drill as of this run (ranked runs only, when ranking exists) */
    bestScore: number | null;
    stats: DrillCompleteStats;
    /** the summary page of this run, absolute URL */
    summaryUrl: string;
  };
  'playlist-complete': {
    playlistId: string;
    playlistName: string;
    /** every drill's stored run, in play order (src/contracts/playlists.ts) */
    results: PlaylistRunResult[];
    /** ms from the playlist's load to its last stored run */
    elapsedMs: number;
    /** the game page of this playlist, path (`/?playlist=<id>`) */
    url: string;
  };
  'in-game-quit-pressed': { gameId: number | null; source: string | null; by: 'player' | 'host' };
  error: { title: string; description: string; code?: 'frame-refused' };
}

/** Names of the game -> host events. */
export type GameEventName = keyof GameEventDetail;

/** Every game -> host event name, in the order a run meets them. */
export const GAME_EVENT_NAMES: readonly GameEventName[] = [
  'frame-loaded', 'game-status-update', 'ready', 'project-started', 'paused', 'resumed', 'drill-complete', 'playlist-complete',
  'in-game-quit-pressed', 'error',
];

/** A game -> host message. */
export interface GameEventMessage<E extends GameEventName = GameEventName> {
  type: typeof HOST_MESSAGE_TYPE;
  event: E;
  detail: GameEventDetail[E];
}

/** The host -> game commands: pause (opens the pause menu while the round runs), resume (closes
 * it), quit (as the Quit button, with `by: 'host'`), goto-post-game (spec section 4: "A
 * goto-post-game event also stops the game": the round ends now, the run so far is posted and
 * `drill-complete` follows; ignored before the round starts). */
export const HOST_COMMANDS = ['pause', 'resume', 'quit', 'goto-post-game'] as const;
export type HostCommand = (typeof HOST_COMMANDS)[number];

/** A host -> game message. */
export interface HostCommandMessage {
  type: typeof HOST_MESSAGE_TYPE;
  command: HostCommand;
}

/** True when `data` is a well-formed host -> game command message. */
export function isHostCommandMessage(data: unknown): data is HostCommandMessage {
  if (!data || typeof data !== 'object') return false;
  const m = data as { type?: unknown; command?: unknown };
  return m.type === HOST_MESSAGE_TYPE && typeof m.command === 'string' && (HOST_COMMANDS as readonly string[]).includes(m.command);
}

/** True when `data` is a well-formed game -> host event message. */
export function isGameEventMessage(data: unknown): data is GameEventMessage {
  if (!data || typeof data !== 'object') return false;
  const m = data as { type?: unknown; event?: unknown };
  return m.type === HOST_MESSAGE_TYPE && typeof m.event === 'string' && (GAME_EVENT_NAMES as readonly string[]).includes(m.event);
}

/** The allowed host origins: `'*'` (any) or a list of exact origins (`https://host.example`). */
export type HostOrigins = '*' | readonly string[];

/**
 * Parses the `HOST_ORIGINS` setting: comma-separated origins (`scheme://host[:port]`, no path),
 * or `*` for any. Blank entries are skipped; each origin is normalised (`new URL(o).origin`:
 * lower-case host, default port dropped). Unset or blank -> `[]` (only the game's own origin may
 * frame it).
 * Throws `Error('HOST_ORIGINS: ...')` naming the first entry that is not an http(s) origin.
 */
export function parseHostOrigins(raw: string | undefined | null): HostOrigins {
  const entries = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (entries.includes('*')) return '*';
  return entries.map((e) => {
    let url: URL;
    try {
      url = new URL(e);
    } catch {
      throw new Error(`HOST_ORIGINS: '${e}' is not an origin (expected scheme://host[:port]).`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === 'null' || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
      throw new Error(`HOST_ORIGINS: '${e}' is not an origin (expected scheme://host[:port], no path).`);
    }
    return url.origin;
  });
}

/** True when `origin` may embed the game and command it: it is `self` (the game's own origin),
 * or `allowed` is `'*'`, or it is in `allowed`. */
export function isAllowedHostOrigin(origin: string, allowed: HostOrigins, self: string): boolean {
  if (!origin || origin === 'null') return false;
  if (origin === self) return true;
  return allowed === '*' || allowed.includes(origin);
}

/** Name of the `<meta>` element through which the server tells the page the allowed host
 * origins (its `content` is the normalised `HOST_ORIGINS`: `*` or a comma-separated list). */
export const HOST_ORIGINS_META = 'aim-host-origins';

/** Query parameter the host SDK adds to the game's URL: the embedding page's origin (used when
 * the browser has no `location.ancestorOrigins`; always checked against the allowed origins). */
export const EMBED_ORIGIN_PARAM = 'embed_origin';
