/**
 * The run analysis the SERVER derives from a verified replay (issue 37 items 1, 2, 3) and the
 * weakness map built from it (item 4): one schema each, shared by the server (which computes,
 * stores and serves them) and the client (which draws them, and may compute the same figures as
 * a preview with src/analysis/summary.ts). Definitions: src/analysis/runAnalysis.ts (sources in
 * ../shared/reference/training.md "Analysis definitions").
 *
 * Units: times ms, angles degrees, gain a ratio (> 1 overshoot), path efficiency 0..1,
 * throughput bits/s, time on target %, jitter a ratio (RMS velocity error / mean target speed).
 * Figures are rounded to 2 decimals; null = not enough data in the run.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Direction sectors of a flick: 8 sectors of 45° centred on right (0), up-right (1), up (2),
 * up-left (3), left (4), down-left (5), down (6), down-right (7). */
export const FLICK_SECTORS = ['right', 'up-right', 'up', 'up-left', 'left', 'down-left', 'down', 'down-right'] as const;
/** Distance bins of a flick: under 10°, 10-25°, 25° and more (src/analysis/runAnalysis.ts
 * DISTANCE_BINS_DEG). */
export const FLICK_DISTANCES = ['short', 'medium', 'long'] as const;

const nnum = { type: ['number', 'null'] } as const;

/** One direction x distance cell of flicks (means over its flicks). */
export const flickCellSchema = {
  type: 'object',
  required: ['sector', 'bin', 'n', 'time_ms', 'reaction_ms', 'primary_ms', 'correction_ms', 'dwell_ms', 'gain', 'path_efficiency'],
  properties: {
    /** 0..7, FLICK_SECTORS */
    sector: { type: 'integer', minimum: 0, maximum: 7 },
    /** 0..2, FLICK_DISTANCES */
    bin: { type: 'integer', minimum: 0, maximum: 2 },
    /** flicks in the cell */
    n: { type: 'integer', minimum: 0 },
    /** flick time: the flick's start (previous kill or the target's spawn) to the kill shot, ms */
    time_ms: nnum,
    reaction_ms: nnum,
    primary_ms: nnum,
    correction_ms: nnum,
    dwell_ms: nnum,
    gain: nnum,
    /** premium (spec section 3): null for a free viewer */
    path_efficiency: nnum,
  },
  additionalProperties: false,
} as const;
export type FlickCellFigures = FromSchema<typeof flickCellSchema>;

/** The figures of one run (what the summary shows; the server's own, from the replay). */
export const runAnalysisFiguresSchema = {
  type: 'object',
  required: ['shots', 'kills', 'flick', 'fitts', 'tracking', 'cells', 'full_shot_time'],
  properties: {
    shots: { type: 'integer', minimum: 0 },
    kills: { type: 'integer', minimum: 0 },
    /** means over every flick of the run */
    flick: {
      type: 'object',
      required: ['n', 'reaction_ms', 'primary_ms', 'correction_ms', 'dwell_ms', 'gain', 'path_efficiency', 'overshoot_pct'],
      properties: {
        n: { type: 'integer', minimum: 0 },
        reaction_ms: nnum, primary_ms: nnum, correction_ms: nnum, dwell_ms: nnum, gain: nnum,
        /** premium: null for a free viewer */
        path_efficiency: nnum,
        /** share of flicks whose primary movement overshot (gain > 1), % */
        overshoot_pct: nnum,
      },
      additionalProperties: false,
    },
    /** Fitts regression MT = a + b·ID (a ms, b ms/bit) and ISO 9241-9 throughput (bits/s) */
    fitts: {
      type: 'object',
      required: ['n', 'a', 'b', 'r2', 'we', 'throughput'],
      properties: { n: { type: 'integer', minimum: 0 }, a: nnum, b: nnum, r2: nnum, we: nnum, throughput: nnum },
      additionalProperties: false,
    },
    tracking: {
      type: 'object',
      required: ['ticks', 'time_on_target_pct', 'lag_ms', 'jitter', 'direction_change_ms', 'direction_changes'],
      properties: {
        ticks: { type: 'integer', minimum: 0 },
        time_on_target_pct: nnum, lag_ms: nnum, jitter: nnum, direction_change_ms: nnum,
        direction_changes: { type: 'integer', minimum: 0 },
      },
      additionalProperties: false,
    },
    /** 24 cells, index = sector · 3 + bin */
    cells: { type: 'array', items: flickCellSchema, maxItems: 24 },
    /** premium (spec section 3): mean time from a target's spawn to the shot that hit it, ms;
     * null for a free viewer */
    full_shot_time: nnum,
  },
  additionalProperties: false,
} as const;
export type RunAnalysisFigures = FromSchema<typeof runAnalysisFiguresSchema>;

