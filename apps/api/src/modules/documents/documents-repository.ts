import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentAcceptances, documents, documentVersions } from '../../db/schema/documents.ts';

/** The only code touching `documents`, `document_versions` and `document_acceptances`. */
export async function selectDocument(db: Db, key: string) {
  const [row] = await db.select().from(documents).where(eq(documents.key, key)).limit(1);
  return row ?? null;
}

export async function selectDocuments(db: Db) {
  return db.select().from(documents).orderBy(asc(documents.key));
}

/** The version rows of `key`, the latest published first. */
export async function selectDocumentVersions(db: Db, key: string) {
  return db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.key, key))
    .orderBy(desc(documentVersions.publishedAt), desc(documentVersions.id));
}

export async function documentVersionExists(db: Db, key: string, version: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(and(eq(documentVersions.key, key), eq(documentVersions.version, version)))
    .limit(1);
  return row !== undefined;
}

/** Makes a new version current: the version row, and the document's current row replaced (run in a transaction). */
export async function insertDocumentVersion(
  db: Db,
  values: { key: string; version: string; title: string; body: string; publishedBy: string; at: Date },
): Promise<void> {
  await db.insert(documentVersions).values({
    key: values.key,
    version: values.version,
    title: values.title,
    body: values.body,
    publishedBy: values.publishedBy,
    publishedAt: values.at,
  });
  await db
    .update(documents)
    .set({ version: values.version, title: values.title, body: values.body, updatedAt: values.at })
    .where(eq(documents.key, values.key));
}

/** Records that the user accepted the current version of each of `keys` (a repeat keeps the first). */
export async function insertCurrentAcceptances(db: Db, userId: number, keys: readonly string[], at: Date): Promise<void> {
  const current = await db
    .select({ key: documents.key, version: documents.version })
    .from(documents)
    .where(inArray(documents.key, [...keys]));
  if (current.length === 0) return;
  await db
    .insert(documentAcceptances)
    .values(current.map((row) => ({ userId, key: row.key, version: row.version, acceptedAt: at })))
    .onConflictDoNothing();
}

export async function selectAcceptances(db: Db, userId: number) {
  return db
    .select()
    .from(documentAcceptances)
    .where(eq(documentAcceptances.userId, userId))
    .orderBy(asc(documentAcceptances.acceptedAt), asc(documentAcceptances.key));
}

/** How many users accepted each version of `key`. */
export async function countAcceptancesByVersion(db: Db, key: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ version: documentAcceptances.version, n: sql<number>`count(*)::int` })
    .from(documentAcceptances)
    .where(eq(documentAcceptances.key, key))
    .groupBy(documentAcceptances.version);
  return new Map(rows.map((row) => [row.version, row.n]));
}

/** Writes the version row of each document's current text where it has none (the seed's first texts); idempotent. */
export async function insertMissingCurrentVersions(db: Db, at: Date): Promise<void> {
  await db.execute(sql`
    insert into ${documentVersions} (key, version, title, body, published_by, published_at)
    select d.key, d.version, d.title, d.body, '(預設文件)', ${at}
    from ${documents} d
    on conflict (key, version) do nothing`);
}
