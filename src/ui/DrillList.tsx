import { useTranslation } from 'react-i18next';
import '../i18n';
import { defaultFetch, fetchDrills, type DrillListItem, type FetchFn } from '../net/api';
import { useFetched } from './useFetched';
import { PageShell } from './PageShell';
import { formatScore } from './DrillSummary';
import './stats.css';

/** DrillList props: the fetch to use (tests). */
export interface DrillListProps {
  fetchFn?: FetchFn;
}

/** The drill list page (/drills): every drill of `GET /api/v1/drills`, each linking to
 * the game page `/?id=N`. */
export function DrillList({ fetchFn = defaultFetch }: DrillListProps) {
  const { t } = useTranslation();
  const result = useFetched<DrillListItem[]>(() => fetchDrills(fetchFn), 'drills');
  return (
    <PageShell>
      <section className="page">
        <h1>{t('drills.title')}</h1>
        {result.status === 'loading' && <p className="muted">{t('drills.loading')}</p>}
        {result.status === 'error' && (
          <p className="error-text" role="alert">
            {t('drills.error', { message: result.message })}
          </p>
        )}
        {result.status === 'ok' && result.data.length === 0 && <p className="muted">{t('drills.empty')}</p>}
        {result.status === 'ok' && result.data.length > 0 && (
          <ul className="drill-list" data-testid="drill-list">
            {result.data.map((d) => (
              <li key={d.id} className="drill-list__item">
                <a href={`/?id=${d.id}`} className="drill-list__link">
                  <span className="drill-list__name">{d.name}</span>
                  {d.category && <span className="tag">{d.category}</span>}
                  {typeof d.duration === 'number' && (
                    <span className="muted">{t('drills.seconds', { seconds: Math.round(d.duration / 1000) })}</span>
                  )}
                </a>
                {d.objective && <p className="muted drill-list__objective">{d.objective}</p>}
                {/* issue 15: the player's best and rank (the leaderboard's rules), and the board */}
                <div className="drill-list__stats" data-testid={`drill-stats-${d.id}`}>
                  {typeof d.best_score === 'number' && (
                    <span data-testid="drill-best">
                      {t('stats.drills_rank.best', { best: `${formatScore(d.primary_metric ?? '', d.best_score)} ${t(`stats.summary.score_unit.${d.primary_metric}`, { defaultValue: '' })}`.trim() })}
                    </span>
                  )}
                  {typeof d.leaderboard_rank === 'number' && (
                    <span data-testid="drill-rank">{t('stats.drills_rank.rank', { rank: d.leaderboard_rank })}</span>
                  )}
                  <a href={`/app/#/leaderboard?drill=${d.id}`}>{t('stats.drills_rank.leaderboard')}</a>
                  {/* issue 17: the drill editor, starting from this drill */}
                  <a href={`/app/#/editor?from=${d.id}`} data-testid={`edit-copy-${d.id}`}>{t('drills.edit_copy')}</a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageShell>
  );
}

export default DrillList;
