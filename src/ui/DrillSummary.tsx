import { useTranslation } from 'react-i18next';
import '../i18n';
import { BenchmarkRankLine } from './BenchmarkRankLine';
import './stats.css';
import type { RunSummary } from '../contracts/performance';
import type { DrillHistoryDto } from '../contracts/stats';
import type { PrimaryMetric } from '../contracts/constants';
import { defaultFetch, fetchPerformance, type FetchFn } from '../net/api';
import { fetchDrillHistory } from '../net/statsApi';
import { chartScore, lowerIsBetter, objectiveProgress, summaryOutcome } from '../metrics/objective';
import { formatChange, formatDecimal, formatMs, NO_VALUE } from '../metrics/insight';
import { useFetched } from './useFetched';
import { gamePath } from '../contracts/pageFor';
import { loginUrl } from '../contracts/auth';
import { ScoreChart } from './ScoreChart';
import { ShotMap } from './ShotMap';
import { objectiveText, SettingsDiffNotice } from './objectiveText';

/** DrillSummary props. */
export interface DrillSummaryProps {
  /** performance id; null when the route had none */
  id: number | null;
  /** the drill source the run was opened from (spec section 9); "Play again" keeps it */
  source?: string | null;
  fetchFn?: FetchFn;
  /** shown on the game page after a run (issue 15): "Play again" calls this (a restart in place)
   * instead of loading the game page */
  onPlayAgain?: () => void;
}

/** The run read with the issue 15 extras (src/server/runReport.ts). */
type Report = RunSummary;

/** A score of `metric` as the summary prints it: ms as integers (0 = no kill: the dash),
 * percentages with at most 2 decimals, counts as they are. */
export function formatScore(metric: string, v: number | null | undefined): string {
  if (v === null || v === undefined) return NO_VALUE;
  if (metric === 'time_destroy') return formatMs(v, true);
  return formatDecimal(v, 2);
}

/** One metric card: label, value and unit on one line (the unit never wraps alone). */
function Metric({ label, value, unit, testId, hint }: { label: string; value: string; unit?: string | null; testId: string; hint?: string }) {
  return (
    <div className="metric">
      <dt>
        {label}
        {hint && <span className="metric__hint muted" data-testid={`${testId}-hint`}>{hint}</span>}
      </dt>
      <dd>
        <span className="metric__value" data-testid={testId}>{value}</span>
        {unit && value !== NO_VALUE && <span className="metric__unit">{unit}</span>}
      </dd>
    </div>
  );
}

/** The drill summary (spec sections 2, 3 and 9; issue 15) of one stored run: the objective the
 * server judged it by (issue 19: its kind and text, src/ui/objectiveText.tsx), a notice when the
 * run started with settings that differ from the drill's (issue 19, `settings_differences`), the
 * score by the drill's primary metric with the pass/fail text (or, for an open drill objective or
 * a benchmark, the tier reached) and the objective bar; personal best and the change against it; the player's rank and
 * percentile on the drill (issue 38; a guest: where their best would place, with a link to register); the
 * default metrics plus crit %, damage and reaction time; the premium metrics (or the locked
 * upsell, as the server decides); a chart of the player's scores on the drill; the insight
 * (throughput, shot map, input health); 'Play again' and links. */
