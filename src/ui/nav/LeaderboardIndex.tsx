import { useTranslation } from 'react-i18next';
import '../../i18n';
import { defaultFetch, fetchDrills, type DrillListItem, type FetchFn } from '../../net/api';
import { useFetched } from '../useFetched';

/** LeaderboardIndex props: the fetch to use (tests). */
export interface LeaderboardIndexProps {
  fetchFn?: FetchFn;
}

/** The header's Leaderboards place without a drill (`/app/#/leaderboard`): every drill of
 * `GET /api/v1/drills` linking to its board (`#/leaderboard?drill=N`), with the player's rank
 * where they have one. */
export function LeaderboardIndex({ fetchFn = defaultFetch }: LeaderboardIndexProps) {
  const { t } = useTranslation();
  const result = useFetched<DrillListItem[]>(() => fetchDrills(fetchFn), 'drills');
  return (
    <section className="page" data-testid="leaderboard-index">
      <h1>{t('nav.leaderboards_title')}</h1>
      <p className="muted">{t('nav.leaderboards_hint')}</p>
      {result.status === 'loading' && <p className="muted">{t('drills.loading')}</p>}
      {result.status === 'error' && <p className="error-text" role="alert">{t('drills.error', { message: result.message })}</p>}
      {result.status === 'ok' && (
        <ul className="drill-list">
          {result.data.map((d) => (
            <li key={d.id} className="drill-list__item">
              <a href={`/app/#/leaderboard?drill=${d.id}`} className="drill-list__link" data-testid={`board-link-${d.id}`}>
                <span className="drill-list__name">{d.name}</span>
                {typeof d.leaderboard_rank === 'number' && <span className="tag">{t('stats.drills_rank.rank', { rank: d.leaderboard_rank })}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default LeaderboardIndex;
