import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import './account.css';
import type { MeResponse } from '../contracts/auth';
import { defaultFetch, type FetchFn } from '../net/api';
import { fetchMe, fetchPremium } from '../net/auth';
import { PageShell } from './PageShell';

/** PlusPage props: the fetch to use (tests). */
export interface PlusPageProps {
  fetchFn?: FetchFn;
}

/** The four premium-only shot metrics (spec section 3: reaction time is shown to all). */
const PLUS_METRICS = ['full_shot_time', 'path_efficiency', 'initial_direction', 'mouse_speed'] as const;

/**
 * The premium upsell (/plus, spec sections 2 and 6): what Plus gives (the four premium shot
 * metrics on every drill summary, no ads before drills) and how to get it (an account, then the
 * operator enables Plus for its name). "Get Plus" asks `GET /api/v1/user/premium`, which needs an
 * account: a guest is sent to /login?next=/plus by the 'Not Logged In' reply.
 */
export function PlusPage({ fetchFn = defaultFetch }: PlusPageProps) {
  const { t } = useTranslation();
  const [me, setMe] = useState<MeResponse | null>(null);
  const [status, setStatus] = useState<{ username: string; premium: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchMe(fetchFn).then(setMe, () => setMe({ id: null, username: null, premium: false }));
  }, [fetchFn]);

  const getPlus = () => {
    setError(null);
    fetchPremium(fetchFn).then(setStatus, (e: { serverMessage?: string | null; message?: string }) => setError(e.serverMessage ?? e.message ?? String(e)));
  };
  const premium = status?.premium ?? me?.premium ?? false;

  return (
    <PageShell>
      <section className="page page--narrow plus-page">
        <h1>
          {t('plus.title')} <span className="tag tag--plus">{t('plus.badge')}</span>
        </h1>
        <p className="plus-page__lead">{t('plus.lead')}</p>
        <div className="plus-grid">
          <div className="account-card">
            <h2>{t('plus.metrics_title')}</h2>
            <ul className="plus-list">
              {PLUS_METRICS.map((m) => (
                <li key={m}>{t(`plus.metric.${m}`)}</li>
              ))}
            </ul>
          </div>
          <div className="account-card">
            <h2>{t('plus.no_ads_title')}</h2>
            <p className="muted">{t('plus.no_ads_text')}</p>
          </div>
        </div>
        <div className="account-card plus-how" data-testid="plus-status">
          <h2>{t('plus.how_title')}</h2>
          {premium ? (
            <p className="plus-active">{t('plus.active', { name: status?.username ?? me?.username ?? '' })}</p>
          ) : status ? (
            <p>{t('plus.ask_operator', { name: status.username })}</p>
          ) : (
            <p className="muted">{t('plus.how_text')}</p>
          )}
          {error && <p className="error-text" role="alert">{error}</p>}
          <div className="actions">
            {!premium && !status && (
              <button type="button" className="btn btn--primary" onClick={getPlus} data-testid="get-plus">
                {t('plus.get')}
              </button>
            )}
            <a className="btn" href="/drills">
              {t('plus.back_to_drills')}
            </a>
          </div>
        </div>
      </section>
    </PageShell>
  );
}

export default PlusPage;
