import { useTranslation } from 'react-i18next';
import '../../i18n';
import { playlistPath } from '../../contracts/playlists';
import { summaryPath } from '../../contracts/pageFor';
import { ASSESSMENT_PLAYLIST_ID, recommendAfterAssessment } from '../../contracts/whereToStart';
import { useAppSelector } from '../../state/hooks';

/** m:ss of `ms` milliseconds (rounded to whole seconds). */
export function formatMinutes(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A score as the summary prints it: whole numbers as they are, others to one decimal. */
const scoreText = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(1));

/**
 * The playlist summary (issue 36 item 4), over the game once the playlist's last run is stored:
 * one row per drill in play order (its score, pass / fail, the player's best, its length, a link
 * to that run's summary), the drills passed, the time played (the drills' lengths) and the time
 * taken (load to last stored run); Play again reloads the playlist, Drills opens the drills page.
 * After the assessment playlist (issue 36 item 6) it recommends the playlist of the category
 * whose drill scored the lowest benchmark energy.
 */
export function PlaylistSummary() {
  const { t } = useTranslation();
  const pl = useAppSelector((s) => s.playlist);
  const source = useAppSelector((s) => s.run.source);
  if (!pl || pl.id === null || pl.finishedAt === null) return null;
  const played = pl.results.reduce((sum, r) => sum + r.durationMs, 0);
  const passed = pl.results.filter((r) => r.passed).length;
  // the assessment (issue 36 item 6): the playlist of its weakest category comes next
  const recommended = pl.id === ASSESSMENT_PLAYLIST_ID ? recommendAfterAssessment(pl.results) : null;
  return (
    <div className="overlay overlay--center overlay--dim" data-testid="playlist-summary" role="dialog" aria-modal="true" aria-labelledby="playlist-summary-title">
      <div className="panel playlist-summary">
        <h2 className="panel__title" id="playlist-summary-title">{t('playlist.summary_title', { name: pl.name })}</h2>
        <p className="muted" data-testid="playlist-summary-totals">
          {t('playlist.summary_totals', { passed, total: pl.results.length, played: formatMinutes(played), taken: formatMinutes(pl.finishedAt - (pl.startedAt ?? pl.finishedAt)) })}
        </p>
        <table className="playlist-summary__table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('playlist.col_drill')}</th>
              <th scope="col">{t('playlist.col_score')}</th>
              <th scope="col">{t('playlist.col_result')}</th>
              <th scope="col">{t('playlist.col_best')}</th>
              <th scope="col">{t('playlist.col_time')}</th>
            </tr>
          </thead>
          <tbody>
            {pl.results.map((r, i) => (
              <tr key={r.runId} data-testid="playlist-summary-row" data-drill-id={r.drillId} data-run-id={r.runId}>
                <td>{i + 1}</td>
                <td><a href={summaryPath(r.runId, source)}>{r.drillName}</a></td>
                <td data-testid="playlist-row-score">{scoreText(r.score)}</td>
                <td data-testid="playlist-row-result" className={r.passed ? 'playlist-summary__pass' : 'playlist-summary__fail'}>
                  {r.passed ? t('playlist.passed') : t('playlist.failed')}
                </td>
                <td data-testid="playlist-row-best">{r.bestScore === null ? '–' : scoreText(r.bestScore)}</td>
                <td>{formatMinutes(r.durationMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {recommended && (
          <p className="where-to-start" data-testid="playlist-recommend" data-category={recommended.category}>
            <span className="where-to-start__text">{t('where_to_start.recommended', { name: recommended.name })}</span>
            <a className="btn btn--small btn--primary" href={playlistPath(recommended.category)}>{t('where_to_start.play_recommended', { name: recommended.name })}</a>
          </p>
        )}
        <div className="actions">
          <a className="btn btn--primary" href={playlistPath(pl.id)} data-testid="playlist-again">{t('playlist.play_again')}</a>
          <a className="btn" href="/drills" data-testid="playlist-drills">{t('playlist.drills_page')}</a>
        </div>
      </div>
    </div>
  );
}
