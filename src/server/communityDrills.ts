/**
 * The drill browser's server side (issue 36 item 2): the filtered, sorted drill list and the
 * community-drill writes. Every error answers `{ error: string }`; every write passes the write
 * guard (src/server/writeGuard.ts, an app-wide onRequest hook: same origin, JSON body) and the
 * write rate limits before it gets here, then needs an account (`requireAccount`: 401
 * 'Not Logged In').
 *
 * - `GET /api/v1/drills?q=&family=&difficulty=&duration=&weapon=&room=&sort=&source=` ->
 *   DrillBrowserItem[] (src/contracts/drillBrowser.ts; at most MAX_LISTED drills). Without a
 *   query: the catalogue by id, as before. `source=community` lists published drills that
 *   reports have not hidden, with their author; `mine` the reader's own drills. 400 for a bad
 *   query (unknown key, value not in its list).
 * - `POST /api/v1/drills/:id/publish` / `.../unpublish` `{}` -> PublishAnswer: the author
 *   publishes or withdraws their own drill (403 another's, 404 a catalogue or missing drill).
 * - `POST /api/v1/drills/:id/report` `{ reason? }` -> ReportAnswer: one report per account
 *   (409 again), not of one's own drill (400), only of a published drill (404 otherwise). The
 *   report that brings a drill to REPORTS_TO_HIDE distinct accounts hides it (`hidden_at`),
 *   until `npm run admin -- restore-drill <id>` (`restoreDrill`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  DURATION_BUCKETS, REPORTS_TO_HIDE, reportBodySchema, type DrillBrowserItem, type DrillQuery, type PublishAnswer,
  type ReportAnswer, type WeaponKind,
} from '../contracts/drillBrowser';
import { DRILL_DIFFICULTIES, DRILL_FAMILIES, type DrillDifficulty, type DrillFamily } from '../contracts/drillSchema';
import { INT32_MAX } from '../contracts/performance';
import { nowIso, type DB } from './db';
import { drillFromRow, primaryMetricOf, type StoredDrill } from './drills';
import { leaderboardRank } from './leaderboard';
import { bestOfExtremes, bestScoresByDrill } from './runs';
import { requireAccount, type SessionUser } from './session';
import { BODY_LIMITS } from './limits';

/** Most drills one list answers (bounded work per request). */
export const MAX_LISTED = 500;

const ID = /^\d{1,10}$/;
const isDrillId = (raw: string): boolean => ID.test(raw) && Number(raw) >= 1 && Number(raw) <= INT32_MAX;

/** `s` with LIKE's wildcards (and the escape character) escaped by a backslash. */
function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The drill's weapon kind by `weapon_automatic`. */
function weaponOf(drill: StoredDrill): WeaponKind {
  return drill.fields.weapon_automatic === true ? 'automatic' : 'semi-auto';
}

/** Whether stored drill `drill` passes the query's field filters (family ... room). */
function passes(drill: StoredDrill, q: DrillQuery): boolean {
  const f = drill.fields;
  if (q.family && f.family !== q.family) return false;
  if (q.difficulty && f.difficulty !== q.difficulty) return false;
  if (q.room && (str(f.level_style) ?? 'factory') !== q.room) return false;
  if (q.weapon && weaponOf(drill) !== q.weapon) return false;
  if (q.duration) {
    const d = typeof f.duration === 'number' ? f.duration : null;
    const b = DURATION_BUCKETS[q.duration];
    if (d === null || d < b.minMs || d > b.maxMs) return false;
  }
  return true;
}

/**
 * The drills of query `q` for `reader` (null: no session), as the browser shows them: filtered,
 * sorted, with plays / players, the reader's best (ranked runs only) and leaderboard rank, and
 * for community drills their author. At most MAX_LISTED.
 */
