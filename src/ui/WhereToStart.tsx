import { useTranslation } from 'react-i18next';
import '../i18n';
import { SEASON_1 } from '../contracts/benchmarks';
import { playlistPath } from '../contracts/playlists';
import { ASSESSMENT_PLAYLIST_ID, weakestCategory } from '../contracts/whereToStart';
import { defaultFetch, fetchMyBenchmark, type FetchFn } from '../net/api';
import { useFetched } from './useFetched';

/** WhereToStart props. */
export interface WhereToStartProps {
  fetchFn?: FetchFn;
  /** whether the player has played any drill (a best score in the drill list); null = not known yet */
  hasRuns: boolean | null;
}

/**
 * "Where to start" on the drills page (issue 36 item 6): an account with benchmark scores gets
 * "Train your weakest category" (the lowest category energy of `GET /api/v1/benchmarks/{id}/me`,
 * src/contracts/whereToStart.ts) with Play for that category's playlist; a player with no run yet
 * gets the 3-drill assessment. Nothing otherwise (a guest with runs: the benchmark needs an
 * account).
 */
export function WhereToStart({ fetchFn = defaultFetch, hasRuns }: WhereToStartProps) {
  const { t } = useTranslation();
  const standing = useFetched(() => fetchMyBenchmark(fetchFn, SEASON_1.id), 'me');
  const weakest = standing.status === 'ok' && standing.data ? weakestCategory(standing.data) : null;
  if (weakest) {
    return (
      <div className="where-to-start" data-testid="where-to-start" data-kind="weakest" data-category={weakest.category}>
        <p className="where-to-start__text">
          {t('where_to_start.weakest', { name: weakest.name, energy: Math.round(weakest.energy) })}
        </p>
        <a className="btn btn--small btn--primary" href={playlistPath(weakest.category)} data-testid="where-to-start-play">{t('where_to_start.play_category', { name: weakest.name })}</a>
      </div>
    );
  }
  if (hasRuns === false && standing.status !== 'loading') {
    return (
      <div className="where-to-start" data-testid="where-to-start" data-kind="assessment">
        <p className="where-to-start__text">{t('where_to_start.first_visit')}</p>
        <a className="btn btn--small btn--primary" href={playlistPath(ASSESSMENT_PLAYLIST_ID)} data-testid="where-to-start-play">{t('where_to_start.take_assessment')}</a>
      </div>
    );
  }
  return null;
}

export default WhereToStart;
