import { useTranslation } from 'react-i18next';
import '../i18n';
import { defaultFetch, fetchMyBenchmark, type FetchFn } from '../net/api';
import { benchmarkDrillOf } from '../contracts/benchmarks';
import { useFetched } from './useFetched';
import { RankBadge } from './BenchmarkPage';
import './browser.css';

/** BenchmarkRankLine props. */
export interface BenchmarkRankLineProps {
  /** the drill shown (a drill of no benchmark season renders nothing); null: only the overall rank */
  drillId: number | null;
  fetchFn?: FetchFn;
}

/**
 * One line with the player's benchmark rank (issue 36 item 3), for the drill summary, the
 * leaderboard and the progress page: for a season drill its rank and energy on that drill, and
 * the overall rank, with a link to the benchmark page. Nothing for a guest (the standing is
 * accounts only), for a drill in no season, or while loading / after an error.
 */
export function BenchmarkRankLine({ drillId, fetchFn = defaultFetch }: BenchmarkRankLineProps) {
  const { t } = useTranslation();
  const found = drillId === null ? null : benchmarkDrillOf(drillId);
  const seasonId = found ? found.season.id : drillId === null ? 'season-1' : null;
  const result = useFetched(seasonId ? () => fetchMyBenchmark(fetchFn, seasonId) : null, `${seasonId}:${drillId}`);
  if (!seasonId || result.status !== 'ok' || result.data === null) return null;
  const me = result.data;
  const drill = drillId === null ? null : me.drills.find((d) => d.drill_id === drillId);
  return (
    <p className="bench-rank-line" data-testid="bench-rank-line">
      {drill && (
        <>
          <RankBadge rank={drill.rank} testId="bench-rank-drill" />
          <span>{t('benchmarks.rank_line', { season: found!.season.name, energy: drill.energy })}</span>
          <span>·</span>
        </>
      )}
      <span>{t('benchmarks.overall')}</span>
      <RankBadge rank={me.rank} testId="bench-rank-overall" />
      <a href="/app/#/benchmarks">{t('benchmarks.rank_line_link')}</a>
    </p>
  );
}

export default BenchmarkRankLine;
