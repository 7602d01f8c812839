/**
 * The player's progress and the leaderboards (issue 15 items 2 and 3), registered by
 * `registerApiRoutes`. Reads only: none creates a guest.
 * - GET /api/v1/leaderboard/:drillId?limit=&offset=|around=me -> Leaderboard | 400 | 404
 *   limit 1-100 (default 20), offset 0-1000000 (default 0), no other parameter; RANKED runs of
 *   ACCOUNTS only, one row (the best) per player, by username, ties and order as
 *   src/server/leaderboard.ts defines. `around=me` (instead of `offset`) answers the window of
 *   `limit` rows with the reader's row (or, for a guest, the place their best would take) in
 *   the middle; without a best it is the top page. `me`: the reader's best, rank (a guest's:
 *   where it would place), percentile and whether they are listed; their own row has
 *   `is_me: true`.
 * - GET /api/v1/progress -> Progress of the session's player (empty without a session)
 * - GET /api/v1/progress/:drillId?limit= -> DrillHistory: the player's runs of the drill, oldest
 *   first, the last `limit` (1-500, default 100)
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { PrimaryMetric } from '../contracts/constants';
import { lowerIsBetter } from '../metrics/objective';
import { trendSlope } from '../metrics/insight';
import type { DB } from './db';
import { DrillCache, drillFromRow, primaryMetricOf } from './drills';
import { peekSessionUser } from './session';
import { bestScore } from './runs';
import { leaderboardAnchor, leaderboardStanding, loadLeaderboard, windowOffset, type BoardAnchor } from './leaderboard';

const DIGITS = /^\d{1,10}$/;

/** A whole-number query parameter: `fallback` when absent, the number when it is digits within
 * [min, max], else an error message naming the parameter and its range. */
export function intParam(raw: unknown, name: string, min: number, max: number, fallback: number): number | string {
  const msg = `${name} must be a whole number from ${min} to ${max}.`;
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !DIGITS.test(raw)) return msg;
  const n = Number(raw);
  return n >= min && n <= max ? n : msg;
}

/** Answers 400 `{error}` for a query parameter not in `allowed`; true when it did. */
function unknownParam(query: Record<string, unknown>, allowed: readonly string[], reply: FastifyReply): boolean {
  const extra = Object.keys(query).find((k) => !allowed.includes(k));
  if (extra === undefined) return false;
  void reply.code(400).send({ error: `Unknown query parameter '${extra}'.` });
  return true;
}

