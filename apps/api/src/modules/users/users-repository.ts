import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { TAnonymousInfo } from '@app/contract/headers.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { CLOSED_ORDER_STATES, loanOrders, userAttributions, userCredentials } from '../../db/schema-accounts.ts';

export interface AccountUser {
  id: number;
  uuid: string;
  phone: string | null;
  createdAt: Date;
}

export interface Attribution {
  sourceChannel: string;
  anonymous: TAnonymousInfo | null;
}

const accountColumns = { id: users.id, uuid: users.uuid, phone: users.phone, createdAt: users.createdAt };

export async function findUserById(db: Db, id: number): Promise<AccountUser | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The user of this number, created on the first login together with its attribution.
 * `on conflict do nothing` makes two simultaneous first logins end with one user.
 */
export async function findOrCreateUser(
  db: Db,
  phone: string,
  attribution: Attribution,
): Promise<{ user: AccountUser; isNew: boolean }> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ phone })
      .onConflictDoNothing({ target: users.phone })
      .returning(accountColumns);
    if (created) {
      const anonymous = attribution.anonymous;
      await tx.insert(userAttributions).values({
        userId: created.id,
        sourceChannel: attribution.sourceChannel,
        urlData: anonymous?.urlData ?? {},
        deviceId: anonymous?.deviceId ?? null,
        packageName: anonymous?.packageName ?? null,
      });
      return { user: created, isNew: true };
    }
    const [existing] = await tx.select(accountColumns).from(users).where(eq(users.phone, phone)).limit(1);
    if (!existing) throw new Error('user vanished between insert and select');
    return { user: existing, isNew: false };
  });
}

/**
 * The user of a number with its password hash, in one query whatever exists: a known
 * number without password and an unknown one cost the same round trip.
 */
export async function findLoginCredentials(
  db: Db,
  phone: string,
): Promise<{ user: AccountUser | null; passwordHash: string | null }> {
  const [row] = await db
    .select({ ...accountColumns, passwordHash: userCredentials.passwordHash })
    .from(users)
    .leftJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(eq(users.phone, phone))
    .limit(1);
  if (!row) return { user: null, passwordHash: null };
  const { passwordHash, ...user } = row;
  return { user, passwordHash };
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: userCredentials.passwordHash })
    .from(userCredentials)
    .where(eq(userCredentials.userId, userId))
    .limit(1);
  return row?.hash ?? null;
}

export async function hasOpenOrder(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), notInArray(loanOrders.state, [...CLOSED_ORDER_STATES])))
    .limit(1);
  return row !== undefined;
}
