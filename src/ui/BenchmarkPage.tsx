import { useTranslation } from 'react-i18next';
import '../i18n';
import { defaultFetch, fetchBenchmarks, fetchMyBenchmark, type FetchFn } from '../net/api';
import { loginUrl } from '../contracts/auth';
import { BENCHMARK_RANKS, type BenchmarkSeason, type SeasonStanding } from '../contracts/benchmarks';
import { useFetched } from './useFetched';
import { formatScore } from './DrillSummary';
import './stats.css';
import './browser.css';

/** BenchmarkPage props: the fetch to use (tests). */
export interface BenchmarkPageProps {
  fetchFn?: FetchFn;
}

/** A rank index (1-based; 0 = unranked) as a coloured badge by its band. */
export function RankBadge({ rank, testId }: { rank: number; testId?: string }) {
  const { t } = useTranslation();
  const r = rank > 0 ? BENCHMARK_RANKS[rank - 1] : null;
  return (
    <span className={`rank-badge${r ? ` rank-badge--${r.band}` : ''}`} data-testid={testId}>
      {r ? r.name : t('benchmarks.unranked')}
    </span>
  );
}

/**
 * The benchmark page (`/app/#/benchmarks`, issue 36 item 3): the newest season's grid of
 * categories x subcategories x drills, each drill with the player's best ranked score, its rank,
 * energy and a bar of the way to the next rank's threshold; above it the overall rank (the
 * harmonic mean of the subcategories, or the complete rank), energy and complete rank. Guests
 * see the grid's thresholds and a log-in link (the standing answers 401 for them).
 */
export function BenchmarkPage({ fetchFn = defaultFetch }: BenchmarkPageProps) {
  const { t } = useTranslation();
  const result = useFetched<{ season: BenchmarkSeason; me: SeasonStanding | null }>(async () => {
    const { seasons } = await fetchBenchmarks(fetchFn);
    const season = seasons[0];
    return { season, me: await fetchMyBenchmark(fetchFn, season.id) };
  }, 'benchmarks');
  return (
    <section className="page page--browser" data-testid="benchmark-page">
      <h1>{t('benchmarks.title')}{result.status === 'ok' && ` · ${result.data.season.name}`}</h1>
      <p className="muted">{t('benchmarks.intro')}</p>
      {result.status === 'loading' && <p className="muted">{t('benchmarks.loading')}</p>}
      {result.status === 'error' && <p className="error-text" role="alert">{t('benchmarks.error', { message: result.message })}</p>}
      {result.status === 'ok' && <SeasonGrid season={result.data.season} me={result.data.me} />}
    </section>
  );
}

function SeasonGrid({ season, me }: { season: BenchmarkSeason; me: SeasonStanding | null }) {
  const { t } = useTranslation();
  // skills with no score yet: the overall rank needs every one (harmonic mean)
  const missing = me ? me.subcategories.filter((s) => s.energy === 0).length : 0;
  return (
    <>
      {me ? (
        <div className="bench__overall">
          <div className="hero-card">
            <div className="hero-card__label">{t('benchmarks.overall')}</div>
            <div className="hero-card__value"><RankBadge rank={me.rank} testId="bench-overall-rank" /></div>
            {missing > 0 && <div className="hero-card__note muted" data-testid="bench-missing">{t('benchmarks.missing', { count: missing, total: me.subcategories.length })}</div>}
          </div>
          <div className="hero-card">
            <div className="hero-card__label">{t('benchmarks.energy')}</div>
            <div className="hero-card__value" data-testid="bench-energy">{me.energy}</div>
          </div>
          <div className="hero-card">
            <div className="hero-card__label">{t('benchmarks.complete')}</div>
            <div className="hero-card__value"><RankBadge rank={me.complete_rank} testId="bench-complete-rank" /></div>
          </div>
        </div>
      ) : (
        <div className="premium-locked bench__login" data-testid="bench-login">
          <p>{t('benchmarks.login_text')}</p>
          <a className="btn btn--small" href={loginUrl('/app/#/benchmarks')}>{t('benchmarks.login')}</a>
        </div>
      )}
      {season.categories.map((c) => (
        <section key={c.id} className="bench__category" data-testid={`bench-category-${c.id}`}>
          <h2>{c.name}</h2>
          <div className="bench__grid">
            {c.subcategories.map((s) => {
              const sub = me?.subcategories.find((x) => x.id === s.id && x.category === c.id);
              return [
                <div key={`${s.id}-name`} className="bench__sub" data-testid={`bench-sub-${s.id}`}>
                  <strong>{s.name}</strong>
                  {sub && <span className="bench__subline"><RankBadge rank={sub.rank} testId="bench-sub-rank" /><span>{t('benchmarks.energy_n', { energy: sub.energy })}</span></span>}
                </div>,
                ...s.drills.map((d) => {
                  const st = me?.drills.find((x) => x.drill_id === d.drill_id);
                  const unit = d.metric === 'accuracy' ? ' %' : '';
                  const next = st ? st.next : { rank: 1, threshold: d.thresholds[0] };
                  return (
                    <div key={d.drill_id} className="bench__cell" data-testid={`bench-drill-${d.drill_id}`}>
                      <div className="bench__cell-head">
                        <a href={`/?id=${d.drill_id}`} title={t('benchmarks.play')}>{d.name}</a>
                        {st && <RankBadge rank={st.rank} testId="bench-drill-rank" />}
                      </div>
                      <div className="bench__line">
                        <span data-testid="bench-drill-best">{st && st.best !== null ? t('benchmarks.best', { best: `${formatScore(d.metric, st.best)}${unit}` }) : t('benchmarks.no_score')}</span>
                        {st && <span data-testid="bench-drill-energy">{t('benchmarks.energy_n', { energy: st.energy })}</span>}
                      </div>
                      <div className="bench__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round((st?.progress ?? 0) * 100)} aria-label={d.name}>
                        <span style={{ width: `${Math.round((st?.progress ?? 0) * 100)}%` }} />
                      </div>
                      <div className="bench__line" data-testid="bench-drill-next">
                        {next ? t('benchmarks.next', { rank: BENCHMARK_RANKS[next.rank - 1].name, threshold: `${next.threshold}${unit}` }) : t('benchmarks.top')}
                      </div>
                    </div>
                  );
                }),
              ];
            })}
          </div>
        </section>
      ))}
    </>
  );
}

export default BenchmarkPage;
