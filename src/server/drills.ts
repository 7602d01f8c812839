/**
 * The drill catalogue in the database: seeding from `DRILL_CATALOGUE` and reading drills back
 * as gameconfig drill fields.
 */
import type { Kysely } from 'kysely';
import { DRILL_CATALOGUE, type CatalogueDrill } from '../drill/catalogue';
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
 * Upserts every entry of `catalogue` (default `DRILL_CATALOGUE`) into `drills` by id, in one
 * transaction. Drills not in the catalogue are left alone (runs may reference them).
 * Returns the number of entries written.
 */
export async function seedCatalogue(db: Kysely<DB>, catalogue: CatalogueDrill[] = DRILL_CATALOGUE): Promise<number> {
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