export function DrillSummary({ id, source = null, fetchFn = defaultFetch, onPlayAgain }: DrillSummaryProps) {
  const { t } = useTranslation();
  const result = useFetched<Report>(id === null ? null : () => fetchPerformance(fetchFn, id), id);
  const gameId = result.status === 'ok' ? result.data.game_id : null;
  const history = useFetched<DrillHistoryDto>(gameId === null ? null : () => fetchDrillHistory(fetchFn, gameId), `${id}:${gameId}`);

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
  const metric = s.primary_metric as PrimaryMetric;
  const low = lowerIsBetter(metric);
  const tiers = s.tiers ?? (s.threshold !== null ? [s.threshold] : []);
  // issue 19: the objective the server judged the run by (older runs: the drill's)
  const kind = s.objective_kind ?? 'drill';
  const outcome = summaryOutcome({ objective: s.objective, passed: s.passed, score: s.score, tiers, metric, kind });
  const bar = objectiveProgress(s.score, tiers, metric);
  const unitOf = (m: string) => t(`stats.summary.score_unit.${m}`, { defaultValue: '' });
  /** the unit of `value` of metric `m`, in the singular where it counts one ("1 target") */
  const unitOfValue = (m: string, value: number) =>
    m === 'targets_destroyed' ? t('stats.summary.score_unit_count.targets_destroyed', { count: value }) : unitOf(m);

  // change against the best before this run (only a ranked run counts for a best)
  const prev = s.previous_best ?? null;
  let bestNote: { text: string; tone: 'good' | 'bad' | 'flat' } | null = null;
  if (s.ranked) {
    if (prev === null) bestNote = { text: t('stats.summary.first_best'), tone: 'good' };
    else {
      const diff = s.score - prev;
      const better = low ? s.score > 0 && s.score < prev : s.score > prev;
      const change = t('stats.summary.change', { change: formatChange(metric === 'time_destroy' ? Math.round(diff) : diff) });
      bestNote = better
        ? { text: `${t('stats.summary.new_best')} · ${change}`, tone: 'good' }
        : { text: change, tone: diff === 0 ? 'flat' : 'bad' };
    }
  }

  // issue 33 item 3: a run with no kill never passes and shows no rank of its own
  const noKill = s.targets_destroyed === 0;
  const rank = s.best_score !== null && s.best_score > 0 ? s.leaderboard_rank : null;
  // issue 38: only accounts are listed; a guest's rank is where their best would place
  const unlisted = s.leaderboard_listed === false;

  const runs = history.status === 'ok' && Array.isArray(history.data.runs) ? history.data.runs.filter((r) => r.id <= s.id) : [];
  const locked = s.premium_locked === true;
  const health = s.input_health ?? null;

  return (
    <section className="page page--wide summary" data-testid="drill-summary">
      <p className="muted">{t('summary.title')}</p>
      <h1 data-testid="summary-drill-name">{s.drill_name}</h1>
      <p className="muted summary__objective" data-testid="summary-objective" data-kind={kind}>
        {t(`objective_by_source.kind.${kind}`)}: {objectiveText(t, { kind, metric, threshold: s.threshold, drillText: s.objective })}
      </p>
      <SettingsDiffNotice differences={s.settings_differences} />
      <p
        className={`summary__result ${outcome.kind === 'failed' ? 'summary__result--failed' : outcome.kind === 'passed' ? 'summary__result--passed' : 'summary__result--tier'}`}
        data-testid="summary-result"
      >
        {outcome.kind === 'passed' && t('summary.passed')}
        {outcome.kind === 'failed' && t('summary.failed')}
        {outcome.kind === 'tier' && (
          <>
            {t('stats.summary.tier', { level: outcome.level, count: outcome.tiers })}
            {' · '}
            {outcome.next === null ? t('stats.summary.tier_top') : t('stats.summary.tier_next', { next: `${formatScore(metric, outcome.next)} ${unitOfValue(metric, outcome.next)}`.trim() })}
          </>
        )}
      </p>
      {tiers.length > 0 && (
        <div className={`objective-bar ${bar.next === null ? 'objective-bar--done' : `objective-bar--l${Math.min(bar.level, 3)}`}`} data-testid="summary-objective-bar" data-level={bar.level}>
          {[...tiers].sort((a, b) => (low ? b - a : a - b)).map((tier, i) => (
            <div key={i} className={`objective-bar__seg ${i < bar.level ? 'is-met' : ''}`}>
              <div className="objective-bar__fill" style={{ width: `${i < bar.level ? 100 : i === bar.level ? Math.round(bar.fraction * 100) : 0}%` }} />
              <span className="objective-bar__label" data-testid="summary-tier-label">
                {t('stats.summary.tier_label', { level: i + 1, value: `${formatScore(metric, tier)} ${unitOfValue(metric, tier)}`.trim() })}
              </span>
            </div>
          ))}
        </div>
      )}

      <div className="summary__hero">
        <div className="hero-card hero-card--score">
          <div className="hero-card__label">{t('stats.summary.score')} · {t(`stats.summary.metric_name.${metric}`, { defaultValue: metric })}</div>
          <div className="hero-card__value">
            <span data-testid="summary-score">{formatScore(metric, s.score)}</span>
            {formatScore(metric, s.score) !== NO_VALUE && unitOf(metric) && <span className="metric__unit">{unitOf(metric)}</span>}
          </div>
        </div>
        <div className="hero-card">
          <div className="hero-card__label">{t('stats.summary.best')}</div>
          <div className="hero-card__value">
            <span data-testid="summary-best">{s.best_score === null ? NO_VALUE : formatScore(metric, s.best_score)}</span>
          </div>
          {bestNote ? (
            <div className={`hero-card__note tone--${bestNote.tone}`} data-testid="summary-best-change">{bestNote.text}</div>
          ) : (
            <div className="hero-card__note muted" data-testid="summary-unranked">{s.ranked ? '' : t('stats.summary.rank_none')}</div>
          )}
        </div>
        <a className="hero-card hero-card--link" href={`/app/#/leaderboard?drill=${s.game_id}`} data-testid="summary-rank-card">
          <div className="hero-card__label">{t('stats.summary.rank')}</div>
          <div className="hero-card__value">
            <span data-testid="summary-rank">
              {rank ? t('stats.summary.rank_value', { rank }) : NO_VALUE}
            </span>
            {rank ? (
              <span className="metric__unit" data-testid="summary-rank-of">
                {unlisted ? t('stats.summary.rank_would') : t('stats.summary.rank_of', { total: s.leaderboard_size ?? 0 })}
              </span>
            ) : null}
          </div>
          {rank && typeof s.leaderboard_percentile === 'number' && (
            <div className="hero-card__note" data-testid="summary-percentile">
              {t('stats.summary.percentile', { pct: formatDecimal(s.leaderboard_percentile) })}
            </div>
          )}
          <div className="hero-card__note muted">{noKill ? t('stats.summary.no_kill') : `${t('stats.summary.leaderboard')} →`}</div>
        </a>
      </div>
      {!s.ranked && <p className="muted summary__note">{t('stats.summary.unranked_run')}</p>}
      {/* issue 36 item 3: the benchmark rank (accounts; a drill of a benchmark season) */}
      <BenchmarkRankLine drillId={s.game_id} fetchFn={fetchFn} />
      {unlisted && rank ? (
        <p className="muted summary__note" data-testid="summary-guest-unlisted">
          <a href={loginUrl(`/app/#/drill-summary?run=${s.id}`)}>{t('stats.summary.guest_unlisted')}</a>
        </p>
      ) : null}

      <dl className="summary__metrics">
        <Metric label={t('summary.targets')} value={String(s.targets_destroyed)} testId="summary-targets" />
        <Metric label={t('summary.hits')} value={String(s.hits)} testId="summary-hits" />
        <Metric label={t('summary.shots')} value={String(s.shots)} testId="summary-shots" />
        <Metric label={t('summary.accuracy')} value={formatDecimal(s.accuracy)} unit={t('summary.unit_percent')} testId="summary-accuracy" />
        <Metric label={t('summary.time_destroy')} value={formatMs(s.time_destroy, s.targets_destroyed === 0 || s.time_destroy === 0)} unit={t('summary.unit_ms')} testId="summary-time_destroy" />
        <Metric label={t('stats.summary.crit')} value={formatDecimal(s.crit_hit)} unit={t('summary.unit_percent')} testId="summary-crit" hint={t('stats.summary.crit_hint')} />
        <Metric label={t('stats.summary.damage')} value={formatDecimal(s.damage ?? null)} testId="summary-damage" />
        {typeof s.decoy_hits === 'number' && (
          <Metric label={t('stats.summary.decoy_hits')} value={String(s.decoy_hits)} testId="summary-decoy-hits" hint={t('stats.summary.decoy_hits_hint')} />
        )}
        <Metric label={t('stats.summary.reaction')} value={formatMs(s.av_reaction_time ?? null)} unit={t('summary.unit_ms')} testId="summary-reaction" />
      </dl>

      <h2 className="summary__h2">{t('stats.summary.premium_title')}</h2>
      {locked ? (
        <div className="premium-locked" data-testid="premium-locked">
          <p>{t('stats.summary.locked_text')}</p>
          <a className="btn btn--primary" href="/plus">{t('stats.summary.locked_link')}</a>
        </div>
      ) : (
        <dl className="summary__metrics" data-testid="premium-metrics">
          <Metric label={t('stats.summary.full_shot_time')} value={formatMs(s.full_shot_time ?? null)} unit={t('summary.unit_ms')} testId="summary-full_shot_time" />
          <Metric label={t('stats.summary.path_efficiency')} value={formatDecimal(s.mouse_travel_efficiency ?? null)} unit={t('summary.unit_percent')} testId="summary-path_efficiency" />
          <Metric label={t('stats.summary.initial_direction')} value={formatDecimal(s.initial_move_angle ?? null, 1)} unit={t('stats.summary.unit_deg')} testId="summary-initial_direction" />
          <Metric label={t('stats.summary.mouse_speed')} value={formatDecimal(s.mouse_pixel_speed ?? null)} unit={t('stats.summary.unit_px_ms')} testId="summary-mouse_speed" />
          <Metric label={t('stats.summary.late_shots')} value={formatDecimal(s.prct_late_shots ?? null)} unit={t('summary.unit_percent')} testId="summary-late_shots" />
          <Metric label={t('stats.summary.late_shot_time')} value={formatMs(s.av_late_shot_time ?? null)} unit={t('summary.unit_ms')} testId="summary-late_shot_time" />
        </dl>
      )}

      <h2 className="summary__h2">{t('stats.summary.chart_title')}</h2>
      {runs.length > 0 ? (
        <ScoreChart
          scores={runs.map((r) => chartScore(metric, r.score))}
          best={s.best_score}
          integer={metric === 'targets_destroyed'}
          label={t('stats.summary.chart_title')}
          names={{ score: t('stats.summary.chart_score'), average: t('stats.summary.chart_average'), best: t('stats.summary.chart_best') }}
        />
      ) : (
        <p className="muted">{history.status === 'loading' ? '…' : t('stats.summary.chart_empty')}</p>
      )}

      <h2 className="summary__h2">{t('stats.insight.title')}</h2>
      <div className="insight">
        <div className="insight__card">
          <h3>{t('stats.insight.throughput')}</h3>
          <div className="hero-card__value">
            <span data-testid="summary-throughput">{formatDecimal(s.throughput ?? null)}</span>
            {s.throughput !== null && s.throughput !== undefined && <span className="metric__unit">{t('stats.insight.unit_bits')}</span>}
          </div>
          <p className="muted insight__text">{t('stats.insight.throughput_text')}</p>
        </div>
        <div className="insight__card">
          <h3>{t('stats.insight.shot_map')}</h3>
          {s.shot_map ? (
            <div className="insight__map">
              <ShotMap points={s.shot_map.points} bias_x={s.shot_map.bias_x} bias_y={s.shot_map.bias_y} spread={s.shot_map.spread} label={t('stats.insight.shot_map')} />
              <div>
                <p data-testid="summary-bias">
                  {t('stats.insight.bias', {
                    x: formatDecimal(Math.abs(s.shot_map.bias_x)), h: t(s.shot_map.bias_x >= 0 ? 'stats.insight.right' : 'stats.insight.left'),
                    y: formatDecimal(Math.abs(s.shot_map.bias_y)), v: t(s.shot_map.bias_y >= 0 ? 'stats.insight.high' : 'stats.insight.low'),
                  })}
                </p>
                <p data-testid="summary-spread">{t('stats.insight.spread', { spread: formatDecimal(s.shot_map.spread) })}</p>
              </div>
            </div>
          ) : (
            <p className="muted">{NO_VALUE}</p>
          )}
          <p className="muted insight__text">{t('stats.insight.shot_map_text')}</p>
        </div>
        <div className="insight__card" data-testid="summary-health">
          <h3>{t('stats.insight.health')}</h3>
          {health ? (
            <>
              <dl className="health">
                <dt>{t('stats.insight.mouse_rate')}</dt>
                <dd>{health.mouse_hz === null ? NO_VALUE : `${Math.round(health.mouse_hz)} ${t('stats.insight.unit_hz')}`}</dd>
                <dt>{t('stats.insight.rejected')}</dt>
                <dd>{health.rejected_deltas}</dd>
                <dt>{t('stats.insight.raw_input')}</dt>
                <dd>{t(health.raw_input === null ? 'stats.insight.unknown' : health.raw_input ? 'stats.insight.yes' : 'stats.insight.no')}</dd>
                <dt>{t('stats.insight.fps_p50')}</dt>
                <dd>{health.fps_p50 === null ? NO_VALUE : Math.round(health.fps_p50)}</dd>
                <dt>{t('stats.insight.fps_p5')}</dt>
                <dd>{health.fps_p5 === null ? NO_VALUE : Math.round(health.fps_p5)}</dd>
              </dl>
              {health.issues.length === 0 ? (
                <p className="tone--good">{t('stats.insight.health_ok')}</p>
              ) : (
                <ul className="health__issues" data-testid="summary-health-issues">
                  {health.issues.map((i) => (
                    <li key={i.key}>{t(`stats.insight.health_issue.${i.key}`, i.values)}</li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <p className="muted">{NO_VALUE}</p>
          )}
          <p className="muted insight__text">{t('stats.insight.health_text')}</p>
        </div>
      </div>

      <div className="actions">
        {onPlayAgain ? (
          <button type="button" className="btn btn--primary" onClick={onPlayAgain} data-testid="summary-play-again">
            {t('summary.play_again')}
          </button>
        ) : (
          <a className="btn btn--primary" href={playAgainHref(s.game_id, source)} data-testid="summary-play-again">
            {t('summary.play_again')}
          </a>
        )}
        <a className="btn" href={`/app/#/leaderboard?drill=${s.game_id}`} data-testid="summary-leaderboard">
          {t('stats.summary.leaderboard')}
        </a>
        <a className="btn" href="/app/#/progress" data-testid="summary-progress">
          {t('stats.summary.progress')}
        </a>
        <a className="btn" href="/drills" data-testid="summary-drill-list">
          {t('summary.drill_list')}
        </a>
        {/* issue 33 item 2: the same places as the site header and the pause menu */}
        <a className="btn" href="/gameoptions/edit" data-testid="summary-settings">
          {t('nav.settings')}
        </a>
      </div>
    </section>
  );
}

/** The game page of drill `gameId`, keeping the run's `source` (issue 12): "Play again" on the
 * summary page (a page load; on the game page it restarts in place, `onPlayAgain`). */
export const playAgainHref = gamePath;

export default DrillSummary;
