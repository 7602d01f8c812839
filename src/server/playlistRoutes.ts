/**
 * Playlists (issue 36 item 4, first part: the built-in ones), registered by `registerApiRoutes`.
 * Reads only, public.
 *
 * - `GET /api/v1/playlists` -> `{ playlists: PlaylistAnswer[] }`: the fixed built-ins
 *   (src/contracts/playlists.ts) and today's daily playlist (UTC day of `now()`).
 * - `GET /api/v1/playlists/:id` -> PlaylistAnswer: a built-in, `daily` (today's) or
 *   `daily-YYYY-MM-DD` (that day's); 404 `{ error: 'Playlist not found' }` otherwise.
 *
 * Accounts' playlists (migration 0013_playlists), shared by link: anyone may read one by id;
 * writes need an account (401 `Not Logged In`) and pass the write guard (src/server/writeGuard.ts):
 * - `POST /api/v1/playlists` PlaylistBody -> 201 PlaylistAnswer (`builtin: false`, a new id
 *   `p-xxxxxxxxxx`); 400 for a bad body or a drill the account may not play (not a catalogue
 *   drill, its own, or a published one);
 * - `PUT /api/v1/playlists/:id` PlaylistBody -> PlaylistAnswer; 403 for another account's, 404
 *   for none;
 * - `DELETE /api/v1/playlists/:id` -> `{ deleted: true }`; 403 / 404 likewise.
 * `GET /api/v1/playlists` lists the reader's own after the built-ins (newest edit first).
 *
 * The daily playlist: DAILY_LENGTH distinct catalogue drills (ids below CUSTOM_DRILL_MIN_ID with
 * a family, i.e. the skill catalogue) picked by a seeded shuffle (the engine's sfc32 PRNG,
 * src/ecs/rng.ts) whose seed is the FNV-1a 32-bit hash of the day's id: the same day gives the
 * same list on every server, the next day another.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { createRng } from '../ecs/rng';
import {
  DAILY_LENGTH, DAILY_PREFIX, FIXED_PLAYLISTS, PLAYLIST_ID_PATTERN, dailyDay, dailyId, playlistBodySchema,
  type BuiltinPlaylist, type PlaylistAnswer, type PlaylistBody,
} from '../contracts/playlists';
import { peekSessionUser, requireAccount } from './session';
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

  /** The drills of `ids` by id (any author: an account playlist may hold player-made drills). */
  const drillsOf = async (ids: readonly number[]) => {
    if (ids.length === 0) return new Map<number, ReturnType<typeof drillFromRow>>();
    const rows = await db.selectFrom('drills').selectAll().where('id', 'in', [...new Set(ids)]).execute();
    return new Map(rows.map((r) => [r.id, drillFromRow(r)]));
  };
  /** An account playlist row's answer for reader `readerId` (null = a guest). */
  const ownAnswer = async (row: { id: string; user_id: number; name: string; description: string; drills: string }, readerId: number | null): Promise<PlaylistAnswer> => {
    const ids = JSON.parse(row.drills) as number[];
    const owner = await db.selectFrom('users').select('username').where('id', '=', row.user_id).executeTakeFirst();
    const base = answer({ id: row.id, name: row.name, description: row.description, drills: ids }, await drillsOf(ids));
    return { ...base, builtin: false, owner: owner?.username ?? '', mine: readerId === row.user_id };
  };
  /** Checks a body's drills: each a catalogue drill, the account's own or a published one; the
   * message of the first that is not, else null. */
  const badDrill = async (ids: readonly number[], userId: number): Promise<string | null> => {
    const rows = await db.selectFrom('drills').select(['id', 'author_id', 'published_at', 'hidden_at']).where('id', 'in', [...new Set(ids)]).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = byId.get(id);
      const playable = r && (r.author_id === null || r.author_id === userId || (r.published_at != null && r.hidden_at == null));
      if (!playable) return `Drill ${id} cannot be added: it does not exist or is not published.`;
    }
    return null;
  };
  const owned = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const user = await requireAccount(db, request, reply);
    if (!user) return null;
    const row = PLAYLIST_ID_PATTERN.test(request.params.id)
      ? await db.selectFrom('playlists').selectAll().where('id', '=', request.params.id).executeTakeFirst()
      : undefined;
    if (!row) {
      await reply.code(404).send({ error: PLAYLIST_NOT_FOUND });
      return null;
    }
    if (row.user_id !== user.id) {
      await reply.code(403).send({ error: 'Only its owner can change this playlist.' });
      return null;
    }
    return { user, row };
  };

  app.get('/api/v1/playlists', async (request) => {
    const drills = await catalogue();
    const today = dailyId(now()).slice(DAILY_PREFIX.length + 1);
    const user = await peekSessionUser(db, request);
    const own = user
      ? await db.selectFrom('playlists').selectAll().where('user_id', '=', user.id).orderBy('updated_at', 'desc').orderBy('id').execute()
      : [];
    const mine = await Promise.all(own.map((r) => ownAnswer(r, user!.id)));
    return { playlists: [...FIXED_PLAYLISTS.map((p) => answer(p, drills)), answer(daily(today, drills), drills), ...mine] };
  });

  const bodyOpts = { schema: { body: playlistBodySchema } };
  app.post<{ Body: PlaylistBody }>('/api/v1/playlists', bodyOpts, async (request, reply) => {
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    const { name, description = '', drills } = request.body;
    const bad = await badDrill(drills, user.id);
    if (bad) return reply.code(400).send({ error: bad });
    const row = await insertPlaylist(db, user.id, { name, description, drills }, now());
    return reply.code(201).send(await ownAnswer(row, user.id));
  });

  app.put<{ Params: { id: string }; Body: PlaylistBody }>('/api/v1/playlists/:id', bodyOpts, async (request, reply) => {
    const found = await owned(request, reply);
    if (!found) return reply;
    const { name, description = '', drills } = request.body;
    const bad = await badDrill(drills, found.user.id);
    if (bad) return reply.code(400).send({ error: bad });
    const next = { name: name.trim() || name, description, drills: JSON.stringify(drills), updated_at: now().toISOString() };
    await db.updateTable('playlists').set(next).where('id', '=', found.row.id).execute();
    return ownAnswer({ ...found.row, ...next }, found.user.id);
  });

  app.delete<{ Params: { id: string } }>('/api/v1/playlists/:id', async (request, reply) => {
    const found = await owned(request, reply);
    if (!found) return reply;
    await db.deleteFrom('playlists').where('id', '=', found.row.id).execute();
    return { deleted: true };
  });

  app.get<{ Params: { id: string } }>('/api/v1/playlists/:id', async (request, reply) => {
    const { id } = request.params;
    if (PLAYLIST_ID_PATTERN.test(id)) {
      const row = await db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return reply.code(404).send({ error: PLAYLIST_NOT_FOUND });
      return ownAnswer(row, (await peekSessionUser(db, request))?.id ?? null);
    }
    const fixed = FIXED_PLAYLISTS.find((p) => p.id === id) ?? extra.find((p) => p.id === id);
    const day = id === DAILY_PREFIX ? dailyId(now()).slice(DAILY_PREFIX.length + 1) : dailyDay(id);
    if (!fixed && !day) return reply.code(404).send({ error: PLAYLIST_NOT_FOUND });
    const drills = await catalogue();
    return answer(fixed ?? daily(day!, drills), drills);
  });
}

/**
 * Stores a new playlist of account `userId` (its drills already checked by the caller) under a
 * new id `p-` + `newPlaylistKey()`, created and updated at `at`; returns the stored row. Used by
 * `POST /api/v1/playlists` and by the weak-spot drills (src/server/analysisRoutes.ts).
 */
export async function insertPlaylist(db: Kysely<DB>, userId: number, body: PlaylistBody, at: Date) {
  const iso = at.toISOString();
  const row = {
    id: `p-${newPlaylistKey()}`, user_id: userId, name: body.name.trim() || body.name, description: body.description ?? '',
    drills: JSON.stringify(body.drills), created_at: iso, updated_at: iso,
  };
  await db.insertInto('playlists').values(row).execute();
  return row;
}

/** A new account playlist's key: 10 random lower-case letters and digits (crypto; 36^10, about
 * 3.7e15 ids: a guessed link finds nothing). */
export function newPlaylistKey(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}
