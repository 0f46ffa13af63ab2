import { DOCUMENT_NOT_FOUND } from '@app/contract/messages/help-center.ts';
import type { TLender } from '@app/contract/schemas/config.ts';
import type { TDocumentResponse } from '@app/contract/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { selectDocument } from './documents-repository.ts';
import { fillLenderDetails } from './fill-lender-details.ts';
import { markdownToHtml } from './markdown-to-html.ts';

/** A legal document, rendered from its stored Markdown with the lender's details; public (read before login). */
export async function getDocument(options: { db: Db; key: string; lender: TLender }): Promise<TDocumentResponse> {
  const row = await selectDocument(options.db, options.key);
  if (!row) throw new AppError('NOT_FOUND', { userMessage: DOCUMENT_NOT_FOUND, message: 'document not found' });
  return {
    key: row.key,
    title: row.title,
    version: row.version,
    html: markdownToHtml(fillLenderDetails(row.body, options.lender)),
    updatedAt: row.updatedAt.toISOString(),
  };
}
