import { useMemo, useRef } from 'react';
import { CHART_AXIS, useUPlot } from './useUPlot';
import { movingAverageWithGaps } from '../metrics/insight';

/** ScoreChart props. */
export interface ScoreChartProps {
  /** the scores, oldest first (x = run number 1..n); null = a run with no value (no kill on a
   * time_destroy drill: `chartScore`), drawn as a gap, not as 0 */
  scores: readonly (number | null)[];
  /** the best line (null: none drawn) */
  best: number | null;
  /** trailing window of the moving average, runs (default 5) */
  window?: number;
  /** accessible name of the chart */
  label: string;
  /** series names: score, moving average, best */
  names: { score: string; average: string; best: string };
  /** height in CSS px (default 200) */
  height?: number;
  testId?: string;
  /** whole-number scores (targets): the value axis steps by whole numbers */
  integer?: boolean;
}

/** Colours of the series (the palette of styles.css: accent, muted, ok). */
const COLOURS = { score: '#ff4b3e', average: '#9aa3b2', best: '#3ddc84' };

/**
 * A uPlot canvas chart of a player's scores on one drill: the scores (points and line), their
 * trailing moving average (`movingAverageWithGaps`), and the best as a flat line; a null score is
 * a gap in the line. uPlot is loaded on
 * mount (it needs a real canvas); the series are also on the element as `data-series` (JSON
 * `{ scores, average, best }`) and its point count as `data-points`, what tests read.
 */
export function ScoreChart({ scores, best, window: avgWindow = 5, label, names, height = 200, testId = 'score-chart', integer = false }: ScoreChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const series = useMemo(() => {
    const average = movingAverageWithGaps(scores, avgWindow).map((v) => (v === null ? null : Math.round(v * 100) / 100));
    return { scores: [...scores], average, best };
  }, [scores, best, avgWindow]);

  useUPlot(ref, () => {
    if (series.scores.length === 0) return null;
    const xs = series.scores.map((_, i) => i + 1);
    return {
      data: [xs, series.scores, series.average, xs.map(() => series.best)],
      options: {
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: (_u, lo, hi) => [Math.min(lo, 1) - 0.25, Math.max(hi, 2) + 0.25] } },
        axes: [
          { ...CHART_AXIS, incrs: [1, 2, 5, 10, 20, 50, 100] },
          { ...CHART_AXIS, size: 50, ...(integer ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] } : {}) },
        ],
        series: [
          { label: '#' },
          { label: names.score, stroke: COLOURS.score, width: 2, points: { show: true, size: 7, fill: COLOURS.score } },
          { label: names.average, stroke: COLOURS.average, width: 1.5, dash: [6, 4], points: { show: false } },
          { label: names.best, stroke: COLOURS.best, width: 1.5, points: { show: false } },
        ],
      },
    };
  }, [series, integer, names.score, names.average, names.best], { height, minWidth: 200, what: 'score chart' });

  return (
    <div
      className="score-chart"
      ref={ref}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={series.scores.length}
      data-series={JSON.stringify(series)}
    />
  );
}

export default ScoreChart;
