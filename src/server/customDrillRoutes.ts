/**
 * Player-made drills (issue 17 item 4, the drill editor `/app/#/editor`). Saving needs an
 * account (spec section 6: 'Not Logged In' sends the player to /login): a drill outlives the
 * session that made it, while guests are deleted after GUEST_RETENTION_DAYS idle. Reading a drill
 * document needs nothing (every drill is playable by id anyway). Every error answers
 * `{ error: string }`; a document the schema refuses also carries `errors: [{ field, reason }]`.
 *
 * - `GET  /api/v1/drills/mine` -> `{ drills: MyDrill[] }` (the reader's drills, newest first;
 *   none without an account)
 * - `GET  /api/v1/drills/:id/document` -> `{ id, mine, document }`: the stored drill document
 *   (catalogue or player-made) the editor starts from; 404 'Drill not found'
 * - `POST /api/v1/drills` (body: a drill document) -> 201 `{ id, url, drill: MyDrill }`; 400
 *   with `errors` (schema, then `parseDrillConfig`: src/drill/customDrill.ts); 401 'Not Logged
 *   In'; 409 over MAX_DRILLS_PER_AUTHOR
 * - `PUT  /api/v1/drills/:id` (body: a drill document) -> `{ id, url, drill }`: only its author
 *   (403 otherwise, 404 for a catalogue or missing drill), and only while no run of it is
 *   stored (409): runs and leaderboards must compare runs of the same drill
 *
 * The body is a drill document (src/contracts/drillSchema.ts; `config` an object), checked by
 * `validateCustomDrill` (THE drill schema, then parseDrillConfig). The body's `id` is ignored
 * (the server gives the id); the stored category is always 'custom';
 * `game_type_description` is taken as plain text and stored escaped (descriptionHtml), since the
 * pre-game overlay renders it as HTML to every player of the drill. Ids are allocated from
 * CUSTOM_DRILL_MIN_ID up, so they never meet a catalogue id. Writes count against the
 * rate limits like every write (src/server/limits.ts); the body limit is BODY_LIMITS.customDrill.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nowIso, type DB } from './db';
import { drillFromRow, type DrillCache } from './drills';
import { peekSessionUser, requireAccount } from './session';
import { BODY_LIMITS } from './limits';
import { INT32_MAX } from '../contracts/performance';
import { CUSTOM_DRILL_MIN_ID, descriptionHtml, documentOfFields, validateCustomDrill, type DrillFieldError, type MyDrill } from '../drill/customDrill';

/** Drills one account may keep (bounded storage per player, issue 14 "a maximum on every count"). */
export const MAX_DRILLS_PER_AUTHOR = 200;

/** The category every player-made drill is stored under. */
export const CUSTOM_CATEGORY = 'custom';

/** What the routes need. `drills` is the gameconfig read cache, told when a drill changes. */
export interface CustomDrillRoutesContext {
  db: Kysely<DB>;
  drills?: DrillCache;
}

const DIGITS = /^\d{1,10}$/;
/** A drill id of a path: 1-10 digits and at most INT32_MAX (PostgreSQL `integer`: a larger one
 * would be a database error, i.e. a 500, not a 400). */
const isDrillId = (raw: string): boolean => DIGITS.test(raw) && Number(raw) >= 1 && Number(raw) <= INT32_MAX;

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed|PRIMARY KEY/.test(err?.message ?? '');
}

/** `{ error, errors }` of a refused document: the first problem in words, then all of them. */
function refusal(errors: DrillFieldError[]) {
  const first = errors[0];
  return { error: `Invalid drill: ${first.field}: ${first.reason}`, errors };
}

/** A `drills` row as a MyDrill. */
function myDrill(row: DB['drills']): MyDrill {
  const fields = drillFromRow(row).fields;
  return {
    id: row.id,
    name: row.name,
    objective: row.objective,
    duration: typeof fields.duration === 'number' ? fields.duration : null,
    spawn_mode: typeof fields.spawn_mode === 'string' ? fields.spawn_mode : null,
    created_at: row.created_at ?? null,
  };
}

/**
 * The stored form of a posted document for drill `id`: checked (schema, then parseDrillConfig),
 * its description escaped, its category 'custom'. Returns the row's columns, or the problems.
 */
export function customDrillRow(
  body: unknown,
  id: number,
): { ok: true; row: Omit<DB['drills'], 'id' | 'author_id' | 'created_at'> } | { ok: false; errors: DrillFieldError[] } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, errors: [{ field: 'document', reason: 'must be a JSON object' }] };
  const doc = { ...(body as Record<string, unknown>) };
  if (typeof doc.game_type_description === 'string') doc.game_type_description = descriptionHtml(doc.game_type_description);
  const checked = validateCustomDrill(doc, id);
  if (!checked.ok) return checked;
  const { id: _id, name, game_type_description, objective, category: _c, ...rest } = checked.drill;
  return {
    ok: true,
    row: {
      name: String(name),
      game_type_description: String(game_type_description ?? ''),
      objective: String(objective ?? ''),
      category: CUSTOM_CATEGORY,
      fields: JSON.stringify(rest),
    },
  };
}

