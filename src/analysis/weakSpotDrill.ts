/**
 * Drills made from weak spots (issue 37 item 5): from a player's weakness map
 * (src/contracts/analysis.ts WeaknessMap, built by src/analysis/summary.ts `weaknessMap`) pick the
 * weakest direction x distance cells and make a drill document whose targets appear exactly in
 * those cells, as seen from the drill's centre, plus a short playlist around it. Pure data: no
 * engine, no database, no DOM; the server saves the drill as the account's own (like an editor
 * drill) and the playlist (src/server/analysisRoutes.ts), and the page uses `pickWeakCells` to
 * say whether "Train this" can make a drill.
 *
 * The rule (documented for players in README "Run analysis"):
 * - the cells: those the map compares (rel not null: at least WEAKNESS_MIN_FLICKS flicks) that
 *   are slower than the player's mean at their distance (rel > 0), slowest first, at most
 *   WEAK_SPOT_MAX_CELLS; so the map's named `weakest` cells come first. None: WeakSpotError.
 * - the drill: catalogue drill fields only (no new engine rule). Spawn mode Original with fixed
 *   `config.positions`, picked at random (seeded by the run's seed), one target at a time, and
 *   return_to_centre: after each kill the player brings the aim back to the centre (straight
 *   ahead from the eye, `return_pos`) before the next target appears, so every flick starts at
 *   the centre and goes in the cell's direction over the cell's distance, which is what the
 *   weakness map measures (src/analysis/runAnalysis.ts: a flick starts at the target's spawn
 *   when that is later than the previous kill; its direction and amplitude are measured from
 *   the aim at that moment). Per cell WEAK_SPOT_AMPLITUDES_DEG.length x
 *   WEAK_SPOT_SPREAD_DEG.length points: the sector's centre direction +-10°, two amplitudes well
 *   inside the distance bin, on a sphere of WEAK_SPOT_RANGE_M around the eye (every target
 *   looks the same size). The eye stands WEAK_SPOT_EYE_Y metres up, mid-height of the room (0 to
 *   12 m), so that targets 37° down or up stay above the floor and below the ceiling. The
 *   return-to-centre check accepts the aim within WEAK_SPOT_RETURN_ANGLE_DEG (config
 *   `returnAngle`, 1.5°; the engine's default 3° would let a 5° flick start far enough off the
 *   centre to change its sector): the amplitudes and direction offsets leave room for it.
 * - the playlist: the weak-spot drill, a related catalogue drill of the same family (flicking,
 *   WEAK_SPOT_COMPANION_DRILL: "Flick and Reset", return to centre, flicks in every direction)
 *   and the weak-spot drill again.
 * Its runs are ordinary verified runs: the server analyses them and their flicks feed the same
 * weakness map, so the player sees the cells' figures change.
 */
import { FLICK_DISTANCES, FLICK_SECTORS, type WeaknessMap } from '../contracts/analysis';
import type { PlaylistBody } from '../contracts/playlists';
import { DISTANCE_BINS_DEG, flickCellOf } from './runAnalysis';

/** Most cells one weak-spot drill trains (the map names at most two weakest cells). */
export const WEAK_SPOT_MAX_CELLS = 2;
/** Round length of the weak-spot drill, ms (as the catalogue's flick drills). */
export const WEAK_SPOT_DURATION_MS = 60_000;
/** How close to the centre the aim must come before the next target appears, degrees (the
 * drill's config `returnAngle`; the engine's default is 3°): a flick starts at most this far
 * from the centre, so its measured direction and amplitude differ from the placed ones by at
 * most asin(1.5 / A) and 1.5°. */
export const WEAK_SPOT_RETURN_ANGLE_DEG = 1.5;
/** Flick amplitudes placed per distance bin (short < 10°, medium 10-25°, long >= 25°; see
 * DISTANCE_BINS_DEG), degrees: at least WEAK_SPOT_RETURN_ANGLE_DEG inside each bin's bounds, so
 * a flick that starts at the edge of the centre's tolerance stays in its bin. */
export const WEAK_SPOT_AMPLITUDES_DEG: readonly (readonly number[])[] = [[5.5, 7], [14, 20], [30, 37]];
/** Directions placed per distance bin: the sector's centre direction plus these offsets,
 * degrees. The sector is 45° wide (+-22.5°); an offset plus the largest direction error of a
 * flick started off-centre (asin(1.5 / 5.5) = 15.8° for the shortest amplitude, 6.2° at 14°)
 * stays inside it. */
export const WEAK_SPOT_SPREAD_DEG: readonly (readonly number[])[] = [[-5, 0, 5], [-10, 0, 10], [-10, 0, 10]];
/** Distance from the eye to every target, metres. */
export const WEAK_SPOT_RANGE_M = 8;
/** Eye height of the weak-spot drill, metres (the room is 12 m high, src/game/room.ts: at 6 m a
 * target WEAK_SPOT_RANGE_M away and 37° up or down stays inside it). */
