import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_AXIS, useUPlot } from './useUPlot';
import '../i18n';
import {
  FLICK_DISTANCES, FLICK_SECTORS, WEAK_SPOT_DRILL_PATH, type WeakSpotDrillAnswer, type WeaknessMap as WeaknessMapDto,
} from '../contracts/analysis';
import { loginUrl } from '../contracts/auth';
import { pickWeakCells } from '../analysis/weakSpotDrill';
import { ApiRequestError, defaultFetch, postJson, type FetchFn } from '../net/api';
import { fetchMe } from '../net/auth';
import { fetchWeaknessMap } from '../net/statsApi';
import { useFetched } from './useFetched';

/** Colours of the distance series (short, medium, long; the palette of styles.css). */
const COLOURS = ['#3ddc84', '#f5b942', '#ff4b3e'] as const;

/** The words of a weakness map: the one or two weakest cells named ("Slowest: long flicks
 * up-left, 18 % slower than your mean."), or why none is. `t` is i18next's. */
export function weaknessWords(map: WeaknessMapDto, t: (k: string, o?: Record<string, unknown>) => string): string[] {
  if (map.flicks === 0) return [t('stats.weakness.empty')];
  if (map.weakest.length === 0) return [t('stats.weakness.none')];
  return map.weakest.map((c, i) => t(i === 0 ? 'stats.weakness.slowest' : 'stats.weakness.also', {
    distance: t(`stats.weakness.distance.${FLICK_DISTANCES[c.bin]}`),
    direction: t(`stats.weakness.direction.${FLICK_SECTORS[c.sector]}`),
    pct: Math.round(c.rel * 100),
  }));
}

/** WeaknessMapChart props. */
export interface WeaknessMapChartProps {
  map: WeaknessMapDto;
  height?: number;
  testId?: string;
}

/**
 * The weakness map's chart (uPlot, canvas): x = the 8 flick directions (right, up-right, ... ,
 * down-right), one line per distance (short, medium, long), y = each cell's flick time against
 * the player's mean at that distance, % (0 = their mean; a cell with too few flicks is a gap).
 * The series are also on the element as `data-series` (JSON: 3 arrays of 8 numbers | null),
 * what tests read. uPlot loads on mount (it needs a real canvas).
 */
export function WeaknessMapChart({ map, height = 220, testId = 'weakness-chart' }: WeaknessMapChartProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const series = useMemo(
    () => [0, 1, 2].map((b) => FLICK_SECTORS.map((_, s) => {
      const c = map.cells.find((x) => x.sector === s && x.bin === b);
      return c && c.rel !== null ? Math.round(c.rel * 1000) / 10 : null;
    })),
    [map],
  );
  const names = FLICK_DISTANCES.map((d) => t(`stats.weakness.series.${d}`));
  const ticks = FLICK_SECTORS.map((s) => t(`stats.weakness.direction_short.${s}`));

  // names / ticks follow the language (joined: new arrays each render), series the data
  useUPlot(ref, () => {
    const xs = FLICK_SECTORS.map((_, i) => i);
    return {
      data: [xs, ...series, xs.map(() => 0)],
      options: {
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: () => [-0.4, 7.4] },
          y: { range: (_u, lo, hi) => [Math.min(-10, Math.floor((lo ?? 0) / 10) * 10), Math.max(20, Math.ceil((hi ?? 0) / 10) * 10)] },
        },
        axes: [
          { ...CHART_AXIS, splits: () => xs, values: (_u, vs) => vs.map((v) => ticks[v] ?? '') },
          { ...CHART_AXIS, size: 90, values: (_u, vs) => vs.map((v) => (v > 0 ? t('stats.weakness.axis_slower', { pct: v }) : v < 0 ? t('stats.weakness.axis_faster', { pct: -v }) : t('stats.weakness.axis_mean'))) },
        ],
        series: [
          { label: '' },
          ...names.map((label, i) => ({ label, stroke: COLOURS[i], width: 2, points: { show: true, size: 8, fill: COLOURS[i] } })),
          { label: t('stats.weakness.axis_mean'), stroke: '#9aa3b2', width: 1, dash: [6, 4], points: { show: false } },
        ],
      },
    };
  }, [series, names.join('|'), ticks.join('|'), t], { height, what: 'weakness chart' });

  return (
    <div className="score-chart weakness-chart" ref={ref} role="img" aria-label={t('stats.weakness.chart')} data-testid={testId} data-series={JSON.stringify(series)} />
  );
}

/** TrainThis props. */
export interface TrainThisProps {
  map: WeaknessMapDto;
  fetchFn: FetchFn;
  /** where the page goes with the made playlist's URL (default: window.location.assign) */
  go?: (url: string) => void;
}

