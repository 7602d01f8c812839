/**
 * The client's entry (index.html's one script), kept small: it decides the page by
 * `location.pathname` and loads the React UI (src/app.tsx) as a chunk of its own.
 *
 * The game page (issue 18 item 1, "page to first frame"; a drill id that parses and no editor
 * preview) boots before the UI: the entry asks for the drill's gameconfig and the player's
 * options at once, creates the game surface (canvas + overlay root, over the page) and loads the
 * game chunk (src/game/boot.ts, preloaded by the server's hints), which draws the room's first
 * frame as soon as both answers are in. The UI chunk is loaded when that first frame is drawn,
 * when the boot fails (the UI reports why), or after UI_WAIT_MS, whichever comes first: React,
 * Redux and i18next never compete with the first frame, and a slow server still shows the UI's
 * loader. Until then the page shows nothing but its background. The store's load listener
 * adopts the boot's controller and load (src/state/gameHolder.ts BootLoad). Any other page (or
 * an invalid id, a preview, or a playlist, `?playlist=`, whose first drill is not known yet, or a sensitivity finder session, `?finder=`, whose rounds load at their own hidden sensitivity)
 * loads the UI at once; the game page's gameconfig and options
 * GETs still start here (src/net/earlyGets.ts).
 *
 * A UI chunk that cannot be loaded (ChunkLoadError after the chunk time-out, spec section 8)
 * shows a plain error with a Retry button (the page reloads).
 */
import './ui/styles.css';
import { pageFor } from './contracts/pageFor';
import { parseDrillQuery } from './state/drillQuery';
import { loginUrl } from './contracts/auth';
import { GAME_OPTIONS_PATH } from './contracts/gameOptions';
import { defaultFetch, fetchGameConfig, fetchGameOptions, gameConfigPath, requestRunTicket, setNotLoggedInHandler } from './net/api';
import { startEarlyGets } from './net/earlyGets';
import { loadChunk } from './net/chunkLoad';
import { createSurfaceElements, setBootLoad, type BootLoad } from './state/gameHolder';
import { createHostBridge } from './host/hostBridge';

/** The longest the UI waits for the booted first frame before it loads anyway, ms (the
 * loader then shows the rest of the load). */
const UI_WAIT_MS = 1500;

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('#root is missing from index.html');

// spec section 6: the server's 'Not Logged In' reply sends the player to /login, and back here after
setNotLoggedInHandler(() => {
  if (pageFor(window.location.pathname) !== 'login') window.location.assign(loginUrl(window.location.pathname + window.location.search + window.location.hash));
});

const page = pageFor(window.location.pathname);
if (window.parent !== window) {
  document.body.classList.add('is-embedded');
  // the host's SDK learns at once that its frame loaded (its frame-refused time-out stops)
  createHostBridge().emit('frame-loaded', { path: window.location.pathname });
}

/** Shows a plain error over the page when the UI chunk cannot be loaded (no React or strings
 * yet: the English text of game_errors.chunk_error, in the error card's look), with a Retry
 * that reloads the page (the game behind may still load). */
function showUiLoadError(root: HTMLElement, e: unknown): void {
  console.error('Loading the UI failed', e);
  const overlay = document.createElement('div');
  overlay.className = 'overlay overlay--center overlay--dim boot-error';
  overlay.dataset.testid = 'boot-error';
  overlay.setAttribute('role', 'alert');
  const panel = document.createElement('div');
  panel.className = 'panel panel--narrow panel--error';
  const title = document.createElement('h2');
  title.className = 'panel__title';
  title.textContent = 'Part of the game did not load';
  const text = document.createElement('p');
  text.textContent = `${e instanceof Error ? e.message : String(e)}. Check your connection, then try again.`;
  const actions = document.createElement('div');
  actions.className = 'actions';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'btn btn--primary';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => window.location.reload());
  actions.append(retry);
  panel.append(title, text, actions);
  overlay.append(panel);
  root.replaceChildren(overlay);
}

const loadUi = (): void => {
  loadChunk('app', () => import('./app')).then((m) => m.startApp(rootEl), (e: unknown) => showUiLoadError(rootEl, e));
};

const query = page === 'game' ? parseDrillQuery(window.location.search) : null;
if (query?.ok && !query.preview && !query.playlist && !query.finder) {
  document.body.classList.add('is-game');
  const config = fetchGameConfig(defaultFetch, query.id);
  const options = fetchGameOptions(defaultFetch);
  // the run ticket too (issue 33 item 5: every API call in parallel with the chunks): the boot
  // loads with its seed, so the pre-game shows the round's first targets; the only write of the
  // three, so a new visitor's guest is created once
  const ticket = requestRunTicket(defaultFetch, query.id);
  config.catch(() => undefined); // read (and reported) by the load listener
  options.catch(() => undefined);
  ticket.catch(() => undefined);
  const surface = createSurfaceElements();
  // over the page until the UI's GameCanvas mounts these elements in its place (the holder is
  // then removed). Nothing else is drawn before the first frame, not even a loader: under
  // software rendering the first text painted over the canvas (the GPU process's first raster)
  // delayed the first frame by 60-90 ms, an animated bar by about 0.3 s (load-time bench,
  // BENCHMARKS.md). The UI's Loader shows the load once the UI is up.
  const holder = document.createElement('div');
  holder.className = 'game-page game-page--boot';
  holder.append(surface.canvas, surface.overlayRoot);
  document.body.insertBefore(holder, rootEl);
  const booted = loadChunk('game', () => import('./game/boot')).then((m) =>
    m.bootGame({ ...surface, config, options, ticket, source: query.source, context: query.context }),
  );
  booted.catch(() => undefined); // read by `adopt`
  const boot: BootLoad = {
    id: query.id,
    surface,
    config,
    options,
    ticket,
    adopt: (callbacks) => booted.then((b) => {
      b.relay.attach(callbacks);
      return b.controller;
    }),
    loaded: booted.then((b) => b.loaded),
  };
  boot.loaded.catch(() => undefined);
  setBootLoad(boot);
  const uiWait = new Promise<void>((resolve) => setTimeout(resolve, UI_WAIT_MS));
  const firstFrameOrFailure = booted.then((b) => Promise.race([b.relay.whenFirstFrame(), b.loaded]));
  void Promise.race([firstFrameOrFailure, uiWait]).catch(() => undefined).then(loadUi);
} else {
  if (page === 'game') {
    document.body.classList.add('is-game');
    // the drill's config and the player's settings are asked for now, not after React's first
    // render (src/net/earlyGets.ts)
    if (query?.ok && !query.playlist) startEarlyGets([gameConfigPath(query.id), GAME_OPTIONS_PATH], defaultFetch);
  }
  loadUi();
}
