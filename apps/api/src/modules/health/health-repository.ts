import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Touches no table: one round trip to see that the database answers. */
export async function selectOne(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
