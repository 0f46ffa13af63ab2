import {
  instantOfTaipeiMinute,
  NOTICE_MAX_LENGTH,
  taipeiMinuteOf,
  type THomeContentItem,
  type THomeContentKind,
  type THomeContentValues,
} from '@app/contract/admin/admin-config-schemas.ts';
import { ADMIN_NOT_FOUND, HOME_CONTENT_INCOMPLETE, noticeTooLong } from '@app/contract/admin/admin-messages.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  selectActiveNotices,
  selectHomeContent,
  selectHomeContentItem,
  writeHomeContent,
  type HomeContentRow,
  type HomeContentValues,
} from './config-repository.ts';

/**
 * The home page's banners, notices and popups as the console edits them: each shown while
 * active and within its schedule (Taipei minutes in the console, instants in the rows);
 * the borrower endpoints filter by the same rule (config-repository `showing`).
 */

function showingAt(row: HomeContentRow, now: Date): boolean {
  return row.active && (row.startsAt === null || row.startsAt <= now) && (row.endsAt === null || row.endsAt > now);
}

function toItem(row: HomeContentRow, now: Date): THomeContentItem {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    sortOrder: row.sortOrder,
    active: row.active,
    startsAt: row.startsAt ? taipeiMinuteOf(row.startsAt) : null,
    endsAt: row.endsAt ? taipeiMinuteOf(row.endsAt) : null,
    showingNow: showingAt(row, now),
    overShownLimit: false,
  };
}

/**
 * In sort order. A notice the home does not serve although it is active and in its schedule
 * waits its turn (`overShownLimit`): which ones the home serves is read from its own query
 * (selectActiveNotices, capped at NOTICES_SHOWN_MAX), so the console cannot disagree with it.
 */
export async function listHomeContent(options: { db: Db; kind: THomeContentKind; now: Date }): Promise<{ items: THomeContentItem[] }> {
  const items = (await selectHomeContent(options.db, options.kind)).map((row) => toItem(row, options.now));
  if (options.kind !== 'notices') return { items };
  const served = new Set((await selectActiveNotices(options.db, options.now)).map((row) => row.id));
  return {
    items: items.map((item) => (item.showingNow && !served.has(item.id) ? { ...item, showingNow: false, overShownLimit: true } : item)),
  };
}

/** What each kind needs: a banner a title and an image, a notice its text (short: NOTICE_MAX_LENGTH), a popup a title. */
function requireComplete(kind: THomeContentKind, values: THomeContentValues): void {
  const complete =
    kind === 'banners' ? values.title !== '' && values.imageUrl !== '' : kind === 'notices' ? values.content !== '' : values.title !== '';
  if (!complete)
    throw new AppError('FIELD_INVALID', { userMessage: HOME_CONTENT_INCOMPLETE[kind], message: `home content incomplete: ${kind}` });
  if (kind === 'notices' && values.content.length > NOTICE_MAX_LENGTH)
    throw new AppError('FIELD_INVALID', { userMessage: noticeTooLong(NOTICE_MAX_LENGTH), message: 'home content: notice too long' });
}

function toRowValues(values: THomeContentValues): HomeContentValues {
  return {
    ...values,
    startsAt: values.startsAt === null ? null : instantOfTaipeiMinute(values.startsAt),
    endsAt: values.endsAt === null ? null : instantOfTaipeiMinute(values.endsAt),
  };
}

/** Creates (id null) or replaces one item; answers its id and the item before (null when new), for the audit trail. */
export async function saveHomeContent(options: {
  db: Db;
  kind: THomeContentKind;
  id: number | null;
  values: THomeContentValues;
  now: Date;
}): Promise<{ id: number; before: THomeContentItem | null }> {
  const { db, kind, id, values, now } = options;
  requireComplete(kind, values);
  let before: THomeContentItem | null = null;
  if (id !== null) {
    const row = await selectHomeContentItem(db, kind, id);
    if (!row) throw new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'home content not found' });
    before = toItem(row, now);
  }
  return { id: await writeHomeContent(db, kind, id, toRowValues(values)), before };
}
