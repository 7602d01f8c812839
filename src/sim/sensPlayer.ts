/**
 * A synthetic player for the sensitivity finder (issue 37 item 6): its drill score depends on
 * the cm/360 it plays at, with a best cm/360 known to the test, so the finder's fit
 * (src/sensitivity/finder.ts) can be checked against the truth.
 *
 * Score model (per round): peak × exp(−d² / (2·width²)) + warmup × round + noise, with
 * d = ln(cm360 / bestCm360) (mismatch measured on a log scale, as a too-fast and a too-slow
 * sensitivity by the same factor hurt alike; a Gaussian tuning curve), a steady learning trend
 * per round (score units per round) and Gaussian noise of sd `noiseSd` (score units; Box-Muller
 * over the seeded sfc32 stream of src/ecs/rng.ts). Defaults: peak 60, width 0.5 (a factor 1.4
 * away from the best costs 9 % of the peak), noise sd 3 (5 % of the peak, about the
 * round-to-round spread of a trained player on a 30-45 s static drill), warmup 0.
 * Deterministic: the same options and seed give the same scores.
 */
import { createRng } from '../ecs/rng';

/** Options of {@link createSensPlayer}. */
export interface SensPlayerOptions {
  /** the cm/360 (cm) at which the player scores best */
  bestCm360: number;
  /** mean score at the best cm/360 on the first round; default 60 */
  peak?: number;
  /** sd of the Gaussian tuning curve in ln(cm/360) units; default 0.5 */
  width?: number;
  /** sd of the round-to-round noise (score units); default 3 */
  noiseSd?: number;
  /** added per round played (score units per round; a learning trend); default 0 */
  warmup?: number;
  /** seed of the noise */
  seed: number;
}

/** A synthetic player: `play(cm360, roundIndex)` gives one round's score. */
export interface SensPlayer {
  readonly bestCm360: number;
  /** the mean score at `cm360` (cm) on round `roundIndex` (0-based), before noise */
  expected(cm360: number, roundIndex: number): number;
  /** one noisy round at `cm360` (cm) */
  play(cm360: number, roundIndex: number): number;
}

/** Creates a synthetic player (see the file comment for the model).
 * @throws RangeError unless bestCm360 and width are finite and > 0 */
export function createSensPlayer(o: SensPlayerOptions): SensPlayer {
  const peak = o.peak ?? 60;
  const width = o.width ?? 0.5;
  const noiseSd = o.noiseSd ?? 3;
  const warmup = o.warmup ?? 0;
  if (!(o.bestCm360 > 0 && Number.isFinite(o.bestCm360))) throw new RangeError(`bestCm360 must be > 0, got ${o.bestCm360}`);
  if (!(width > 0 && Number.isFinite(width))) throw new RangeError(`width must be > 0, got ${width}`);
  const rng = createRng(o.seed);
  const gauss = (): number => {
    const u = 1 - rng.next(); // (0, 1]
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
  };
  const expected = (cm360: number, roundIndex: number): number => {
    const d = Math.log(cm360 / o.bestCm360);
    return peak * Math.exp(-(d * d) / (2 * width * width)) + warmup * roundIndex;
  };
  return {
    bestCm360: o.bestCm360,
    expected,
    play: (cm360, roundIndex) => expected(cm360, roundIndex) + noiseSd * gauss(),
  };
}
