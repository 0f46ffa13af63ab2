import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, max, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { atRestKeysOf } from '../db/at-rest.ts';
import type { Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { rowScope } from '../db/sealed-tables.ts';

/**
 * The only code touching `sessions`. It also reads (never writes) the caller's row of
 * `users` in the same query: who is asking costs one round trip per request (and the
 * opening of the mobile sealed at rest: one unwrap and one AES-GCM, microseconds).
 */

/**
 * Raw tokens are 32 random bytes in base64url (43 characters). The anonymous blob is
 * standard base64 whose length is a multiple of 4, so the two can never be confused.
 */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A session's `last_seen_at` is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

/** The logged-in caller: user, phone (null once the account is deleted) and session. */
export interface Caller {
  id: number;
  uuid: string;
  phone: string | null;
  sessionId: number;
}

/** Starts a session; the raw token goes to the client and is never stored. */
export async function createSession(options: { db: Db; userId: number; now: Date }): Promise<string> {
  const rawToken = randomBytes(32).toString('base64url');
  await options.db
    .insert(sessions)
    .values({ userId: options.userId, tokenHash: hashToken(rawToken), createdAt: options.now, lastSeenAt: options.now });
  return rawToken;
}

/** Columns of the caller's lookup: the session's and the user's. */
function callerColumns() {
  return {
    id: users.id,
    uuid: users.uuid,
    phone: users.phone,
    keyId: users.keyId,
    dataKey: users.dataKey,
    sessionId: sessions.id,
    // Whether the session is due a touch, decided by the database: no timestamp to parse.
    touch: sql<boolean>`${sessions.lastSeenAt} < ${sql.placeholder('touchBefore')}`,
  };
}

type ReadColumns = Record<string, SQL<unknown>>;
type ReadValues<C extends ReadColumns> = { [K in keyof C]: C[K] extends SQL<infer T> ? T : never };

interface CallerRow {
  id: number;
  uuid: string;
  /** Sealed at rest under the row's data key (`key_id`, `data_key`). */
  phone: string | null;
  keyId: string | null;
  dataKey: string | null;
  sessionId: number;
  touch: boolean;
  read?: unknown;
}

interface SessionLookup {
  /** Times as ISO strings: PostgreSQL reads them as timestamptz. */
  execute(params: { tokenHash: string; seenAfter: string; touchBefore: string }): Promise<CallerRow[]>;
}

/** The session lookup, prepared under `name`, selecting the caller and `read`'s columns. */
function sessionLookup(db: Db, name: string, read?: ReadColumns): SessionLookup {
  const select = read ? { ...callerColumns(), read } : callerColumns();
  return db
    .select(select)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, sql.placeholder('seenAfter')),
      ),
    )
    .limit(1)
    .prepare(name) as SessionLookup;
}

/**
 * What an endpoint reads about its caller, asked in the same query as the session: for a
 * read whose every value is keyed on the caller (who am I), the whole request is one
 * round trip (docs/benchmarks.md). `columns` gets the caller's user id as SQL and returns
 * the owners' conditions and values on it. Register it with the endpoint
 * (`{ callerRead }`), then take the values in the handler with `valuesOf(ctx.req)`.
 */
export interface CallerRead<C extends ReadColumns = ReadColumns> {
  readonly name: string;
  /** The values loaded with this request's caller. */
  valuesOf(req: { callerValues: unknown; callerRead: CallerRead | null }): ReadValues<C>;
}

const lookups = new WeakMap<CallerRead, (db: Db) => SessionLookup>();

export function callerRead<C extends ReadColumns>(name: string, columns: (userId: SQLWrapper) => C): CallerRead<C> {
  const read: CallerRead<C> = {
    name,
    valuesOf(req) {
      if (req.callerRead !== read) throw new Error(`${name}: the endpoint was not registered with this caller read`);
      return req.callerValues as ReadValues<C>;
    },
  };
  lookups.set(
    read,
    preparedPerDb((db) => sessionLookup(db, `session_find_caller_${name}`, columns(users.id))),
  );
  return read;
}

const selectCaller = preparedPerDb((db) => sessionLookup(db, 'session_find_caller'));

/**
 * The caller (and, with `read`, the values it asks, in the same query) of an unrevoked
 * session seen within the idle window, else null; keeps the session alive (written at
 * most once a minute, so a burst of requests writes once).
 */
export async function findCaller(options: {
  db: Db;
  rawToken: string;
  idleDays: number;
  now: Date;
  read?: CallerRead | null;
}): Promise<{ caller: Caller; values: unknown } | null> {
  const { db, now } = options;
  if (!SESSION_TOKEN_PATTERN.test(options.rawToken)) return null;
  const touchBefore = new Date(now.getTime() - TOUCH_EVERY_MS);
  const params = {
    tokenHash: hashToken(options.rawToken),
    seenAfter: new Date(now.getTime() - options.idleDays * 86_400_000).toISOString(),
    touchBefore: touchBefore.toISOString(),
  };
  const lookup = options.read ? lookups.get(options.read) : selectCaller;
  if (!lookup) throw new Error('caller read not made by callerRead()');
  const [row] = await lookup(db).execute(params);
  if (!row) return null;
  if (row.touch) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, touchBefore)));
  }
  return {
    caller: { id: row.id, uuid: row.uuid, phone: openPhone(db, row), sessionId: row.sessionId },
    values: row.read ?? null,
  };
}

/** The caller's mobile opened from its seal (users' row key, scoped to the user's id); null once erased. */
function openPhone(db: Db, row: CallerRow): string | null {
  if (row.phone === null) return null;
  return atRestKeysOf(db).openRowKey(rowScope('users', row.id), row.keyId, row.dataKey).open(users.phone.name, row.phone);
}

/**
 * Ends sessions: one (`sessionId`: logout), or every session of a user (`userId`),
 * optionally but one (`exceptSessionId`: the session that changed the password).
 * Pass a transaction as `db` to end them together with other changes.
 */
export async function endSessions(
  options: { db: Db; now: Date } & ({ sessionId: number } | { userId: number; exceptSessionId?: number }),
): Promise<void> {
  const { db, now } = options;
  const which =
    'sessionId' in options
      ? eq(sessions.id, options.sessionId)
      : and(
          eq(sessions.userId, options.userId),
          options.exceptSessionId === undefined ? undefined : ne(sessions.id, options.exceptSessionId),
        );
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(which, isNull(sessions.revokedAt)));
}

/** For the personal-data list: sessions still open and the latest login. */
export async function sessionSummary(options: { db: Db; userId: number }): Promise<{ active: number; lastLogin: Date | null }> {
  const [row] = await options.db
    .select({ active: count(), last: max(sessions.createdAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, options.userId), isNull(sessions.revokedAt)));
  return { active: row?.active ?? 0, lastLogin: row?.last ? new Date(row.last) : null };
}
