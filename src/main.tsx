/**
 * Client entry: picks the page by `location.pathname`.
 * - `/app` or `/app/...`: the host-app shell (lazy); `#/drill-summary?run=N` shows the drill summary
 * - `/drills`: the drill list
 * - `/maximum-fps`, `/mouse-skip-fix`: the help pages the notices link to
 * - `/gameoptions/edit`: the standalone settings page
 * - `/login`: log in / create an account; `/plus`: the premium page
 * - anything else: the game page (`?id=N`, digits only, default 134)
 * Every page load first retries the runs left unsent in the outbox (and keeps retrying them with
 * backoff while the page is open, src/net/outbox.ts). In an iframe the body gets the class
 * `is-embedded` (pages drop their site header there).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import './i18n';
import './ui/styles.css';
import { startOutbox } from './net/outbox';
import { pageHostBridge, rememberReferrer } from './state/env';
import { connectHostCommands } from './state/listeners';
import { makeStore } from './state/store';
import { GamePage } from './ui/GamePage';
import { pageFor } from './contracts/pageFor';
import { helpTopicFor, type HelpTopic } from './contracts/helpPages';
import { LazyChunk } from './ui/LazyChunk';
import { loginUrl } from './contracts/auth';
import { defaultFetch, gameConfigPath, setNotLoggedInHandler } from './net/api';
import { startEarlyGets } from './net/earlyGets';
import { parseDrillQuery } from './state/drillQuery';
import { GAME_OPTIONS_PATH } from './contracts/gameOptions';

// the other pages are chunks of their own, loaded through loadChunk: a chunk that has not
// arrived after the chunk time-out (120 s, spec section 8) shows an error card with Retry
const AppShell = () => <LazyChunk chunk="app-shell" load={() => import('./ui/AppShell').then((m) => m.default)} props={{}} />;
const DrillList = () => <LazyChunk chunk="drill-list" load={() => import('./ui/DrillList').then((m) => m.default)} props={{}} />;
const SettingsPage = () => <LazyChunk chunk="settings-page" load={() => import('./ui/settings/SettingsPage').then((m) => m.default)} props={{}} />;
const HelpPage = (props: { topic: HelpTopic }) => <LazyChunk chunk="help-page" load={() => import('./ui/HelpPage').then((m) => m.default)} props={props} />;
const LoginPage = () => <LazyChunk chunk="login-page" load={() => import('./ui/LoginPage').then((m) => m.default)} props={{}} />;
const PlusPage = () => <LazyChunk chunk="plus-page" load={() => import('./ui/PlusPage').then((m) => m.default)} props={{}} />;

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('#root is missing from index.html');

// spec section 6: the server's 'Not Logged In' reply sends the player to /login, and back here after
setNotLoggedInHandler(() => {
  if (pageFor(window.location.pathname) !== 'login') window.location.assign(loginUrl(window.location.pathname + window.location.search + window.location.hash));
});

void startOutbox().catch((e) => console.warn('Outbox flush failed', e));

const page = pageFor(window.location.pathname);
if (window.parent !== window) document.body.classList.add('is-embedded');
let content;
if (page === 'settings') {
  content = (
    <Provider store={makeStore()}>
      <SettingsPage />
    </Provider>
  );
} else if (page === 'app') {
  content = <AppShell />;
} else if (page === 'drills') {
  content = <DrillList />;
} else if (page === 'login' || page === 'plus') {
  content = page === 'login' ? <LoginPage /> : <PlusPage />;
} else if (page === 'help') {
  // pageFor answered 'help', so the path is a help page's
  content = <HelpPage topic={helpTopicFor(window.location.pathname)!} />;
} else {
  // the drill's config and the player's settings are asked for now, not after React's first
  // render (src/net/earlyGets.ts; issue 18 item 1: page to first frame)
  const q = parseDrillQuery(window.location.search);
  if (q.ok) startEarlyGets([gameConfigPath(q.id), GAME_OPTIONS_PATH], defaultFetch);
  rememberReferrer();
  document.body.classList.add('is-game');
  const store = makeStore();
  connectHostCommands(pageHostBridge(), store.dispatch); // pause / resume / quit from an embedding host
  content = (
    <Provider store={store}>
      <GamePage />
    </Provider>
  );
}

createRoot(rootEl).render(<StrictMode>{content}</StrictMode>);
