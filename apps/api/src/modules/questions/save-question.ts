import { IMAGE_KEY_INVALID } from '@app/contract/messages/help-center.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { isOwnUpload } from '../uploads/index.ts';
import { insertQuestion } from './questions-repository.ts';

/** A question or feedback; a screenshot must be one this same user uploaded. */
export async function saveQuestion(options: {
  db: Db;
  userId: number;
  kind: 'question' | 'feedback';
  content: string;
  imageKey?: string | undefined;
}): Promise<{ id: string }> {
  const { db, userId, imageKey } = options;
  // Someone else's key answers exactly like a key that does not exist.
  if (imageKey !== undefined && !(await isOwnUpload({ db, userId, key: imageKey }))) {
    throw new AppError('BUSINESS_RULE', { userMessage: IMAGE_KEY_INVALID, message: 'image key not owned' });
  }
  const id = await insertQuestion(db, { userId, kind: options.kind, content: options.content, imageKey: imageKey ?? null });
  return { id: String(id) };
}