/** What `createCustomDrill` answers: the new drill (201), a refused document (400, with every
 * problem) or a full account (409). */
export type CreatedCustomDrill =
  | { status: 201; id: number; drill: MyDrill }
  | { status: 400; body: { error: string; errors: DrillFieldError[] } }
  | { status: 409; body: { error: string } };

/**
 * Saves drill document `body` as a new drill of account `userId` (the `POST /api/v1/drills` of
 * the module comment, also used for generated drills: src/server/analysisRoutes.ts weak-spot
 * drills): at most MAX_DRILLS_PER_AUTHOR per account (409), checked by `customDrillRow` (400),
 * stored under the next free id from CUSTOM_DRILL_MIN_ID (two saves racing for one id: the loser
 * retries, at most 5 tries; then the database error is thrown).
 */
export async function createCustomDrill(db: Kysely<DB>, userId: number, body: unknown): Promise<CreatedCustomDrill> {
  const count = await db
    .selectFrom('drills')
    .select(sql<number>`count(*)`.as('n'))
    .where('author_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_DRILLS_PER_AUTHOR) {
    return { status: 409, body: { error: `You have ${MAX_DRILLS_PER_AUTHOR} drills, the most one account can keep.` } };
  }
  // checked once with a provisional id (the checks do not depend on its value)
  const checked = customDrillRow(body, CUSTOM_DRILL_MIN_ID);
  if (!checked.ok) return { status: 400, body: refusal(checked.errors) };
  for (let attempt = 0; ; attempt++) {
    const top = await db
      .selectFrom('drills')
      .select(sql<number | null>`max(id)`.as('m'))
      .where('id', '>=', CUSTOM_DRILL_MIN_ID)
      .executeTakeFirstOrThrow();
    const id = top.m === null ? CUSTOM_DRILL_MIN_ID : Number(top.m) + 1;
    try {
      const created_at = nowIso();
      await db.insertInto('drills').values({ id, ...checked.row, author_id: userId, created_at }).execute();
      const row = await db.selectFrom('drills').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { status: 201, id, drill: myDrill(row) };
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 4) throw e;
    }
  }
}

/** Registers the routes of the module comment on `app`. */
export function registerCustomDrillRoutes(app: FastifyInstance, ctx: CustomDrillRoutesContext): void {
  const { db } = ctx;
  const writeOpts = { bodyLimit: BODY_LIMITS.customDrill };

  app.get('/api/v1/drills/mine', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await peekSessionUser(db, request);
    if (!user || user.username === null) return { drills: [] };
    const rows = await db.selectFrom('drills').selectAll().where('author_id', '=', user.id).orderBy('id', 'desc').execute();
    return { drills: rows.map(myDrill) };
  });

  app.get<{ Params: { id: string } }>('/api/v1/drills/:id/document', async (request, reply) => {
    const { id } = request.params;
    if (!isDrillId(id)) return reply.code(400).send({ error: 'This drill has an invalid id.' });
    const row = await db.selectFrom('drills').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    if (!row) return reply.code(404).send({ error: 'Drill not found' });
    const user = await peekSessionUser(db, request);
    const drill = drillFromRow(row);
    const document = documentOfFields(drill.fields);
    // a catalogue drill's category is part of its document; a player's drill is 'custom'
    if (row.author_id === null) document.category = row.category;
    return { id: row.id, mine: user !== null && row.author_id === user.id, document };
  });

  app.post('/api/v1/drills', writeOpts, async (request, reply) => {
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    const made = await createCustomDrill(db, user.id, request.body);
    if (made.status !== 201) return reply.code(made.status).send(made.body);
    return reply.code(201).send({ id: made.id, url: `/?id=${made.id}`, drill: made.drill });
  });

  app.put<{ Params: { id: string } }>('/api/v1/drills/:id', writeOpts, async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { id: raw } = request.params;
    if (!isDrillId(raw)) return reply.code(400).send({ error: 'This drill has an invalid id.' });
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    const id = Number(raw);
    const row = await db.selectFrom('drills').select(['id', 'author_id']).where('id', '=', id).executeTakeFirst();
    if (!row || row.author_id === null) return reply.code(404).send({ error: 'Drill not found' });
    if (row.author_id !== user.id) return reply.code(403).send({ error: 'Only its author can edit this drill.' });
    const runs = await db.selectFrom('performances').select('id').where('game_id', '=', id).limit(1).executeTakeFirst();
    if (runs) return reply.code(409).send({ error: 'This drill has stored runs: save your changes as a new drill.' });
    const checked = customDrillRow(request.body, id);
    if (!checked.ok) return reply.code(400).send(refusal(checked.errors));
    await db.updateTable('drills').set(checked.row).where('id', '=', id).where('author_id', '=', user.id).execute();
    ctx.drills?.forget(id);
    const updated = await db.selectFrom('drills').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { id, url: `/?id=${id}`, drill: myDrill(updated) };
  });
}
