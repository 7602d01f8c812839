/**
 * The client's UI (React), loaded by the entry (src/main.ts): picks the page by
 * `location.pathname`.
 * - `/app` or `/app/...`: the host-app shell (lazy); `#/drill-summary?run=N` shows the drill summary
 * - `/drills`: the drill list
 * - `/maximum-fps`, `/mouse-skip-fix`: the help pages the notices link to
 * - `/gameoptions/edit`: the standalone settings page
 * - `/login`: log in / create an account; `/plus`: the premium page
 * - anything else: the game page (`?id=N`, digits only, default 134)
 * Every page load first retries the runs left unsent in the outbox (and keeps retrying them with
 * backoff while the page is open, src/net/outbox.ts).
 *
 * On the game page the entry has usually booted the drill's load before this module arrives
 * (src/game/boot.ts): the store's load listener adopts it (src/state/gameHolder.ts BootLoad).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import './i18n';
import { startOutbox } from './net/outbox';
import { pageHostBridge, rememberReferrer } from './state/env';
import { connectHostCommands } from './state/listeners';
import { makeStore } from './state/store';
import { GamePage } from './ui/GamePage';
import { pageFor } from './contracts/pageFor';
import { helpTopicFor, type HelpTopic } from './contracts/helpPages';
import { LazyChunk } from './ui/LazyChunk';

// the other pages are chunks of their own, loaded through loadChunk: a chunk that has not
// arrived after the chunk time-out (120 s, spec section 8) shows an error card with Retry
const AppShell = () => <LazyChunk chunk="app-shell" load={() => import('./ui/AppShell').then((m) => m.default)} props={{}} />;
const DrillList = () => <LazyChunk chunk="drill-list" load={() => import('./ui/DrillList').then((m) => m.default)} props={{}} />;
const SettingsPage = () => <LazyChunk chunk="settings-page" load={() => import('./ui/settings/SettingsPage').then((m) => m.default)} props={{}} />;
const HelpPage = (props: { topic: HelpTopic }) => <LazyChunk chunk="help-page" load={() => import('./ui/HelpPage').then((m) => m.default)} props={props} />;
const LoginPage = () => <LazyChunk chunk="login-page" load={() => import('./ui/LoginPage').then((m) => m.default)} props={{}} />;
const PlusPage = () => <LazyChunk chunk="plus-page" load={() => import('./ui/PlusPage').then((m) => m.default)} props={{}} />;

/**
 * Renders the page of `location.pathname` into `rootEl` (the entry's `#root`). The game page's
 * early GETs and boot were started by the entry (src/main.ts).
 */
export function startApp(rootEl: HTMLElement): void {
  void startOutbox().catch((e) => console.warn('Outbox flush failed', e));

  const page = pageFor(window.location.pathname);
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
    rememberReferrer();
    const store = makeStore();
    connectHostCommands(pageHostBridge(), store.dispatch); // pause / resume / quit from an embedding host
    content = (
      <Provider store={store}>
        <GamePage />
      </Provider>
    );
  }

  createRoot(rootEl).render(<StrictMode>{content}</StrictMode>);
}
