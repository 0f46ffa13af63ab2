import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';

/** The only code touching `documents`. */
export async function selectDocument(db: Db, key: string) {
  const [row] = await db.select().from(documents).where(eq(documents.key, key)).limit(1);
  return row ?? null;
}
