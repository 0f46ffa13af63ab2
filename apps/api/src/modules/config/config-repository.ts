import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appConfigs, banners, notices, popupConfirmations, popups } from '../../db/schema/config.ts';

/** The only code touching the config module's tables. */

export interface ConfigRow {
  key: string;
  value: string;
  extInfo: Record<string, unknown>;
  isPublic: boolean;
}

const columns = {
  key: appConfigs.key,
  value: appConfigs.value,
  extInfo: appConfigs.extInfo,
  isPublic: appConfigs.isPublic,
};

export async function findConfig(db: Db, key: string): Promise<ConfigRow | null> {
  const [row] = await db.select(columns).from(appConfigs).where(eq(appConfigs.key, key)).limit(1);
  return row ?? null;
}

/** Writes a setting (created or replaced), with when. */
export async function upsertConfig(db: Db, row: { key: string; value: string; extInfo: Record<string, unknown>; isPublic: boolean; at: Date }): Promise<void> {
  const values = { key: row.key, value: row.value, extInfo: row.extInfo, isPublic: row.isPublic, updatedAt: row.at };
  await db.insert(appConfigs).values(values).onConflictDoUpdate({ target: appConfigs.key, set: values });
}

export async function listPublicConfigs(db: Db): Promise<ConfigRow[]> {
  return db.select(columns).from(appConfigs).where(eq(appConfigs.isPublic, true));
}

export interface BannerRow {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl: string;
}

export async function selectActiveBanners(db: Db): Promise<BannerRow[]> {
  return db
    .select({ id: banners.id, title: banners.title, imageUrl: banners.imageUrl, linkUrl: banners.linkUrl })
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
}

export async function selectActiveNotices(db: Db): Promise<Array<{ id: number; content: string }>> {
  return db
    .select({ id: notices.id, content: notices.content })
    .from(notices)
    .where(eq(notices.active, true))
    .orderBy(asc(notices.sortOrder), asc(notices.id));
}

export interface PopupRow {
  id: number;
  title: string;
  content: string;
  imageUrl: string;
  linkUrl: string;
}

const popupColumns = {
  id: popups.id,
  title: popups.title,
  content: popups.content,
  imageUrl: popups.imageUrl,
  linkUrl: popups.linkUrl,
};

export async function selectActivePopups(db: Db): Promise<PopupRow[]> {
  return db.select(popupColumns).from(popups).where(eq(popups.active, true)).orderBy(asc(popups.sortOrder), asc(popups.id));
}

/** The first active popup, unless the user already confirmed one on `day`. */
export async function selectPopupToShow(db: Db, userId: number, day: string): Promise<PopupRow | null> {
  const [row] = await db
    .select(popupColumns)
    .from(popups)
    .where(
      and(
        eq(popups.active, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(popupConfirmations)
            .where(and(eq(popupConfirmations.userId, userId), eq(popupConfirmations.day, day))),
        ),
      ),
    )
    .orderBy(asc(popups.sortOrder), asc(popups.id))
    .limit(1);
  return row ?? null;
}

export async function isActivePopup(db: Db, popupId: number): Promise<boolean> {
  const [row] = await db.select({ id: popups.id }).from(popups).where(and(eq(popups.id, popupId), eq(popups.active, true))).limit(1);
  return row !== undefined;
}

/** Records the day's confirmation; a repeat the same day keeps the first. */
export async function insertPopupConfirmation(db: Db, values: { userId: number; day: string; popupId: number; at: Date }): Promise<void> {
  await db
    .insert(popupConfirmations)
    .values({ userId: values.userId, day: values.day, popupId: values.popupId, confirmedAt: values.at })
    .onConflictDoNothing();
}

export async function countPopupConfirmations(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(popupConfirmations).where(eq(popupConfirmations.userId, userId));
  return row?.n ?? 0;
}

export async function deletePopupConfirmations(db: Db, userId: number): Promise<void> {
  await db.delete(popupConfirmations).where(eq(popupConfirmations.userId, userId));
}