/** One shot as stored: [t ms, flags (1 hit, 2 crit, 4 kill), dx °, dy °] (dx > 0 right of the
 * target's centre, dy > 0 high; null when no target was up). */
export type StoredShot = [number, number, number | null, number | null];
/** One flick as stored: [start ms, shot ms, sector, bin, amplitude °, width °, reaction ms | null,
 * primary ms, correction ms, dwell ms, gain, path efficiency]. */
export type StoredFlick = [number, number, number, number, number, number, number | null, number, number, number, number, number];

/** What the server stores per verified run (`run_analyses.analysis`, JSON). */
export interface StoredRunAnalysis {
  /** analysis version (bumped when a definition changes) */
  v: number;
  figures: RunAnalysisFigures;
  shots: StoredShot[];
  flicks: StoredFlick[];
}

/** The weakness map (issue 37 item 4): the player's flicks over their last `runs` analysed runs
 * by direction and distance, each cell's flick time against the player's own mean for that
 * distance. `GET /api/v1/analysis/weakness?runs=N[&game_id=]`. */
export const weaknessMapSchema = {
  type: 'object',
  required: ['runs', 'flicks', 'bin_means_ms', 'cells', 'weakest'],
  properties: {
    /** analysed runs it is built from (at most the `runs` asked for) */
    runs: { type: 'integer', minimum: 0 },
    flicks: { type: 'integer', minimum: 0 },
    /** the player's mean flick time per distance bin, ms (null: no flick of that distance) */
    bin_means_ms: { type: 'array', items: nnum, minItems: 3, maxItems: 3 },
    /** 24 cells, index = sector · 3 + bin */
    cells: {
      type: 'array', maxItems: 24,
      items: {
        type: 'object',
        required: ['sector', 'bin', 'n', 'time_ms', 'rel'],
        properties: {
          sector: { type: 'integer', minimum: 0, maximum: 7 },
          bin: { type: 'integer', minimum: 0, maximum: 2 },
          n: { type: 'integer', minimum: 0 },
          time_ms: nnum,
          /** time_ms / the bin's mean - 1 (0.18 = 18 % slower than the player's mean); null when
           * the cell has fewer than WEAKNESS_MIN_FLICKS flicks */
          rel: nnum,
        },
        additionalProperties: false,
      },
    },
    /** the one or two weakest cells (largest rel > 0), slowest first */
    weakest: {
      type: 'array', maxItems: 2,
      items: {
        type: 'object',
        required: ['sector', 'bin', 'n', 'time_ms', 'rel'],
        properties: {
          sector: { type: 'integer', minimum: 0, maximum: 7 },
          bin: { type: 'integer', minimum: 0, maximum: 2 },
          n: { type: 'integer', minimum: 0 },
          time_ms: { type: 'number' },
          rel: { type: 'number' },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
export type WeaknessMap = FromSchema<typeof weaknessMapSchema>;

/** Fewest flicks for a cell to be compared (and named). */
export const WEAKNESS_MIN_FLICKS = 5;
/** Default and largest number of recent runs the weakness map reads. */
export const WEAKNESS_DEFAULT_RUNS = 20;
export const WEAKNESS_MAX_RUNS = 100;
/** A cell is named only when it is at least this much slower than the mean (0.05 = 5 %). */
export const WEAKNESS_MIN_REL = 0.05;

/** `POST` here makes a weak-spot drill (issue 37 item 5; src/server/analysisRoutes.ts). */
export const WEAK_SPOT_DRILL_PATH = '/api/v1/analysis/weak-spot-drill';

/** The answer of `POST /api/v1/analysis/weak-spot-drill` (201): the drill made from the player's
 * weak spots, saved as the account's own drill, and the playlist made with it. */
export interface WeakSpotDrillAnswer {
  /** the saved drill's id (play it at `/?id=<drill_id>`) */
  drill_id: number;
  /** its name, e.g. "Weak spots: up-left long, down medium" */
  name: string;
  /** the cells it trains, slowest relative first (rel: time / the bin's mean - 1) */
  cells: Array<{ sector: number; bin: number; rel: number }>;
  /** the playlist's id (`p-xxxxxxxxxx`) and where it plays (`/?playlist=<id>`) */
  playlist_id: string;
  playlist_url: string;
}

/** Error `code` of a 409 from the weak-spot route when the map has no cell to train. */
export const WEAK_SPOT_NOT_ENOUGH_DATA = 'not_enough_data';
