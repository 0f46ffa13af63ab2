import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';

/**
 * The account module owns no table: it reads flags (and values) that their owners express
 * as SQL on the placeholder `userId`, all in one prepared round trip.
 */
export function userFlagsQuery<F extends Record<string, SQL<boolean> | SQL<number>>>(name: string, flags: F) {
  const prepared = preparedPerDb((db) =>
    db
      .select(flags)
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
  return async (db: Db, userId: number): Promise<{ [P in keyof F]: F[P] extends SQL<infer T> ? T : never }> => {
    const [row] = await prepared(db).execute({ userId });
    if (!row) throw new Error('flags query returned no row');
    return row as unknown as { [P in keyof F]: F[P] extends SQL<infer T> ? T : never };
  };
}