/**
 * "Train this" (issue 37 item 5) under the weakness map: for a logged-in player whose map has a
 * cell to train (src/analysis/weakSpotDrill.ts `pickWeakCells`, the rule the server applies),
 * a button that asks the server to make the weak-spot drill and its playlist
 * (`POST /api/v1/analysis/weak-spot-drill`; the server reads the player's map itself) and then
 * goes to the playlist (`/?playlist=<id>`: the game page plays it). Otherwise the button is
 * disabled and the line next to it says why: a guest gets a link to log in (the drill is saved
 * to an account), a player without a cell to train is told to play more. A refusal shows the
 * server's message; the button stays disabled while a request runs (one drill per click).
 */
export function TrainThis({ map, fetchFn, go = (url) => window.location.assign(url) }: TrainThisProps) {
  const { t } = useTranslation();
  const me = useFetched(() => fetchMe(fetchFn), 'me');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (me.status === 'loading') return null;
  const account = me.status === 'ok' && typeof me.data?.username === 'string' && me.data.username !== '';
  const cells = pickWeakCells(map);
  const named = cells.map((c) => t('stats.weakness.train.cell', {
    distance: t(`stats.weakness.distance.${FLICK_DISTANCES[c.bin]}`),
    direction: t(`stats.weakness.direction.${FLICK_SECTORS[c.sector]}`),
  })).join(t('stats.weakness.train.and'));
  const ready = account && cells.length > 0 && !busy;
  const here = typeof window !== 'undefined' ? `${window.location.pathname}${window.location.hash}` : '/app/';
  const train = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postJson<WeakSpotDrillAnswer>(fetchFn, WEAK_SPOT_DRILL_PATH, {});
      if (!answer) throw new Error(t('stats.weakness.train.failed_plain'));
      go(answer.playlist_url);
    } catch (e) {
      const message = e instanceof ApiRequestError ? (e.serverMessage || e.message) : (e as Error).message;
      setFailure(t('stats.weakness.train.failed', { message }));
      setBusy(false);
    }
  };
  return (
    <div className="weakness__train" data-testid="weakness-train">
      <button type="button" className="btn btn--small btn--primary" disabled={!ready} aria-describedby="weakness-train-why"
        onClick={() => void train()} data-testid="weakness-train-button">
        {busy ? t('stats.weakness.train.busy') : t('stats.weakness.train.button')}
      </button>
      <span id="weakness-train-why" className="muted" role="status" data-testid="weakness-train-why">
        {failure ?? (!account
          ? <a href={loginUrl(here)}>{t('stats.weakness.train.login')}</a>
          : cells.length === 0 ? t('stats.weakness.train.no_data')
            : t(map.weakest.length > 0 ? 'stats.weakness.train.what' : 'stats.weakness.train.what_even', { cells: named }))}
      </span>
    </div>
  );
}

/** WeaknessMapCard props. */
export interface WeaknessMapCardProps {
  fetchFn?: FetchFn;
  /** runs the map reads (the server's default when absent) */
  runs?: number;
  /** re-fetch key (e.g. the run id of the summary) */
  refreshKey?: string | number;
}

/**
 * The weakness map card (issue 37 item 4) of the summary and the progress page: the server's map
 * of the player's last runs (`GET /api/v1/analysis/weakness`), the one or two weakest cells in
 * words, "Train this" (item 5, `TrainThis`) and the chart. Renders nothing while loading or on an
 * error.
 */
export function WeaknessMapCard({ fetchFn = defaultFetch, runs, refreshKey = 'weakness' }: WeaknessMapCardProps) {
  const { t } = useTranslation();
  const result = useFetched<WeaknessMapDto>(() => fetchWeaknessMap(fetchFn, runs), `weakness:${refreshKey}`);
  if (result.status !== 'ok') return null;
  const map = result.data;
  // an answer of another shape (an older server) draws nothing rather than failing the page
  if (!map || !Array.isArray(map.cells) || !Array.isArray(map.weakest) || typeof map.flicks !== 'number') return null;
  const words = weaknessWords(map, t);
  return (
    <div className="insight__card weakness" data-testid="weakness-map">
      <h3>{t('stats.weakness.title')}</h3>
      <ul className="weakness__words" data-testid="weakness-words">
        {words.map((w) => <li key={w}>{w}</li>)}
      </ul>
      {/* an empty map has nothing to train (the words already say to play) */}
      {map.flicks > 0 && <TrainThis map={map} fetchFn={fetchFn} />}
      {map.flicks > 0 && <WeaknessMapChart map={map} />}
      {map.flicks > 0 && <p className="muted insight__text">{t('stats.weakness.source', { flicks: map.flicks, runs: map.runs })}</p>}
      <p className="muted insight__text">{t('stats.weakness.text', { runs: map.runs })}</p>
    </div>
  );
}

export default WeaknessMapCard;
