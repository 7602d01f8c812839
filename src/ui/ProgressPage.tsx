import { useTranslation } from 'react-i18next';
import '../i18n';
import { BenchmarkRankLine } from './BenchmarkRankLine';
import './stats.css';
import type { ProgressDto } from '../contracts/stats';
import { defaultFetch, type FetchFn } from '../net/api';
import { fetchProgress } from '../net/statsApi';
import { useFetched } from './useFetched';
import { ScoreChart } from './ScoreChart';
import { formatScore } from './DrillSummary';
import { chartScore } from '../metrics/objective';
import type { PrimaryMetric } from '../contracts/constants';

/** ProgressPage props. */
export interface ProgressPageProps {
  fetchFn?: FetchFn;
}

/** Time trained as 'h h m min' / 'm min s s' (ms in). */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return sec > 0 ? `${m} min ${sec} s` : `${m} min`;
  return `${sec} s`;
}

/** The trend word of a slope (score units per run, `trendSlope`), by the metric's direction:
 * within 1 % of the best (or 0.01) per run counts as steady. */
export function trendWord(slope: number, lowerIsBetter: boolean, best: number | null): 'up' | 'down' | 'flat' {
  const eps = Math.max(0.01, Math.abs(best ?? 0) * 0.01);
  if (Math.abs(slope) <= eps) return 'flat';
  const rising = slope > 0;
  return rising !== lowerIsBetter ? 'up' : 'down';
}

/** The progress page (`/app/#/progress`, also the home of the host app): time trained, runs,
 * the recent runs, and every drill played with its best, last score, trend and a chart of its
 * scores; links to each drill's leaderboard, to play it, and to the drill list. */
export function ProgressPage({ fetchFn = defaultFetch }: ProgressPageProps) {
  const { t } = useTranslation();
  const result = useFetched<ProgressDto>(() => fetchProgress(fetchFn), 'progress');
  return (
    <section className="page page--wide" data-testid="progress-page">
      <h1>{t('stats.progress.title')}</h1>
      {/* issue 36 item 3: the player's overall benchmark rank (accounts) */}
      <BenchmarkRankLine drillId={null} fetchFn={fetchFn} />
      {result.status === 'loading' && <p className="muted">{t('stats.progress.loading')}</p>}
      {result.status === 'error' && (
        <p className="error-text" role="alert">{t('stats.progress.error', { message: result.message })}</p>
      )}
      {result.status === 'ok' && (
        <>
          <div className="stat-row">
            <div className="hero-card">
              <div className="hero-card__label">{t('stats.progress.total_time')}</div>
              <div className="hero-card__value" data-testid="progress-total-time">{formatDuration(result.data.total_time_ms)}</div>
            </div>
            <div className="hero-card">
              <div className="hero-card__label">{t('stats.progress.total_runs')}</div>
              <div className="hero-card__value" data-testid="progress-total-runs">{result.data.total_runs}</div>
            </div>
            <div className="hero-card">
              <div className="hero-card__label">{t('stats.progress.drills_played')}</div>
              <div className="hero-card__value">{result.data.drills.length}</div>
            </div>
          </div>
          {result.data.drills.length === 0 && <p className="muted">{t('stats.progress.empty')}</p>}
          {result.data.recent.length > 0 && (
            <>
              <h2 className="summary__h2">{t('stats.progress.recent')}</h2>
              <div className="table-wrap">
                <table className="recent" data-testid="progress-recent">
                  <tbody>
                    {result.data.recent.map((r) => (
                      <tr key={r.id}>
                        <td>{r.drill_name}</td>
                        <td className="num">
                          {formatScore(r.primary_metric, r.score)} {t(`stats.summary.score_unit.${r.primary_metric}`, { defaultValue: '' })}
                        </td>
                        <td className="muted">{new Date(r.created_at).toLocaleString()}</td>
                        <td><a href={`/app/#/drill-summary?run=${r.id}`}>{t('stats.progress.view')}</a></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          {result.data.drills.length > 0 && <h2 className="summary__h2">{t('stats.progress.drills')}</h2>}
          <ul className="progress-drills" data-testid="progress-drills">
            {result.data.drills.map((d) => {
              const word = trendWord(d.trend, d.lower_is_better, d.best);
              const unit = t(`stats.summary.score_unit.${d.primary_metric}`, { defaultValue: '' });
              return (
                <li key={d.drill_id} className="progress-drill" data-testid={`progress-drill-${d.drill_id}`}>
                  <div className="progress-drill__head">
                    <span className="progress-drill__name">{d.drill_name}</span>
                    <span className={`tone--${word === 'up' ? 'good' : word === 'down' ? 'bad' : 'flat'}`} data-testid="progress-trend">
                      {t(`stats.progress.trend_${word}`)}
                    </span>
                  </div>
                  <div className="progress-drill__facts">
                    <span>{t('stats.progress.runs_n', { count: d.runs })}</span>
                    <span>{t('stats.progress.best', { best: d.best === null ? '–' : `${formatScore(d.primary_metric, d.best)} ${unit}`.trim() })}</span>
                    <span>{t('stats.progress.last', { score: `${formatScore(d.primary_metric, d.last_score)} ${unit}`.trim() })}</span>
                    <span>{formatDuration(d.time_ms)}</span>
                  </div>
                  <ScoreChart
                    scores={d.scores.map((p) => chartScore(d.primary_metric as PrimaryMetric, p.score))}
                    best={d.best}
                    height={140}
                    integer={d.primary_metric === 'targets_destroyed'}
                    testId={`progress-chart-${d.drill_id}`}
                    label={d.drill_name}
                    names={{ score: t('stats.summary.chart_score'), average: t('stats.summary.chart_average'), best: t('stats.summary.chart_best') }}
                  />
                  <div className="progress-drill__links">
                    <a href={`/?id=${d.drill_id}`}>{t('stats.progress.play')}</a>
                    <a href={`/app/#/leaderboard?drill=${d.drill_id}`}>{t('stats.progress.leaderboard')}</a>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="actions" style={{ marginTop: '1.5rem' }}>
            <a className="btn btn--primary" href="/drills">{t('stats.progress.all_drills')}</a>
          </div>
        </>
      )}
    </section>
  );
}

export default ProgressPage;