export const WEAK_SPOT_EYE_Y = 6;
/** Eye position z (the catalogue's default player_start_z), metres. */
export const WEAK_SPOT_EYE_Z = 3.5;
/** Target radius, metres: 0.2 m at 8 m is 1.43° of angular radius, about the catalogue's flick
 * drills' (0.3 m at 13.5 m: 1.27°). */
export const WEAK_SPOT_TARGET_SIZE = 0.2;
/** The catalogue drill the playlist puts between two rounds of the weak-spot drill (237 "Flick
 * and Reset": family flicking, return to centre, random directions). */
export const WEAK_SPOT_COMPANION_DRILL = 237;

/** The `id` of the generated document: a valid drill id (the schema wants one) equal to
 * src/drill/customDrill.ts CUSTOM_DRILL_MIN_ID, the first id of player-made drills; the server
 * ignores it and gives the saved drill its own. */
export const WEAK_SPOT_DRAFT_ID = 100_000;

/** A cell the drill trains: its sector 0..7 (FLICK_SECTORS), distance bin 0..2 (FLICK_DISTANCES),
 * the map's flicks `n`, mean flick time `time_ms` (ms) and `rel` (time / the bin's mean - 1). */
export interface WeakCell {
  sector: number;
  bin: number;
  n: number;
  time_ms: number;
  rel: number;
}

/** Why no drill can be made: `not_enough_data` = no cell of the map is compared (too few flicks)
 * and slower than the player's mean. `message` is the text the page shows. */
export class WeakSpotError extends Error {
  constructor(readonly code: 'not_enough_data', message: string) {
    super(message);
    this.name = 'WeakSpotError';
  }
}

/** The message of WeakSpotError('not_enough_data'). */
export const NOT_ENOUGH_DATA = 'Not enough analysed flicks yet: play a few more clicking drills, then the weakness map can name a weak spot to train.';

/**
 * The cells a weak-spot drill trains (see the module comment): compared cells (rel not null)
 * with rel > 0, slowest relative first (ties: lower cell index first), at most `max`. May be
 * empty.
 */
export function pickWeakCells(map: WeaknessMap, max = WEAK_SPOT_MAX_CELLS): WeakCell[] {
  return map.cells
    .filter((c) => c.rel !== null && c.rel > 0 && c.time_ms !== null)
    .map((c) => ({ sector: c.sector, bin: c.bin, n: c.n, time_ms: c.time_ms as number, rel: c.rel as number }))
    .sort((a, b) => b.rel - a.rel || (a.sector * 3 + a.bin) - (b.sector * 3 + b.bin))
    .slice(0, Math.max(0, max));
}

/** A cell in words, "up-left long" (FLICK_SECTORS, FLICK_DISTANCES). */
export function cellWords(c: { sector: number; bin: number }): string {
  return `${FLICK_SECTORS[c.sector]} ${FLICK_DISTANCES[c.bin]}`;
}

/** One placed point: the target's position (metres, world frame) and the flick it asks for from
 * the centre: `ax`, `ay` on the tangent plane (degrees, as runAnalysis measures), its cell. */
export interface WeakSpotPoint {
  position: [number, number, number];
  ax: number;
  ay: number;
  sector: number;
  bin: number;
}

const D = Math.PI / 180;
const mm = (v: number): number => Math.round(v * 1000) / 1000 + 0;

/**
 * The points of cell (`sector`, `bin`): for each amplitude A of WEAK_SPOT_AMPLITUDES_DEG[bin] and
 * each direction θ = 45°·sector + offset (WEAK_SPOT_SPREAD_DEG[bin]), the target whose flick from the
 * centre is (ax, ay) = A·(cos θ, sin θ) on the tangent plane: pitch = ay, yaw = ax / cos(pitch)
 * (runAnalysis's ax = Δyaw·cos(target pitch)), at WEAK_SPOT_RANGE_M from the eye (0,
 * WEAK_SPOT_EYE_Y, WEAK_SPOT_EYE_Z) along (sin yaw cos pitch, sin pitch, -cos yaw cos pitch),
 * rounded to millimetres. Throws RangeError for a sector outside 0..7 or a bin outside 0..2.
 */
