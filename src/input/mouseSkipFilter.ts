/**
 * Mouse-skip filter (control option `mouse_skip_filter`, default on; spec sections 3 and 7).
 * Pure: no DOM, no clock; the caller feeds samples in delivery order.
 *
 * WHAT IT DETECTS. Chromium (and other browsers on Windows with high-polling-rate mice) now and
 * then delivers, under pointer lock, ONE mousemove whose movementX / movementY is off by a few
 * hundred counts — typically ±300…720 — while the events around it are normal: the view
 * "skips" or "teleports". Reports:
 *  - Chromium issue 781182, https://bugs.chromium.org/p/chromium/issues/detail?id=781182
 *    (cited by A-Frame as the root cause, https://github.com/aframevr/aframe/issues/5177:
 *    "High polling rate (>250Hz) mouse = jumpy camera movements", Windows + Chromium);
 *  - three.js #12757, https://github.com/mrdoob/three.js/issues/12757 (Chrome 62: movementX/Y
 *    "spuriously throws in movements of 300 to 400 (or -300 to -400)" during fast moves);
 *  - three.js #27040, https://github.com/mrdoob/three.js/issues/27040 (2023, Chrome/Edge/Opera on
 *    Windows 11: skips frequent at 1000 Hz polling, rarer at 500 Hz, rare at 125 Hz);
 *  - fenomas/noa #153, https://github.com/fenomas/noa/issues/153 (Chrome 88: a single large dx
 *    jump in the direction of motion);
 *  - MicrosoftEdge/WebView2Feedback #4084, https://github.com/MicrosoftEdge/WebView2Feedback/issues/4084
 *    and Chromium issue 40547981, https://issues.chromium.org/issues/40547981 (listed in
 *    Scirra/Construct-feature-requests #206 as the same long-standing bug).
 * The workarounds in those threads drop any delta above a fixed size (|dx| > innerWidth/3,
 * or a jump > 150 from the previous dx). A fixed size cap also throws away real fast flicks
 * (a 1 kHz flick reaches 400 counts per event), so this filter looks at CONSISTENCY instead:
 * a hand cannot change the mouse's speed by hundreds of counts per millisecond between two
 * consecutive reports, a skip does exactly that.
 *
 * THE RULE. Per axis, the sample's delta d is compared with the delta p of the last ACCEPTED
 * sample. After a pause longer than `gapMs` (default 20 ms) the first sample is accepted and
 * becomes the reference: there is no motion to be inconsistent with (the reports describe
 * skips during fast, continuous movement), and synthetic or remote input (automation, remote
 * desktop) moves in large even steps after pauses. The allowed change
 * scales with the report interval: span = max(1 ms, the running mean of the intervals between
 * samples), so a 1 kHz mouse (reports 1 ms apart, time stamps jittering by a fraction of a ms)
 * gets the tightest bound, while events the browser coalesces (one mousemove per frame carrying
 * 16 ms of motion) get a proportionally wider one. The mean, not the last interval, is used:
 * a report that arrives 0.4 ms late still carries one poll of motion. A sample is a skip when,
 * on x or y,
 *     |d − p| ≥ max(minJump, jumpRate · span)
 * with jumpRate = 200 counts per ms of interval (a speed change of 200 counts/ms in one 1 ms
 * report is 3200 m/s² at 1600 DPI; the fastest human flicks change by well under 50 counts per
 * report at 1 kHz) and minJump = 200 counts (smaller jumps are not the reported bug).
 * At most `maxConsecutive` (default 2) samples in a row are rejected: a third inconsistent
 * sample in a row means the motion really changed, so it is accepted and becomes the new
 * reference (the filter never locks itself out).
 *
 * A rejected sample is not applied to the aim; the caller records it as rejected (so the input
 * log and replays stay exact). Measured on the seeded synthetic 1 kHz trace of
 * test/unit/input/mouseSkipFilter.test.ts (benchmarks.md 'skip-filter'): see the test and the
 * issue note for the numbers.
 */

/** Tuning of {@link MouseSkipFilter}. Counts are mouse counts (movementX/Y), times ms. */
export interface MouseSkipFilterOptions {
  /** allowed change of the delta per ms of report interval, counts (default 200) */
  jumpRate?: number;
  /** the smallest change that can be a skip, counts (default 200) */
  minJump?: number;
  /** after a pause longer than this (ms) the next sample is accepted as the new reference
   * (default 20: longer than a 60 Hz frame of coalesced events) */
  gapMs?: number;
  /** the most samples rejected in a row (default 2) */
  maxConsecutive?: number;
}

