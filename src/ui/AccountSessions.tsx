import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { credentialsError, PASSWORD_MIN } from '../contracts/auth';
import type { SessionInfo } from '../contracts/sessions';
import { ApiRequestError, type FetchFn } from '../net/api';
import { changePassword, fetchSessions, logoutEverywhere, revokeSession } from '../net/sessions';

/** AccountSessions props. */
export interface AccountSessionsProps {
  fetchFn: FetchFn;
  /** the account's name (for the password rules) */
  username: string;
  /** this browser's session ended (revoked here, or log out everywhere) */
  onLoggedOut: () => void;
}

const message = (err: unknown) => (err instanceof ApiRequestError ? (err.serverMessage ?? err.message) : String(err));

/** A date-time as the player's locale writes it. */
function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/**
 * The session part of the account page (issue 39): the account's sessions (device, started,
 * last used; this one marked) with "End" on each and "Log out everywhere", and the password
 * change form (current and new password; on success the other sessions have ended). Errors show
 * as the server's message (`role="alert"`).
 */
export function AccountSessions({ fetchFn, username, onLoggedOut }: AccountSessionsProps) {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [pwError, setPwError] = useState<string | null>(null);
  const [pwDone, setPwDone] = useState<number | null>(null);
  const ids = useId();

  const load = useCallback(() => {
    fetchSessions(fetchFn).then((r) => setSessions(r.sessions), (e: unknown) => setError(message(e)));
  }, [fetchFn]);
  useEffect(load, [load]);

  const end = async (s: SessionInfo) => {
    setBusy(true);
    setError(null);
    try {
      const r = await revokeSession(fetchFn, s.id);
      if (s.current) onLoggedOut();
      else setSessions(r.sessions);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  const everywhere = async () => {
    setBusy(true);
    setError(null);
    try {
      await logoutEverywhere(fetchFn);
      onLoggedOut();
    } catch (e) {
      setError(message(e));
      setBusy(false);
    }
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setPwDone(null);
    const problem = credentialsError({ username, password: next });
    if (problem) return setPwError(problem);
    setBusy(true);
    setPwError(null);
    try {
      const r = await changePassword(fetchFn, current, next);
      setPwDone(r.revoked);
      setCurrent('');
      setNext('');
      load();
    } catch (err) {
      setPwError(message(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="account-card" data-testid="account-sessions">
        <h2>{t('account.sessions_title')}</h2>
        {sessions === null && !error && <p className="muted">{t('account.loading')}</p>}
        {sessions && (
          <ul className="session-list">
            {sessions.map((s) => (
              <li key={s.id} className="session-list__item" data-testid="session-row">
                <div>
                  <strong>{s.device}</strong>
                  {s.current && <span className="tag">{t('account.session_current')}</span>}
                  <div className="muted session-list__when">
                    {t('account.session_last_used', { when: when(s.last_seen) })} · {t('account.session_started', { when: when(s.created_at) })}
                  </div>
                </div>
                <button type="button" className="btn" disabled={busy} onClick={() => end(s)} aria-label={t('account.session_end_label', { device: s.device })}>
                  {t('account.session_end')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <button type="button" className="btn" disabled={busy} onClick={everywhere} data-testid="logout-everywhere">
          {t('account.logout_everywhere')}
        </button>
      </div>
      <form className="account-card account-form" onSubmit={submitPassword} noValidate data-testid="password-form">
        <h2>{t('account.password_title')}</h2>
        <div className="account-field">
          <label htmlFor={`${ids}-cur`}>{t('account.current_password')}</label>
          <input id={`${ids}-cur`} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required />
        </div>
        <div className="account-field">
          <label htmlFor={`${ids}-new`}>{t('account.new_password')}</label>
          <input id={`${ids}-new`} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} aria-describedby={`${ids}-nh`} required />
          <small id={`${ids}-nh`} className="muted">{t('account.password_hint', { min: PASSWORD_MIN })}</small>
        </div>
        {pwError && (
          <p className="error-text" role="alert">
            {pwError}
          </p>
        )}
        {pwDone !== null && (
          <p className="plus-active" role="status">
            {t('account.password_changed', { count: pwDone })}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('account.password_submit')}
        </button>
      </form>
    </>
  );
}

export default AccountSessions;