export function cellPoints(sector: number, bin: number): WeakSpotPoint[] {
  if (!Number.isInteger(sector) || sector < 0 || sector > 7) throw new RangeError(`sector ${sector} is not 0..7`);
  if (!Number.isInteger(bin) || bin < 0 || bin > 2) throw new RangeError(`bin ${bin} is not 0..2`);
  const out: WeakSpotPoint[] = [];
  for (const A of WEAK_SPOT_AMPLITUDES_DEG[bin]) {
    for (const off of WEAK_SPOT_SPREAD_DEG[bin]) {
      const th = (45 * sector + off) * D;
      const ax = A * Math.cos(th), ay = A * Math.sin(th);
      const pitch = ay * D, yaw = (ax / Math.cos(pitch)) * D;
      const r = WEAK_SPOT_RANGE_M;
      const position: [number, number, number] = [
        mm(r * Math.sin(yaw) * Math.cos(pitch)),
        mm(WEAK_SPOT_EYE_Y + r * Math.sin(pitch)),
        mm(WEAK_SPOT_EYE_Z - r * Math.cos(yaw) * Math.cos(pitch)),
      ];
      const cell = flickCellOf(ax, ay);
      out.push({ position, ax, ay, sector: cell.sector, bin: cell.bin });
    }
  }
  return out;
}

/** What `weakSpotDrill` makes. */
export interface WeakSpotPlan {
  /** the cells trained, slowest relative first */
  cells: WeakCell[];
  /** the drill document (src/contracts/drillSchema.ts); its `id` is WEAK_SPOT_DRAFT_ID (the
   * server saves it under an id of its own) */
  drill: Record<string, unknown>;
  /** the playlist's name and description (its drills: `weakSpotPlaylist`) */
  playlistName: string;
  playlistDescription: string;
}

/** "up-left at 25° and more" */
function cellPhrase(c: WeakCell): string {
  const [lo, hi] = DISTANCE_BINS_DEG;
  const range = c.bin === 0 ? `under ${lo}°` : c.bin === 1 ? `${lo}-${hi}°` : `${hi}° and more`;
  return `${FLICK_SECTORS[c.sector]} at ${range}`;
}

/**
 * The weak-spot drill of `map` (see the module comment): its cells (`pickWeakCells(map, max)`),
 * the drill document (name "Weak spots: up-left long, down medium", WEAK_SPOT_DURATION_MS, one
 * target at a time at the cells' points, return to centre, family flicking) and the playlist's
 * words. Throws WeakSpotError('not_enough_data', NOT_ENOUGH_DATA) when no cell qualifies.
 */
export function weakSpotDrill(map: WeaknessMap, max = WEAK_SPOT_MAX_CELLS): WeakSpotPlan {
  const cells = pickWeakCells(map, max);
  if (cells.length === 0) throw new WeakSpotError('not_enough_data', NOT_ENOUGH_DATA);
  const name = `Weak spots: ${cells.map(cellWords).join(', ')}`;
  const positions = cells.flatMap((c) => cellPoints(c.sector, c.bin).map((p) => p.position));
  const seconds = Math.round(WEAK_SPOT_DURATION_MS / 1000);
  const drill: Record<string, unknown> = {
    id: WEAK_SPOT_DRAFT_ID,
    name,
    category: 'clicking',
    family: 'flicking',
    difficulty: 'medium',
    level_style: 'range',
    game_type_description: `From your weakness map: targets appear ${cells.map(cellPhrase).join(' and ')}. `
      + 'After each kill, bring your aim back to the centre; the next target appears there.',
    objective: `Destroy as many targets as you can in ${seconds} seconds.`,
    duration: WEAK_SPOT_DURATION_MS,
    num_targets: 1,
    spawn_mode: 'Original',
    target_size: WEAK_SPOT_TARGET_SIZE,
    weapon_fire_rate: 10,
    return_to_centre: true,
    return_pos: `0, ${WEAK_SPOT_EYE_Y}, ${WEAK_SPOT_EYE_Z - 40}`,
    player_start_x: 0,
    player_start_y: WEAK_SPOT_EYE_Y,
    player_start_z: WEAK_SPOT_EYE_Z,
    config: { positions, spawnOrder: 'random', returnAngle: WEAK_SPOT_RETURN_ANGLE_DEG },
  };
  return {
    cells,
    drill,
    // not the drill's name: the playlist banner shows both ("Drill 1 of 3: Weak spots: ...")
    playlistName: `Training plan: ${cells.map(cellWords).join(', ')}`.slice(0, 64),
    playlistDescription: 'Your weak spots, a catalogue flick drill, then your weak spots again.',
  };
}

/** The playlist body of a weak-spot drill saved as `drillId`: it, `companionId` (a catalogue drill
 * of the same family; left out when null), and it again; `plan` gives the name and description. */
export function weakSpotPlaylist(plan: Pick<WeakSpotPlan, 'playlistName' | 'playlistDescription'>, drillId: number, companionId: number | null): PlaylistBody {
  return {
    name: plan.playlistName,
    description: plan.playlistDescription,
    drills: companionId === null ? [drillId, drillId] : [drillId, companionId, drillId],
  };
}
