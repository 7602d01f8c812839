/**
 * The drill catalogue in the database: seeding from the drill files (`drills/*.json`, checked by
 * the drill schema: src/drill/drillFiles.ts) and reading drills back as gameconfig drill fields.
 */
import type { Kysely } from 'kysely';
import type { CatalogueDrill } from '../contracts/drillSchema';
import { loadDrillFolder } from '../drill/drillFiles';
import { PRIMARY_METRICS, type PrimaryMetric } from '../contracts/constants';
import type { DB } from './db';

/** A stored drill: the catalogue entry's fields (minus `category`) plus its category. */
export interface StoredDrill {
  id: number;
  category: string;
  /** The drill fields of the gameconfig response: id, name, game_type_description, objective,
   * config, duration, ... (everything of the catalogue entry except `category`). */
  fields: Record<string, unknown>;
}

/**
 * Upserts every entry of `catalogue` into `drills` by id, in one transaction: `name`,
 * `game_type_description`, `objective` and `category` in their columns, every other field (the
 * validated drill with its defaults filled in) as the `fields` JSON. Drills not in the catalogue
 * are left alone (runs may reference them). `catalogue` defaults to the drill files of
 * `drills/` (`loadDrillFolder`: throws DrillFileError naming the file, field and reason of a bad
 * one, before anything is written); entries given here are written as they are (tests seed
 * variants). Returns the number of entries written.
 */
export async function seedCatalogue(db: Kysely<DB>, catalogue: CatalogueDrill[] = loadDrillFolder()): Promise<number> {
  await db.transaction().execute(async (trx) => {
    for (const entry of catalogue) {
      const { id, name, game_type_description, objective, category, ...rest } = entry;
      const row = {
        name: String(name),
        game_type_description: String(game_type_description ?? ''),
        objective: String(objective ?? ''),
        category: String(category),
        fields: JSON.stringify(rest),
      };
      await trx
        .insertInto('drills')
        .values({ id: Number(id), ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
  });
  return catalogue.length;
}

/** Reads one drill by id; null when there is none. */
export async function findDrill(db: Kysely<DB>, id: number): Promise<StoredDrill | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) return null;
  const row = await db.selectFrom('drills').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? drillFromRow(row) : null;
}

/** A `drills` row as a StoredDrill (its `fields` JSON parsed and the named columns merged in). */
export function drillFromRow(row: DB['drills']): StoredDrill {
  const rest = JSON.parse(row.fields) as Record<string, unknown>;
  return {
    id: row.id,
    category: row.category,
    fields: {
      id: row.id,
      name: row.name,
      game_type_description: row.game_type_description,
      objective: row.objective,
      ...rest,
    },
  };
}

/** The drill's primary metric (spec section 9: default targets_destroyed; unknown names too). */
export function primaryMetricOf(drill: StoredDrill): PrimaryMetric {
  const m = drill.fields.primary_metric;
  return typeof m === 'string' && (PRIMARY_METRICS as readonly string[]).includes(m)
    ? (m as PrimaryMetric)
    : 'targets_destroyed';
}

/** The drill's objective threshold for `metric` (`{metric}_score`), null when unset. */
export function thresholdOf(drill: StoredDrill, metric: PrimaryMetric): number | null {
  const v = drill.fields[`${metric}_score`];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The gameconfig answer's keys that come from the player, not the drill (a drill field of the
 * same name is overridden by the player's value). */
export const PLAYER_KEYS = [
  'user_id', 'premium', 'best_score', 'leaderboard_rank', 'user_target_colour', 'user_wall_colour', 'user_line_colour',
  'user_texture', 'mouse_sensitivity', 'mouse_sensitivity_y', 'mouse_inverse', 'mouse_dpi', 'sens_profile_id', 'ads_sens',
  'fov', 'fov_type', 'crosshair_config', 'hitmarker_config', 'missmarker_config', 'ads_config',
] as const;

/** A drill as the read path keeps it: parsed once, its primary metric, and its gameconfig
 * fields (PLAYER_KEYS removed) already serialised. */
export interface CachedDrill {
  drill: StoredDrill;
  metric: PrimaryMetric;
  /** JSON of the drill's fields without PLAYER_KEYS, without the closing brace: `{"id":134,...`
   * (just `{` when there are none) */
  fieldsJsonOpen: string;
}

/**
 * Parsed drills by id for the read path (gameconfig): the catalogue is written at start-up
 * (`seedCatalogue`) and not changed while the server runs, so a drill is read from the database
 * and parsed once per `ttlMs` (default 60 s, so a catalogue re-seeded by another server process
 * shows here within a minute). A missing drill is not cached (a drill added later is found).
 */
export class DrillCache {
  private readonly entries = new Map<number, { at: number; value: CachedDrill }>();
  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 60_000,
  ) {}

  /** The drill `id` (null when there is none). Database errors reject. */
  async get(id: number): Promise<CachedDrill | null> {
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const drill = await findDrill(this.db, id);
    if (!drill) {
      this.entries.delete(id);
      return null;
    }
    const fields: Record<string, unknown> = { ...drill.fields };
    for (const k of PLAYER_KEYS) delete fields[k];
    const json = JSON.stringify(fields);
    const value: CachedDrill = { drill, metric: primaryMetricOf(drill), fieldsJsonOpen: json.slice(0, -1) };
    this.entries.set(id, { at: now, value });
    return value;
  }
}
