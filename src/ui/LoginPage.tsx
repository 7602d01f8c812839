import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import './account.css';
import { credentialsError, PASSWORD_MIN, safeNext, USERNAME_MAX, USERNAME_MIN, type MeResponse } from '../contracts/auth';
import { ApiRequestError, defaultFetch, type FetchFn } from '../net/api';
import { fetchMe, login, logout, register } from '../net/auth';
import { PageShell } from './PageShell';
import { tabListKeyDown } from './a11y';
import { AccountSessions } from './AccountSessions';

/** LoginPage props: the fetch to use and where to go afterwards (tests). */
export interface LoginPageProps {
  fetchFn?: FetchFn;
  /** the page's query string (default `location.search`): `next` is where to go after logging in */
  search?: string;
  /** goes to a URL (default `location.assign`) */
  navigate?: (url: string) => void;
}

type Mode = 'login' | 'register';

/**
 * The account page (/login, spec sections 2 and 6): log in or create an account (username 3-24
 * letters, digits, `_`, `-`; password at least 10 characters), then back to `?next=` (a path
 * of this site, resolved against this page's origin: `safeNext`, else `/`). A logged-in player
 * sees their name, their Plus status and Log out, and (issue 39, AccountSessions) their sessions
 * with End / Log out everywhere and the password change.
 * The rules are checked as the player types (src/contracts/auth.ts) and again by the server,
 * whose message is shown (`role="alert"`).
 */
export function LoginPage({ fetchFn = defaultFetch, search = window.location.search, navigate = (u) => window.location.assign(u) }: LoginPageProps) {
  const { t } = useTranslation();
  const next = safeNext(new URLSearchParams(search).get('next'));
  const [me, setMe] = useState<MeResponse | null>(null);
  const [mode, setMode] = useState<Mode>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  useEffect(() => {
    fetchMe(fetchFn).then(setMe, () => setMe({ id: null, username: null, premium: false }));
  }, [fetchFn]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const creds = { username: username.trim(), password };
    if (mode === 'register') {
      const problem = credentialsError(creds);
      if (problem) return setError(problem);
    }
    setBusy(true);
    setError(null);
    try {
      await (mode === 'register' ? register : login)(fetchFn, creds);
      navigate(next);
    } catch (err) {
      setError(err instanceof ApiRequestError ? (err.serverMessage ?? err.message) : String(err));
      setBusy(false);
    }
  };

  const doLogout = async () => {
    setBusy(true);
    try {
      await logout(fetchFn);
    } finally {
      setBusy(false);
      setMe({ id: null, username: null, premium: false });
    }
  };

  let body;
  if (me === null) {
    body = <p className="muted">{t('account.loading')}</p>;
  } else if (me.username) {
    body = (
      <>
      <div className="account-card" data-testid="logged-in">
        <p>
          {t('account.logged_in_as')} <strong data-testid="account-name">{me.username}</strong>
          {me.premium && <span className="tag tag--plus">{t('plus.badge')}</span>}
        </p>
        <div className="actions">
          <a className="btn btn--primary" href={next === '/' ? '/drills' : next}>
            {t('account.continue')}
          </a>
          {!me.premium && (
            <a className="btn" href="/plus">
              {t('plus.get')}
            </a>
          )}
          <button type="button" className="btn" onClick={doLogout} disabled={busy}>
            {t('account.logout')}
          </button>
        </div>
      </div>
      <AccountSessions fetchFn={fetchFn} username={me.username} onLoggedOut={() => setMe({ id: null, username: null, premium: false })} />
      </>
    );
  } else {
    body = (
      <form className="account-card account-form" onSubmit={submit} noValidate>
        <div className="account-tabs" role="tablist" onKeyDown={tabListKeyDown}>
          {(['login', 'register'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={`account-tabs__tab${mode === m ? ' is-active' : ''}`}
              onClick={() => {
                setMode(m);
                setError(null);
              }}
            >
              {t(m === 'login' ? 'account.tab_login' : 'account.tab_register')}
            </button>
          ))}
        </div>
        <div className="account-field">
          <label htmlFor={`${ids}-u`}>{t('account.username')}</label>
          <input
            id={`${ids}-u`}
            name="username"
            autoComplete="username"
            value={username}
            maxLength={64}
            onChange={(e) => setUsername(e.target.value)}
            aria-describedby={mode === 'register' ? `${ids}-uh` : undefined}
            required
          />
          {mode === 'register' && <small id={`${ids}-uh`} className="muted">{t('account.username_hint', { min: USERNAME_MIN, max: USERNAME_MAX })}</small>}
        </div>
        <div className="account-field">
          <label htmlFor={`${ids}-p`}>{t('account.password')}</label>
          <input
            id={`${ids}-p`}
            name="password"
            type="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={mode === 'register' ? `${ids}-ph` : undefined}
            required
          />
          {mode === 'register' && <small id={`${ids}-ph`} className="muted">{t('account.password_hint', { min: PASSWORD_MIN })}</small>}
        </div>
        {error && (
          <p className="error-text" role="alert" data-testid="account-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary account-form__submit" disabled={busy}>
          {t(mode === 'login' ? 'account.submit_login' : 'account.submit_register')}
        </button>
        <p className="muted account-form__note">{t(mode === 'login' ? 'account.guest_note_login' : 'account.guest_note_register')}</p>
      </form>
    );
  }

  return (
    <PageShell>
      <section className="page page--narrow">
        <h1>{t(me?.username ? 'account.title_account' : mode === 'login' ? 'account.title_login' : 'account.title_register')}</h1>
        {body}
      </section>
    </PageShell>
  );
}

export default LoginPage;