export async function listDrills(db: Kysely<DB>, q: DrillQuery, reader: SessionUser | null): Promise<DrillBrowserItem[]> {
  if (q.source === 'mine' && (!reader || reader.username === null)) return [];
  let query = db.selectFrom('drills as d').leftJoin('users as u', 'u.id', 'd.author_id').selectAll('d').select('u.username as author');
  if (q.source === 'catalogue') query = query.where('d.author_id', 'is', null);
  else if (q.source === 'community') query = query.where('d.author_id', 'is not', null).where('d.published_at', 'is not', null).where('d.hidden_at', 'is', null);
  else if (q.source === 'mine') query = query.where('d.author_id', '=', reader!.id);
  else {
    query = query.where((eb) =>
      eb.or([eb('d.author_id', 'is', null), eb.and([eb('d.published_at', 'is not', null), eb('d.hidden_at', 'is', null)])]));
  }
  if (q.q) query = query.where(sql<boolean>`lower(d.name) like ${`%${likeEscape(q.q.toLowerCase())}%`} escape '\\'`);
  const rows = await query.orderBy('d.id').execute();
  const drills = rows.map((r) => ({ row: r, drill: drillFromRow(r) })).filter((x) => passes(x.drill, q));
  const ids = drills.map((x) => x.drill.id);
  const counts = new Map<number, { plays: number; players: number }>();
  if (ids.length > 0) {
    const c = await db
      .selectFrom('performances')
      .select((eb) => ['game_id', eb.fn.countAll().as('plays'), eb.fn.count('user_id').distinct().as('players')])
      .where('game_id', 'in', ids)
      .groupBy('game_id')
      .execute();
    for (const r of c) counts.set(Number(r.game_id), { plays: Number(r.plays), players: Number(r.players) });
  }
  const reported = new Set<number>();
  if (reader && ids.length > 0) {
    const r = await db.selectFrom('drill_reports').select('drill_id').where('user_id', '=', reader.id).execute();
    for (const x of r) reported.add(x.drill_id);
  }
  const extremes = reader ? await bestScoresByDrill(db, reader.id, ids) : new Map();
  const items: DrillBrowserItem[] = [];
  for (const { row, drill } of drills) {
    const f = drill.fields;
    const metric = primaryMetricOf(drill);
    const best = reader ? bestOfExtremes(metric, extremes.get(drill.id)) : null;
    const family = DRILL_FAMILIES.includes(f.family as DrillFamily) ? (f.family as DrillFamily) : null;
    const difficulty = DRILL_DIFFICULTIES.includes(f.difficulty as DrillDifficulty) ? (f.difficulty as DrillDifficulty) : null;
    const n = counts.get(drill.id) ?? { plays: 0, players: 0 };
    items.push({
      id: drill.id,
      name: row.name,
      category: row.category,
      objective: row.objective,
      game_type_description: row.game_type_description,
      duration: typeof f.duration === 'number' ? f.duration : null,
      family,
      difficulty,
      room: str(f.level_style),
      weapon: weaponOf(drill),
      primary_metric: metric,
      best_score: best,
      // issue 15: the leaderboard's rules (a guest: where their best would place)
      leaderboard_rank: best === null ? null : await leaderboardRank(db, drill.id, metric, best),
      plays: n.plays,
      players: n.players,
      source: row.author_id === null ? 'catalogue' : 'community',
      author: row.author_id === null ? null : (row.author ?? null),
      created_at: row.created_at ?? null,
      published_at: row.published_at ?? null,
      hidden: row.hidden_at != null,
      mine: reader !== null && row.author_id === reader.id,
      reported: reported.has(drill.id),
    });
  }
  sortItems(items, q.sort);
  return items.slice(0, MAX_LISTED);
}

/** Sorts `items` in place by `sort` (DRILL_SORTS' definitions). */
export function sortItems(items: DrillBrowserItem[], sort: DrillQuery['sort']): void {
  if (sort === 'popular') {
    items.sort((a, b) => b.players - a.players || b.plays - a.plays || a.id - b.id);
  } else if (sort === 'newest') {
    // player-made drills by when they were saved (newest first), then the catalogue by id
    items.sort((a, b) => {
      const ca = a.created_at ?? '', cb = b.created_at ?? '';
      if (ca !== cb) return ca < cb ? 1 : -1;
      return b.id - a.id;
    });
  } else {
    items.sort((a, b) => a.id - b.id);
  }
}

