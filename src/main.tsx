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
import { StrictMode, Suspense, lazy } from 'react';
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
import { helpTopicFor } from './contracts/helpPages';
import { loginUrl } from './contracts/auth';
import { setNotLoggedInHandler } from './net/api';

const AppShell = lazy(() => import('./ui/AppShell'));
const DrillList = lazy(() => import('./ui/DrillList'));
const SettingsPage = lazy(() => import('./ui/settings/SettingsPage'));
const HelpPage = lazy(() => import('./ui/HelpPage'));
const LoginPage = lazy(() => import('./ui/LoginPage'));
const PlusPage = lazy(() => import('./ui/PlusPage'));

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
      <Suspense fallback={null}>
        <SettingsPage />
      </Suspense>
    </Provider>
  );
} else if (page === 'app') {
  content = (
    <Suspense fallback={null}>
      <AppShell />
    </Suspense>
  );
} else if (page === 'drills') {
  content = (
    <Suspense fallback={null}>
      <DrillList />
    </Suspense>
  );
} else if (page === 'login' || page === 'plus') {
  content = <Suspense fallback={null}>{page === 'login' ? <LoginPage /> : <PlusPage />}</Suspense>;
} else if (page === 'help') {
  content = (
    <Suspense fallback={null}>
      {/* pageFor answered 'help', so the path is a help page's */}
      <HelpPage topic={helpTopicFor(window.location.pathname)!} />
    </Suspense>
  );
} else {
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
