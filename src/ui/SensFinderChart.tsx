import { useMemo, useRef } from 'react';
import { CHART_AXIS, useUPlot } from './useUPlot';
import { curveScore, type FinderFit } from '../sensitivity/finder';

/** SensFinderChart props. */
export interface SensFinderChartProps {
  /** the rounds played: cm/360 (cm) and score */
  rounds: ReadonlyArray<{ cm360: number; score: number }>;
  fit: FinderFit;
  label: string;
  names: { rounds: string; fit: string; interval: string };
  height?: number;
}

const COLOURS = { rounds: '#ff4b3e', fit: '#9aa3b2', interval: '#3ddc84' };
const GRID = 48;

/**
 * The finder's result chart (uPlot, loaded on mount): score against cm/360: each round as a point,
 * the fitted curve (src/sensitivity/finder.ts `curveScore`, at the session's mean round) as a
 * dashed line, and its part inside the recommendation's interval in green. The data are also on
 * the element as `data-rounds` (JSON) for tests.
 */
export function SensFinderChart({ rounds, fit, label, names, height = 220 }: SensFinderChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const data = useMemo(() => {
    const cms = rounds.map((r) => r.cm360).filter((x) => x > 0);
    if (cms.length === 0) return null;
    const lo = Math.min(...cms) / 1.06;
    const hi = Math.max(...cms) * 1.06;
    const grid = Array.from({ length: GRID }, (_, i) => lo * (hi / lo) ** (i / (GRID - 1)));
    const pts = [...rounds.map((r) => ({ x: r.cm360, y: r.score as number | null })), ...grid.map((x) => ({ x, y: null }))]
      .sort((a, b) => a.x - b.x);
    const xs = pts.map((p) => p.x);
    const curve = xs.map((x) => (fit.curve ? curveScore(fit.curve, x) : null));
    const band = xs.map((x, i) => (fit.low !== null && fit.high !== null && x >= fit.low && x <= fit.high ? curve[i] : null));
    return { xs, ys: pts.map((p) => p.y), curve, band };
  }, [rounds, fit]);

  useUPlot(ref, () => (data ? {
    data: [data.xs, data.ys, data.curve, data.band],
    options: {
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false } },
      axes: [{ ...CHART_AXIS, label: 'cm/360' }, { ...CHART_AXIS, size: 50 }],
      series: [
        { label: 'cm/360' },
        { label: names.rounds, stroke: COLOURS.rounds, width: 0, points: { show: true, size: 8, fill: COLOURS.rounds } },
        { label: names.fit, stroke: COLOURS.fit, width: 1.5, dash: [6, 4], points: { show: false }, spanGaps: true },
        { label: names.interval, stroke: COLOURS.interval, width: 4, points: { show: false }, spanGaps: true },
      ],
    },
  } : null), [data, names.rounds, names.fit, names.interval], { height, fallbackWidth: 520, what: 'finder chart' });

  return <div className="score-chart" ref={ref} role="img" aria-label={label} data-testid="finder-chart" data-rounds={JSON.stringify(rounds)} />;
}

export default SensFinderChart;