/** Default tuning (see the file comment for why). */
export const MOUSE_SKIP_DEFAULTS: Required<MouseSkipFilterOptions> = {
  jumpRate: 200,
  minJump: 200,
  gapMs: 20,
  maxConsecutive: 2,
};

/** Weight of the newest interval in the running mean of report intervals. */
const INTERVAL_EMA = 0.1;

/**
 * Streaming detector of pointer-lock movement spikes (see the file comment). One instance per
 * input stream; `reset()` at a new round or after pointer lock was regained.
 */
export class MouseSkipFilter {
  private readonly o: Required<MouseSkipFilterOptions>;
  private lastT = Number.NaN;
  /** running mean of the report interval, ms (NaN until two samples were seen) */
  private interval = Number.NaN;
  /** delta of the last accepted sample, counts */
  private px = 0;
  private py = 0;
  private consecutive = 0;
  private rejectedCount = 0;
  private seen = 0;

  constructor(options: MouseSkipFilterOptions = {}) {
    this.o = { ...MOUSE_SKIP_DEFAULTS, ...options };
  }

  /** Samples rejected since construction / the last `reset`. */
  get rejected(): number { return this.rejectedCount; }

  /** Samples seen since construction / the last `reset`. */
  get total(): number { return this.seen; }

  /** Forgets the motion history (new round, lock regained, filter switched on). */
  reset(): void {
    this.lastT = Number.NaN;
    this.interval = Number.NaN;
    this.px = 0;
    this.py = 0;
    this.consecutive = 0;
    this.rejectedCount = 0;
    this.seen = 0;
  }

  /**
   * Classifies one sample: `dx`, `dy` in counts (movementX / movementY), `t` its time stamp in
   * ms (any monotonic base, e.g. event.timeStamp). Returns true when it is a skip (reject it).
   * Deterministic: the same sample stream gives the same verdicts.
   */
  isSkip(dx: number, dy: number, t: number): boolean {
    const o = this.o;
    this.seen++;
    const dt = Number.isFinite(this.lastT) && Number.isFinite(t) ? t - this.lastT : Infinity;
    const gap = !(dt <= o.gapMs);
    if (!gap) {
      const d = dt > 0 ? dt : 0;
      this.interval = Number.isFinite(this.interval) ? this.interval + INTERVAL_EMA * (d - this.interval) : d;
    }
    if (Number.isFinite(t)) this.lastT = t;
    if (gap) {
      this.consecutive = 0;
      this.px = dx;
      this.py = dy;
      return false;
    }
    const px = this.px;
    const py = this.py;
    const span = Number.isFinite(this.interval) && this.interval > 1 ? this.interval : 1;
    const bound = Math.max(o.minJump, o.jumpRate * span);
    const spike = Math.abs(dx - px) >= bound || Math.abs(dy - py) >= bound;
    if (spike && this.consecutive < o.maxConsecutive) {
      // the reference stays the motion before the skip
      this.consecutive++;
      this.rejectedCount++;
      return true;
    }
    this.consecutive = 0;
    this.px = dx;
    this.py = dy;
    return false;
  }
}

/**
 * Whether a run uses the filter: control option `mouse_skip_filter` (spec sections 3 and 7) from
 * the player's `controls` (GET /gameoptions/edit), else from the gameconfig response (`config`,
 * if the server sends it), else true (the default).
 */
export function mouseSkipFilterEnabled(controls: { mouse_skip_filter?: unknown } | null | undefined, config?: unknown): boolean {
  const c = controls?.mouse_skip_filter;
  if (typeof c === 'boolean') return c;
  const fromConfig = config && typeof config === 'object' ? (config as { mouse_skip_filter?: unknown }).mouse_skip_filter : undefined;
  return typeof fromConfig === 'boolean' ? fromConfig : true;
}

/**
 * Runs a whole trace through a fresh filter (for tests and the skip-filter benchmark):
 * `samples` are [dx, dy, t] (counts, counts, ms). Returns one boolean per sample, true =
 * rejected.
 */
export function filterTrace(samples: ReadonlyArray<readonly [number, number, number]>, options?: MouseSkipFilterOptions): boolean[] {
  const f = new MouseSkipFilter(options);
  return samples.map(([dx, dy, t]) => f.isSkip(dx, dy, t));
}
