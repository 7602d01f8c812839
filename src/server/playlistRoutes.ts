/**
 * Playlists (issue 36 item 4, first part: the built-in ones), registered by `registerApiRoutes`.
 * Reads only, public.
 *
 * - `GET /api/v1/playlists` -> `{ playlists: PlaylistAnswer[] }`: the fixed built-ins
 *   (src/contracts/playlists.ts) and today's daily playlist (UTC day of `now()`).
 * - `GET /api/v1/playlists/:id` -> PlaylistAnswer: a built-in, `daily` (today's) or
 *   `daily-YYYY-MM-DD` (that day's); 404 `{ error: 'Playlist not found' }` otherwise.
 *
 * The daily playlist: DAILY_LENGTH distinct catalogue drills (ids below CUSTOM_DRILL_MIN_ID with
 * a family, i.e. the skill catalogue) picked by a seeded shuffle (the engine's sfc32 PRNG,
 * src/ecs/rng.ts) whose seed is the FNV-1a 32-bit hash of the day's id: the same day gives the
 * same list on every server, the next day another.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createRng } from '../ecs/rng';
import { DAILY_LENGTH, DAILY_PREFIX, FIXED_PLAYLISTS, dailyDay, dailyId, type BuiltinPlaylist, type PlaylistAnswer } from '../contracts/playlists';
import { CUSTOM_DRILL_MIN_ID } from '../drill/customDrill';
import type { DB } from './db';
import { drillFromRow } from './drills';

/** The error of an unknown playlist (404). */
export const PLAYLIST_NOT_FOUND = 'Playlist not found';

/** FNV-1a, 32 bits, of a string's UTF-16 code units (Fowler, Noll, Vo; the public FNV spec). */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The daily playlist of `day` ('YYYY-MM-DD') from the pool of drill ids `pool` (sorted here, so
 * the result does not depend on its order): the first DAILY_LENGTH of a Fisher-Yates shuffle
 * seeded with fnv1a32('daily-' + day). Fewer drills when the pool is smaller.
 */
export function dailyPlaylist(day: string, pool: readonly number[]): BuiltinPlaylist {
  const ids = [...new Set(pool)].sort((a, b) => a - b);
  const rng = createRng(fnv1a32(`${DAILY_PREFIX}-${day}`));
  for (let i = ids.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return { id: `${DAILY_PREFIX}-${day}`, name: `Daily ${day}`, description: 'Five drills picked for today; a new mix every day (UTC).', drills: ids.slice(0, DAILY_LENGTH) };
}

/** Registers the routes of the module comment; `now` is the clock (tests pass their own);
 * `extra` are playlists served by id besides the built-in ones (not listed; tests use a short
 * playlist of test drills). */
export function registerPlaylistRoutes(app: FastifyInstance, db: Kysely<DB>, now: () => Date = () => new Date(),
  extra: readonly BuiltinPlaylist[] = []): void {
  /** Catalogue drills by id (name, duration, whether it has a family). */
  const catalogue = async () => {
    const rows = await db.selectFrom('drills').selectAll().where('author_id', 'is', null).where('id', '<', CUSTOM_DRILL_MIN_ID).execute();
    return new Map(rows.map((r) => [r.id, drillFromRow(r)]));
  };
  const answer = (p: BuiltinPlaylist, drills: Awaited<ReturnType<typeof catalogue>>): PlaylistAnswer => {
    const list = p.drills.flatMap((id) => {
      const d = drills.get(id);
      return d ? [{ id, name: String(d.fields.name ?? ''), duration: typeof d.fields.duration === 'number' ? d.fields.duration : null }] : [];
    });
    return { id: p.id, name: p.name, description: p.description, builtin: true, drills: list, duration_ms: list.reduce((s, d) => s + (d.duration ?? 0), 0) };
  };
  const daily = (day: string, drills: Awaited<ReturnType<typeof catalogue>>) =>
    dailyPlaylist(day, [...drills.values()].filter((d) => typeof d.fields.family === 'string').map((d) => d.id));

  app.get('/api/v1/playlists', async () => {
    const drills = await catalogue();
    const today = dailyId(now()).slice(DAILY_PREFIX.length + 1);
    return { playlists: [...FIXED_PLAYLISTS.map((p) => answer(p, drills)), answer(daily(today, drills), drills)] };
  });

  app.get<{ Params: { id: string } }>('/api/v1/playlists/:id', async (request, reply) => {
    const { id } = request.params;
    const fixed = FIXED_PLAYLISTS.find((p) => p.id === id) ?? extra.find((p) => p.id === id);
    const day = id === DAILY_PREFIX ? dailyId(now()).slice(DAILY_PREFIX.length + 1) : dailyDay(id);
    if (!fixed && !day) return reply.code(404).send({ error: PLAYLIST_NOT_FOUND });
    const drills = await catalogue();
    return answer(fixed ?? daily(day!, drills), drills);
  });
}
