import { useTranslation } from 'react-i18next';
import '../i18n';
import { BenchmarkRankLine } from './BenchmarkRankLine';
import './stats.css';
import type { LeaderboardDto } from '../contracts/stats';
import { defaultFetch, type FetchFn } from '../net/api';
import { fetchLeaderboard } from '../net/statsApi';
import { useFetched } from './useFetched';
import { formatScore } from './DrillSummary';
import { formatDecimal } from '../metrics/insight';
import { loginUrl } from '../contracts/auth';

/** Rows per leaderboard page. */
export const LEADERBOARD_PAGE_SIZE = 20;

/** LeaderboardPage props: the drill and the page's first row (0-based), or `around`: the page
 * around the reader's own place. */
export interface LeaderboardPageProps {
  drillId: number | null;
  offset?: number;
  /** show the window around the reader (`?around=me`) instead of the page at `offset` */
  around?: boolean;
  fetchFn?: FetchFn;
}

/** The leaderboard of one drill (`/app/#/leaderboard?drill=N[&offset=K|&around=me]`): ranked
 * runs of accounts only, one best run per player, by username (src/server/leaderboard.ts); the
 * reader's own row (and only it) highlighted with "(You)"; their rank and percentile, or for a
 * guest where their best would place; pages of LEADERBOARD_PAGE_SIZE, or the page around the
 * reader. */
export function LeaderboardPage({ drillId, offset = 0, around = false, fetchFn = defaultFetch }: LeaderboardPageProps) {
  const { t } = useTranslation();
  const result = useFetched<LeaderboardDto>(
    drillId === null ? null : () => fetchLeaderboard(fetchFn, drillId, LEADERBOARD_PAGE_SIZE, offset, around),
    `${drillId}:${around ? 'me' : offset}`,
  );
  if (drillId === null) {
    return (
      <section className="page">
        <h1>{t('stats.leaderboard.title')}</h1>
        <p className="error-text">{t('stats.leaderboard.missing')}</p>
      </section>
    );
  }
  const page = (o: number) => `/app/#/leaderboard?drill=${drillId}&offset=${o}`;
  return (
    <section className="page" data-testid="leaderboard-page">
      <p className="muted">{t('stats.leaderboard.title')}</p>
      {result.status === 'loading' && <p className="muted">{t('stats.leaderboard.loading')}</p>}
      {result.status === 'error' && <p className="error-text" role="alert">{t('stats.leaderboard.error', { message: result.message })}</p>}
      {result.status === 'ok' && (() => {
        const b = result.data;
        const unit = t(`stats.summary.score_unit.${b.primary_metric}`, { defaultValue: '' });
        const mine = b.me?.best !== null && b.me?.best !== undefined ? b.me : null;
        return (
          <>
            <h1 data-testid="leaderboard-drill">{b.drill_name}</h1>
            {/* issue 36 item 3: the reader's benchmark rank on this drill (accounts) */}
            <BenchmarkRankLine drillId={b.drill_id} fetchFn={fetchFn} />
            <p data-testid="leaderboard-me">
              {mine && mine.rank !== null && mine.listed !== false && t('stats.leaderboard.your_rank', { rank: mine.rank, total: b.total })}
              {mine && mine.rank !== null && mine.listed === false && (
                <>
                  {t('stats.leaderboard.would_place', { rank: mine.rank })}{' '}
                  <a href={loginUrl(`/app/#/leaderboard?drill=${b.drill_id}&around=me`)} data-testid="leaderboard-register">{t('stats.leaderboard.register')}</a>
                </>
              )}
              {!(mine && mine.rank !== null) && t('stats.leaderboard.your_rank_none')}
            </p>
            {mine && typeof mine.percentile === 'number' && (
              <p className="muted" data-testid="leaderboard-percentile">
                {t('stats.leaderboard.percentile', { pct: formatDecimal(mine.percentile) })}
              </p>
            )}
            {b.entries.length === 0 ? (
              <p className="muted">{t('stats.leaderboard.empty')}</p>
            ) : (
              <div className="table-wrap">
                <table className="board" data-testid="leaderboard-table">
                  <thead>
                    <tr>
                      <th className="num">{t('stats.leaderboard.rank')}</th>
                      <th>{t('stats.leaderboard.player')}</th>
                      <th className="num">{t('stats.leaderboard.score')}</th>
                      <th className="num">{t('stats.leaderboard.accuracy')}</th>
                      <th>{t('stats.leaderboard.date')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {b.entries.map((e) => {
                      const me = e.is_me === true; // the server marks the reader's own row only
                      return (
                        <tr key={e.user_id} className={me ? 'is-me' : ''}>
                          <td className="num">{e.rank}</td>
                          <td>{e.player}{me ? ` (${t('stats.leaderboard.you')})` : ''}</td>
                          <td className="num">{formatScore(b.primary_metric, e.score)} {unit}</td>
                          <td className="num">{formatDecimal(e.accuracy)} %</td>
                          <td>{new Date(e.created_at).toLocaleDateString()}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            <div className="pager">
              {mine && mine.rank !== null && (around
                ? <a className="btn" href={page(0)} data-testid="leaderboard-top">{t('stats.leaderboard.top')}</a>
                : <a className="btn" href={`/app/#/leaderboard?drill=${drillId}&around=me`} data-testid="leaderboard-around">{t('stats.leaderboard.around_me')}</a>)}
              {b.offset > 0 && <a className="btn" href={page(Math.max(0, b.offset - b.limit))}>{t('stats.leaderboard.prev')}</a>}
              {b.offset + b.entries.length < b.total && <a className="btn" href={page(b.offset + b.limit)}>{t('stats.leaderboard.next')}</a>}
            </div>
            <p className="muted" style={{ fontSize: '0.85rem' }}>{t('stats.leaderboard.rules')}</p>
            <div className="actions">
              <a className="btn btn--primary" href={`/?id=${b.drill_id}`}>{t('stats.leaderboard.play')}</a>
              <a className="btn" href="/app/#/progress">{t('stats.summary.progress')}</a>
            </div>
          </>
        );
      })()}
    </section>
  );
}

export default LeaderboardPage;
