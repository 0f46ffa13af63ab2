import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';

/**
 * The account module owns no table: it reads flags that their owners express as SQL
 * conditions on the placeholder `userId`, all in one prepared round trip.
 */
export function userFlagsQuery<K extends string>(name: string, flags: Record<K, SQL<boolean>>) {
  const prepared = preparedPerDb((db) =>
    db
      .select(flags)
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
  return async (db: Db, userId: number): Promise<Record<K, boolean>> => {
    const [row] = await prepared(db).execute({ userId });
    if (!row) throw new Error('flags query returned no row');
    return row as unknown as Record<K, boolean>;
  };
}
