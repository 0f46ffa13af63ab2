import { randomBytes } from 'node:crypto';
import { ADMIN_NOT_FOUND } from '@app/contract/admin/admin-messages.ts';
import type { TFaqItem } from '@app/contract/admin/admin-config-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { markFaqItemRemoved, selectFaqItem, selectFaqItems, upsertFaqItem, type FaqValues } from './questions-repository.ts';

/**
 * The FAQ as the console edits it: every item in the borrowers' order; an item created
 * gets an id of its own, an item edited keeps its id (the seed adds only ids it does not
 * find, so an edited seeded item stays edited); an item removed is kept, marked removed,
 * so the seed does not add a removed seeded item back at the next start.
 */
export async function listFaqForConsole(options: { db: Db }): Promise<{ items: TFaqItem[] }> {
  return { items: await selectFaqItems(options.db) };
}

/** Creates (id null) or replaces an item; answers its id and the item before (null when new). */
export async function saveFaqItem(options: {
  db: Db;
  id: string | null;
  values: FaqValues;
}): Promise<{ id: string; before: TFaqItem | null }> {
  const { db, values } = options;
  if (options.id === null) {
    const id = `faq-${randomBytes(5).toString('hex')}`;
    await upsertFaqItem(db, id, values);
    return { id, before: null };
  }
  const before = await selectFaqItem(db, options.id);
  if (!before) throw new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'faq item not found' });
  await upsertFaqItem(db, options.id, values);
  return { id: options.id, before };
}

/** Removes an item: the help centre no longer shows it. Answers the item before; a missing or removed one is not found. */
export async function removeFaqItem(options: { db: Db; id: string; now: Date }): Promise<TFaqItem> {
  const { db, id, now } = options;
  const before = await selectFaqItem(db, id);
  if (!before || !(await markFaqItemRemoved(db, id, now))) {
    throw new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'faq item not found' });
  }
  return before;
}
