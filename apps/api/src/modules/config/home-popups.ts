import { POPUP_NOT_FOUND } from '@app/contract/messages/loans.ts';
import type { TPopup } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { AppError } from '../../errors/app-error.ts';
import { insertPopupConfirmation, isActivePopup, selectActivePopups, selectPopupToShow, type PopupRow } from './config-repository.ts';
import { isRowId } from '../../db/row-id.ts';

function toPopup(row: PopupRow): TPopup {
  return { id: String(row.id), title: row.title, content: row.content, imageUrl: row.imageUrl, linkUrl: row.linkUrl };
}

/**
 * getPop: the popup to show now — the first active one, unless the user already closed a
 * popup this Taipei day (at most one popup a day). Visitors get none: there is nobody to
 * remember the day for.
 */
export async function getPopup(options: { db: Db; userId: number | null; now: Date }): Promise<{ popup: TPopup | null }> {
  const { db, userId, now } = options;
  if (userId === null) return { popup: null };
  const row = await selectPopupToShow(db, userId, taipeiCalendarDate(now), now);
  return { popup: row ? toPopup(row) : null };
}

/** confirmPop: the user closed `popupId` today; no popup again before the next Taipei day. */
export async function confirmPopup(options: { db: Db; userId: number; popupId: string; now: Date }): Promise<{ ok: true }> {
  const { db, userId, now } = options;
  const id = Number(options.popupId);
  if (!isRowId(id) || !(await isActivePopup(db, id, now))) {
    throw new AppError('BUSINESS_RULE', { userMessage: POPUP_NOT_FOUND, message: 'popup not found' });
  }
  await insertPopupConfirmation(db, { userId, day: taipeiCalendarDate(now), popupId: id, at: now });
  return { ok: true };
}

/** getPopList: every popup showing now (active and within its schedule; the same for everyone). */
export async function listPopups(options: { db: Db; now: Date }): Promise<{ popups: TPopup[] }> {
  return { popups: (await selectActivePopups(options.db, options.now)).map(toPopup) };
}
