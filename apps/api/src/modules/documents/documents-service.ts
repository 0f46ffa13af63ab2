import { eq } from 'drizzle-orm';
import { DOCUMENT_NOT_FOUND } from '@app/contract/messages/help-center.ts';
import type { TDocumentResponse } from '@app/contract/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../errors/app-error.ts';
import { markdownToHtml } from './markdown-to-html.ts';

/** A legal document, rendered from its stored Markdown; public (read before login). */
export async function getDocument(db: Db, key: string): Promise<TDocumentResponse> {
  const [row] = await db.select().from(documents).where(eq(documents.key, key)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', { userMessage: DOCUMENT_NOT_FOUND, message: 'document not found' });
  return {
    key: row.key,
    title: row.title,
    version: row.version,
    html: markdownToHtml(row.body),
    updatedAt: row.updatedAt.toISOString(),
  };
}
