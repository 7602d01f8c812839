/**
 * Input health of a run (issue 15 item 5): how well the mouse and the frame loop served the
 * player. Measured on the client (the numbers exist only there), stored with the run in
 * `gameData.input_health` (src/contracts/performance.ts), judged on the server by
 * `inputHealthVerdict` from the stored numbers.
 */

/** What the client measured; see `gameData.input_health` in src/contracts/performance.ts. */
export interface InputHealth {
  /** mouse report rate in Hz (`mouseEventRate`), null with no mouse movement */
  mouse_hz: number | null;
  /** mouse look events in the run */
  look_events: number;
  /** look deltas the mouse-skip filter rejected (src/input/mouseSkipFilter.ts) */
  rejected_deltas: number;
  /** pointer lock with `unadjustedMovement` (raw input, no OS acceleration) was granted; null =
   * unknown (no lock, or a controller run) */
  raw_input: boolean | null;
  /** frames per second at the 50th, 5th and 1st percentile of frame times (`fpsPercentiles`) */
  fps_p50: number | null;
  fps_p5: number | null;
  fps_p1: number | null;
}

/** Inter-event gaps at or above this are pauses between movements, not the report interval, ms. */
export const BURST_GAP_MS = 50;

/**
 * The mouse's report rate in Hz from the times (ms, ascending) of its look events: 1000 / the
 * median gap between consecutive events, over gaps in (0, BURST_GAP_MS) (movement bursts; a
 * mouse sends nothing while still, and same-time events are coalesced duplicates). The median
 * resists the odd late event. Null with fewer than two such gaps.
 * Example: times 0, 1, 2, 3, 100, 101 -> gaps 1, 1, 1, 1 (97 skipped) -> 1000 Hz.
 */
export function mouseEventRate(times: ArrayLike<number>): number | null {
  // a typed array: its numeric sort is several times faster than Array#sort with a comparator
  // (60 000 gaps at the end of a 60 s round at 1 kHz)
  const all = new Float64Array(Math.max(0, times.length - 1));
  let n = 0;
  for (let i = 1; i < times.length; i++) {
    const g = times[i] - times[i - 1];
    if (g > 0 && g < BURST_GAP_MS) all[n++] = g;
  }
  if (n < 2) return null;
  const gaps = all.subarray(0, n).sort();
  const m = gaps.length >> 1;
  const median = gaps.length % 2 ? gaps[m] : (gaps[m - 1] + gaps[m]) / 2;
  return 1000 / median;
}

/**
 * Frame-rate percentiles from frame durations (ms): the p-th percentile frame RATE is 1000 / the
 * (100 - p)-th percentile frame TIME, nearest-rank method (the value at rank ceil(q/100 x n) of
 * the sorted times). So fps_p1 is the "1 % low" of benchmarking tools. Nulls for no frames.
 * Example: nine frames of 10 ms and one of 50 ms: p50 = 100 fps, p5 = p1 = 20 fps.
 */
export function fpsPercentiles(frameMs: readonly number[]): { fps_p50: number | null; fps_p5: number | null; fps_p1: number | null } {
  const t = frameMs.filter((x) => Number.isFinite(x) && x > 0).sort((a, b) => a - b);
  if (t.length === 0) return { fps_p50: null, fps_p5: null, fps_p1: null };
  const at = (q: number) => t[Math.min(t.length - 1, Math.max(0, Math.ceil((q / 100) * t.length) - 1))];
  return { fps_p50: 1000 / at(50), fps_p5: 1000 / at(95), fps_p1: 1000 / at(99) };
}

/** Thresholds of the verdict: below MIN_MOUSE_HZ the aim moves in visible steps at high speeds
 * (a 125 Hz mouse: 8 ms between reports); below MIN_FPS_P5 frames in 1 of 20 frames, the view
 * lags the hand (a 60 Hz display's rate); rejected deltas over MAX_REJECTED_SHARE of the look
 * events mean the filter changed the aim noticeably. Our thresholds, stated in the verdict. */
export const MIN_MOUSE_HZ = 250;
export const MIN_FPS_P5 = 60;
export const MAX_REJECTED_SHARE = 0.01;

/** One finding of `inputHealthVerdict`: an i18n key (`insight.health.*`) and its values. */
export interface HealthIssue {
  key: 'low_mouse_rate' | 'rejected' | 'no_raw_input' | 'low_fps';
  values: Record<string, number>;
}

/** What hurts the run, worst first: a low mouse rate, rejected deltas, no raw input, a low
 * 5th-percentile frame rate. Empty = nothing hurt the run. */
export function inputHealthVerdict(h: InputHealth): HealthIssue[] {
  const out: HealthIssue[] = [];
  if (h.mouse_hz !== null && h.mouse_hz < MIN_MOUSE_HZ) out.push({ key: 'low_mouse_rate', values: { hz: Math.round(h.mouse_hz), min: MIN_MOUSE_HZ } });
  if (h.rejected_deltas > 0 && h.rejected_deltas > MAX_REJECTED_SHARE * Math.max(1, h.look_events)) {
    out.push({ key: 'rejected', values: { n: h.rejected_deltas } });
  }
  if (h.raw_input === false) out.push({ key: 'no_raw_input', values: {} });
  if (h.fps_p5 !== null && h.fps_p5 < MIN_FPS_P5) out.push({ key: 'low_fps', values: { fps: Math.round(h.fps_p5), min: MIN_FPS_P5 } });
  return out;
}
