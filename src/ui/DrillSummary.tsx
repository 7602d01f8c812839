import { useTranslation } from 'react-i18next';
import '../i18n';
import type { RunSummary } from '../contracts/performance';
import { defaultFetch, fetchPerformance, type FetchFn } from '../net/api';
import { useFetched } from './useFetched';

/** DrillSummary props. */
export interface DrillSummaryProps {
  /** performance id; null when the route had none */
  id: number | null;
  /** the drill source the run was opened from (spec section 9); "Play again" keeps it */
  source?: string | null;
  fetchFn?: FetchFn;
}

const METRICS = [
  { key: 'targets_destroyed', testId: 'summary-targets', label: 'summary.targets', unit: null },
  { key: 'hits', testId: 'summary-hits', label: 'summary.hits', unit: null },
  { key: 'shots', testId: 'summary-shots', label: 'summary.shots', unit: null },
  { key: 'accuracy', testId: 'summary-accuracy', label: 'summary.accuracy', unit: 'summary.unit_percent' },
  { key: 'time_destroy', testId: 'summary-time_destroy', label: 'summary.time_destroy', unit: 'summary.unit_ms' },
] as const;

/** The drill summary (spec sections 2, 3 and 8) of one stored run: the default metrics
 * (targets, hits, shots, accuracy, time_destroy) exactly as the server sent them, passed or
 * not, 'Play again' and a link to the drill list. */
export function DrillSummary({ id, source = null, fetchFn = defaultFetch }: DrillSummaryProps) {
  const { t } = useTranslation();
  const result = useFetched<RunSummary>(id === null ? null : () => fetchPerformance(fetchFn, id), id);

  if (id === null) {
    return (
      <section className="page summary" data-testid="summary-error">
        <h1>{t('summary.title')}</h1>
        <p className="error-text">{t('summary.missing_id')}</p>
        <a className="btn" href="/drills">
          {t('summary.drill_list')}
        </a>
      </section>
    );
  }
  if (result.status === 'loading') {
    return (
      <section className="page summary" data-testid="summary-loading">
        <p className="muted">{t('summary.loading')}</p>
      </section>
    );
  }
  if (result.status === 'error') {
    return (
      <section className="page summary" data-testid="summary-error">
        <h1>{t('summary.title')}</h1>
        <p className="error-text" role="alert">
          {t('summary.error', { message: result.message })}
        </p>
        <a className="btn" href="/drills">
          {t('summary.drill_list')}
        </a>
      </section>
    );
  }
  const s = result.data;
  return (
    <section className="page summary" data-testid="drill-summary">
      <p className="muted">{t('summary.title')}</p>
      <h1 data-testid="summary-drill-name">{s.drill_name}</h1>
      <p className={`summary__result ${s.passed ? 'summary__result--passed' : 'summary__result--failed'}`} data-testid="summary-result">
        {s.passed ? t('summary.passed') : t('summary.failed')}
      </p>
      <dl className="summary__metrics">
        {METRICS.map((m) => (
          <div className="metric" key={m.key}>
            <dt>{t(m.label)}</dt>
            <dd>
              <span className="metric__value" data-testid={m.testId}>
                {String(s[m.key])}
              </span>
              {m.unit && <span className="metric__unit"> {t(m.unit)}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <a className="btn btn--primary" href={playAgainHref(s.game_id, source)} data-testid="summary-play-again">
          {t('summary.play_again')}
        </a>
        <a className="btn" href="/drills" data-testid="summary-drill-list">
          {t('summary.drill_list')}
        </a>
      </div>
    </section>
  );
}

/** The game page of drill `gameId`, keeping the run's `source` (issue 12). */
export function playAgainHref(gameId: number, source: string | null): string {
  const q = new URLSearchParams({ id: String(gameId) });
  if (source) q.set('source', source);
  return `/?${q.toString()}`;
}

export default DrillSummary;
