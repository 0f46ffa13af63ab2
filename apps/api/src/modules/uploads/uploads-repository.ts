import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema/uploads.ts';

/** The only code touching `uploaded_files`. */

export async function insertUpload(db: Db, row: { key: string; userId: number; mime: string; size: number }): Promise<void> {
  await db.insert(uploadedFiles).values(row);
}

/** The upload's type if `userId` owns `key`, else null (missing and foreign look alike). */
export async function selectOwnUpload(db: Db, userId: number, key: string): Promise<{ mime: string } | null> {
  const [row] = await db
    .select({ mime: uploadedFiles.mime })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.key, key), eq(uploadedFiles.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countUploads(db: Db, userId: number): Promise<number> {
  return db.$count(uploadedFiles, eq(uploadedFiles.userId, userId));
}

export async function deleteUploads(db: Db, userId: number): Promise<void> {
  await db.delete(uploadedFiles).where(eq(uploadedFiles.userId, userId));
}
