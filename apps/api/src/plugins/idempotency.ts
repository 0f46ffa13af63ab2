import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

export interface IdempotencyKey {
  /** `u:<userId>`, `d:<deviceId>` or `-` for a caller we cannot tell apart. */
  scope: string;
  path: string;
  requestId: string;
}

/**
 * Runs `work` once per key. A transaction-scoped advisory lock on the key makes
 * simultaneous copies wait for the first (also across API instances on one PostgreSQL);
 * the first answer is stored in the same transaction as the work, so either both commit
 * or neither does, and a repeat reads it back without running `work`. A failure rolls
 * everything back and stores nothing, so the client may retry.
 */
export async function withIdempotency<T>(db: Db, key: IdempotencyKey, work: (tx: Db) => Promise<T>): Promise<T> {
  // PostgreSQL text refuses NUL, so a space separates; a rare collision (a device id with
  // spaces) only serialises two keys, the primary key still tells them apart.
  const lockText = `${key.scope} ${key.path} ${key.requestId}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockText}, 0))`);
    const [stored] = await tx
      .select({ response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, key.scope), eq(idempotencyKeys.path, key.path), eq(idempotencyKeys.requestId, key.requestId)))
      .limit(1);
    if (stored) return stored.response as T;
    // Normalised through JSON so the first answer equals what a repeat reads back.
    const result = JSON.parse(JSON.stringify(await work(tx)) ?? 'null') as T;
    await tx.insert(idempotencyKeys).values({ ...key, response: result });
    return result;
  });
}