/**
 * Restores drill `id` that reports hid (the operator command `restore-drill`): clears
 * `hidden_at` and deletes its reports, so it counts reports afresh. Returns the drill's name and
 * whether it was hidden, or null when there is no such drill.
 */
export async function restoreDrill(db: Kysely<DB>, id: number): Promise<{ name: string; wasHidden: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('drills').select(['name', 'hidden_at']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom('drill_reports').where('drill_id', '=', id).execute();
    await trx.updateTable('drills').set({ hidden_at: null }).where('id', '=', id).execute();
    return { name: row.name, wasHidden: row.hidden_at != null };
  });
}

/** The player-made drill of a `:id` path for a write, or an answer already sent (400, 404). */
async function playerDrill(db: Kysely<DB>, request: FastifyRequest<{ Params: { id: string } }>) {
  const { id } = request.params;
  if (!isDrillId(id)) return { error: 400, message: 'This drill has an invalid id.' } as const;
  const row = await db
    .selectFrom('drills')
    .select(['id', 'author_id', 'published_at', 'hidden_at'])
    .where('id', '=', Number(id))
    .executeTakeFirst();
  if (!row || row.author_id === null) return { error: 404, message: 'Drill not found' } as const;
  return { row };
}

/** Registers the publish, unpublish and report routes of the module comment on `app`. */
export function registerCommunityDrillRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  const opts = { bodyLimit: BODY_LIMITS.logDrill };

  /** Sets (publish) or clears (unpublish) `published_at` of the author's own drill. */
  const setPublished = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, publish: boolean) => {
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    const found = await playerDrill(db, request);
    const { row } = found;
    if (!row) return reply.code(found.error).send({ error: found.message });
    if (row.author_id !== user.id) return reply.code(403).send({ error: 'Only its author can publish or unpublish this drill.' });
    const published_at = publish ? (row.published_at ?? nowIso()) : null;
    await db.updateTable('drills').set({ published_at }).where('id', '=', row.id).execute();
    const answer: PublishAnswer = { id: row.id, published_at, hidden: row.hidden_at != null };
    return answer;
  };
  // (each route spelled out: test/server/csrf.test.ts finds every write route in the source)
  app.post<{ Params: { id: string } }>('/api/v1/drills/:id/publish', opts, (request, reply) => setPublished(request, reply, true));
  app.post<{ Params: { id: string } }>('/api/v1/drills/:id/unpublish', opts, (request, reply) => setPublished(request, reply, false));

  app.post<{ Params: { id: string }; Body: { reason?: string } }>(
    '/api/v1/drills/:id/report',
    { ...opts, schema: { body: reportBodySchema } },
    async (request, reply) => {
      const user = await requireAccount(db, request, reply);
      if (!user) return reply;
      const found = await playerDrill(db, request);
      const { row } = found;
      if (!row) return reply.code(found.error).send({ error: found.message });
      if (row.published_at == null || row.hidden_at != null) return reply.code(404).send({ error: 'Drill not found' });
      if (row.author_id === user.id) return reply.code(400).send({ error: 'You cannot report your own drill.' });
      const answer = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('drill_reports')
          .values({ drill_id: row.id, user_id: user.id, reason: (request.body?.reason ?? '').trim(), created_at: nowIso() })
          .onConflict((oc) => oc.columns(['drill_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
        const n = await trx
          .selectFrom('drill_reports')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('drill_id', '=', row.id)
          .executeTakeFirstOrThrow();
        const reports = Number(n.n);
        const hidden = reports >= REPORTS_TO_HIDE;
        if (hidden) await trx.updateTable('drills').set({ hidden_at: nowIso() }).where('id', '=', row.id).where('hidden_at', 'is', null).execute();
        return { id: row.id, reports, hidden } satisfies ReportAnswer;
      });
      if (!answer) return reply.code(409).send({ error: 'You have already reported this drill.' });
      return answer;
    },
  );
}