/** Registers the routes of the module comment. */
export function registerStatsRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  const drills = new DrillCache(db);

  app.get<{ Params: { drillId: string }; Querystring: Record<string, unknown> }>('/api/v1/leaderboard/:drillId', async (request, reply) => {
    const { drillId } = request.params;
    if (!DIGITS.test(drillId)) return reply.code(400).send({ error: 'This drill has an invalid id.' });
    if (unknownParam(request.query, ['limit', 'offset', 'around'], reply)) return reply;
    const limit = intParam(request.query.limit, 'limit', 1, 100, 20);
    if (typeof limit === 'string') return reply.code(400).send({ error: limit });
    const around = request.query.around;
    if (around !== undefined && around !== 'me') return reply.code(400).send({ error: "around must be 'me'." });
    if (around !== undefined && request.query.offset !== undefined) {
      return reply.code(400).send({ error: 'Give offset or around, not both.' });
    }
    let offset = intParam(request.query.offset, 'offset', 0, 1_000_000, 0);
    if (typeof offset === 'string') return reply.code(400).send({ error: offset });
    const cached = await drills.get(Number(drillId));
    if (!cached) return reply.code(404).send({ error: 'Drill not found' });
    const { drill, metric } = cached;
    const user = await peekSessionUser(db, request);
    let me: { rank: number | null; best: number | null; percentile: number | null; listed: boolean } | null = null;
    let anchor: BoardAnchor | null = null;
    let total: number | undefined;
    if (user) {
      const best = await bestScore(db, user.id, drill.id, metric);
      const standing = await leaderboardStanding(db, drill.id, metric, best, user.username !== null);
      me = { best, rank: standing.rank, percentile: standing.percentile, listed: standing.listed };
      total = standing.size;
      if (around === 'me') {
        // listed: the reader's own row; a guest: the place their best would take (before its ties)
        anchor = standing.listed
          ? await leaderboardAnchor(db, drill.id, metric, user.id)
          : standing.rank !== null && best !== null ? { best, runId: 0, pos: standing.rank - 1 } : null;
        if (anchor) offset = windowOffset(anchor.pos, limit);
      }
    }
    const board = await loadLeaderboard(db, drill.id, metric, limit, offset, user?.id ?? null, { around: anchor ?? undefined, total });
    return {
      drill_id: drill.id,
      drill_name: String(drill.fields.name ?? ''),
      primary_metric: metric,
      lower_is_better: lowerIsBetter(metric),
      total: board.total,
      limit,
      offset,
      entries: board.entries,
      me,
    };
  });

  app.get('/api/v1/progress', async (request) => {
    const user = await peekSessionUser(db, request);
    const empty = { total_runs: 0, total_time_ms: 0, drills: [], recent: [] };
    if (!user) return empty;
    const runs = await db
      .selectFrom('performances')
      .select(['id', 'game_id', 'score', 'primary_metric', 'passed', 'ranked', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'asc')
      .execute();
    if (runs.length === 0) return empty;
    const rows = await db.selectFrom('drills').selectAll().where('id', 'in', [...new Set(runs.map((r) => r.game_id))]).execute();
    const byId = new Map(rows.map((r) => [r.id, drillFromRow(r)]));
    const groups = new Map<number, typeof runs>();
    for (const r of runs) {
      const g = groups.get(r.game_id) ?? [];
      g.push(r);
      groups.set(r.game_id, g);
    }
    let totalTime = 0;
    const list = [];
    for (const [drillId, g] of groups) {
      const drill = byId.get(drillId);
      const metric: PrimaryMetric = drill ? primaryMetricOf(drill) : (g[g.length - 1].primary_metric as PrimaryMetric);
      const duration = drill && typeof drill.fields.duration === 'number' ? drill.fields.duration : 60000;
      totalTime += duration * g.length;
      const scores = g.map((r) => Number(r.score));
      const last = g[g.length - 1];
      list.push({
        drill_id: drillId,
        drill_name: drill ? String(drill.fields.name ?? '') : `Drill ${drillId}`,
        primary_metric: metric,
        lower_is_better: lowerIsBetter(metric),
        runs: g.length,
        time_ms: duration * g.length,
        best: await bestScore(db, user.id, drillId, metric),
        last_score: Number(last.score),
        last_played: last.created_at,
        trend: Math.round(trendSlope(scores.slice(-20)) * 1000) / 1000,
        scores: g.slice(-50).map((r) => ({ id: r.id, score: Number(r.score), created_at: r.created_at })),
      });
    }
    list.sort((a, b) => (a.last_played < b.last_played ? 1 : a.last_played > b.last_played ? -1 : b.drill_id - a.drill_id));
    const recent = runs.slice(-10).reverse().map((r) => {
      const drill = byId.get(r.game_id);
      return {
        id: r.id,
        drill_id: r.game_id,
        drill_name: drill ? String(drill.fields.name ?? '') : `Drill ${r.game_id}`,
        primary_metric: r.primary_metric,
        score: Number(r.score),
        passed: r.passed === 1,
        ranked: r.ranked === 1,
        created_at: r.created_at,
      };
    });
    return { total_runs: runs.length, total_time_ms: totalTime, drills: list, recent };
  });

  app.get<{ Params: { drillId: string }; Querystring: Record<string, unknown> }>('/api/v1/progress/:drillId', async (request, reply) => {
    const { drillId } = request.params;
    if (!DIGITS.test(drillId)) return reply.code(400).send({ error: 'This drill has an invalid id.' });
    if (unknownParam(request.query, ['limit'], reply)) return reply;
    const limit = intParam(request.query.limit, 'limit', 1, 500, 100);
    if (typeof limit === 'string') return reply.code(400).send({ error: limit });
    const cached = await drills.get(Number(drillId));
    if (!cached) return reply.code(404).send({ error: 'Drill not found' });
    const user = await peekSessionUser(db, request);
    const rows = user
      ? await db
        .selectFrom('performances')
        .select(['id', 'score', 'ranked', 'created_at'])
        .where('user_id', '=', user.id)
        .where('game_id', '=', cached.drill.id)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
      : [];
    return {
      drill_id: cached.drill.id,
      drill_name: String(cached.drill.fields.name ?? ''),
      primary_metric: cached.metric,
      lower_is_better: lowerIsBetter(cached.metric),
      best: user ? await bestScore(db, user.id, cached.drill.id, cached.metric) : null,
      runs: rows.reverse().map((r) => ({ id: r.id, score: Number(r.score), ranked: r.ranked === 1, created_at: r.created_at })),
    };
  });
}
