import { useEffect, type DependencyList, type RefObject } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A chart's options without its size (useUPlot sets the width from the element, the height
 * from `height`), and its data: x values first, one array per series after. */
export interface UPlotSpec {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: ReadonlyArray<ReadonlyArray<number | null>>;
}

/** The axis look every chart shares (the palette of styles.css: muted text, grid lines). */
export const CHART_AXIS = { stroke: '#9aa3b2', grid: { stroke: '#2a2f3a' }, ticks: { stroke: '#2a2f3a' } } as const;

/**
 * Draws a uPlot canvas chart into `ref`'s element (the one lifecycle of ScoreChart, WeaknessMap
 * and SensFinderChart): uPlot is imported on mount (its own chunk; it needs a real canvas and
 * matchMedia, so in jsdom nothing is drawn and the element's data attributes are what tests
 * read); the chart is `height` px high and as wide as the element (at least `minWidth` px;
 * `fallbackWidth` px while the element has no width yet) and follows the element's width
 * (ResizeObserver). `spec()` gives the options and data (null: nothing to draw); the chart is
 * rebuilt when `deps` change and destroyed on unmount. A failed import logs a warning naming
 * `what` and leaves the element empty.
 */
export function useUPlot(
  ref: RefObject<HTMLElement | null>,
  spec: () => UPlotSpec | null,
  deps: DependencyList,
  { height, minWidth = 240, fallbackWidth = 600, what = 'chart' }: { height: number; minWidth?: number; fallbackWidth?: number; what?: string },
): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof window.matchMedia !== 'function') return;
    const chart = spec();
    if (!chart) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (!live) return;
        // the element has no horizontal padding: its content width is the plot's width
        const width = Math.max(minWidth, Math.floor(el.clientWidth) || fallbackWidth);
        plot = new UPlot({ ...chart.options, width, height } as uPlot.Options, chart.data as uPlot.AlignedData, el);
        if (typeof ResizeObserver === 'function') {
          let last = width;
          observer = new ResizeObserver(() => {
            const w = Math.max(minWidth, Math.floor(el.clientWidth));
            if (w !== last) { last = w; plot?.setSize({ width: w, height }); }
          });
          observer.observe(el);
        }
      })
      .catch((e: unknown) => console.warn(`${what} unavailable`, e));
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the chart is built from
  }, [...deps, height, minWidth, fallbackWidth]);
}
