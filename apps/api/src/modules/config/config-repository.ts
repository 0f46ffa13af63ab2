import { and, asc, eq, gt, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appConfigs, banners, notices, popupConfirmations, popups } from '../../db/schema/config.ts';
import { NOTICES_SHOWN_MAX } from '@app/contract/admin/admin-config-schemas.ts';

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
export async function upsertConfig(
  db: Db,
  row: { key: string; value: string; extInfo: Record<string, unknown>; isPublic: boolean; at: Date },
): Promise<void> {
  const values = { key: row.key, value: row.value, extInfo: row.extInfo, isPublic: row.isPublic, updatedAt: row.at };
  await db.insert(appConfigs).values(values).onConflictDoUpdate({ target: appConfigs.key, set: values });
}

export async function listPublicConfigs(db: Db): Promise<ConfigRow[]> {
  return db.select(columns).from(appConfigs).where(eq(appConfigs.isPublic, true));
}

/** Active and within its schedule at `now` (a bound left empty does not limit). */
function showing(table: typeof banners | typeof notices | typeof popups, now: Date): SQL | undefined {
  return and(eq(table.active, true), or(isNull(table.startsAt), lte(table.startsAt, now)), or(isNull(table.endsAt), gt(table.endsAt, now)));
}

export interface BannerRow {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl: string;
}

export async function selectActiveBanners(db: Db, now: Date): Promise<BannerRow[]> {
  return db
    .select({ id: banners.id, title: banners.title, imageUrl: banners.imageUrl, linkUrl: banners.linkUrl })
    .from(banners)
    .where(showing(banners, now))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
}

/** The notices the home shows now: the first NOTICES_SHOWN_MAX by sort order. */
export async function selectActiveNotices(db: Db, now: Date): Promise<Array<{ id: number; content: string }>> {
  return db
    .select({ id: notices.id, content: notices.content })
    .from(notices)
    .where(showing(notices, now))
    .orderBy(asc(notices.sortOrder), asc(notices.id))
    .limit(NOTICES_SHOWN_MAX);
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

export async function selectActivePopups(db: Db, now: Date): Promise<PopupRow[]> {
  return db.select(popupColumns).from(popups).where(showing(popups, now)).orderBy(asc(popups.sortOrder), asc(popups.id));
}

/** The first popup showing at `now`, unless the user already confirmed one on `day`. */
export async function selectPopupToShow(db: Db, userId: number, day: string, now: Date): Promise<PopupRow | null> {
  const [row] = await db
    .select(popupColumns)
    .from(popups)
    .where(
      and(
        showing(popups, now),
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

export async function isActivePopup(db: Db, popupId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: popups.id })
    .from(popups)
    .where(and(eq(popups.id, popupId), showing(popups, now)))
    .limit(1);
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
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(popupConfirmations)
    .where(eq(popupConfirmations.userId, userId));
  return row?.n ?? 0;
}

export async function deletePopupConfirmations(db: Db, userId: number): Promise<void> {
  await db.delete(popupConfirmations).where(eq(popupConfirmations.userId, userId));
}

/** The console's rows of one kind of home content, every field, in display order. */
export interface HomeContentRow {
  id: number;
  title: string;
  content: string;
  imageUrl: string;
  linkUrl: string;
  sortOrder: number;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}
export type HomeContentKind = 'banners' | 'notices' | 'popups';
export type HomeContentValues = Omit<HomeContentRow, 'id'>;

export async function selectHomeContent(db: Db, kind: HomeContentKind): Promise<HomeContentRow[]> {
  switch (kind) {
    case 'banners':
      return (await db.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id))).map((row) => ({ ...row, content: '' }));
    case 'notices':
      return (await db.select().from(notices).orderBy(asc(notices.sortOrder), asc(notices.id))).map((row) => ({
        ...row,
        title: '',
        imageUrl: '',
        linkUrl: '',
      }));
    case 'popups':
      return db.select().from(popups).orderBy(asc(popups.sortOrder), asc(popups.id));
  }
}

export async function selectHomeContentItem(db: Db, kind: HomeContentKind, id: number): Promise<HomeContentRow | null> {
  return (await selectHomeContent(db, kind)).find((row) => row.id === id) ?? null;
}

/** Inserts (id null) or replaces one item of `kind`; answers its id. */
export async function writeHomeContent(db: Db, kind: HomeContentKind, id: number | null, values: HomeContentValues): Promise<number> {
  const common = { sortOrder: values.sortOrder, active: values.active, startsAt: values.startsAt, endsAt: values.endsAt };
  let rows: Array<{ id: number }>;
  switch (kind) {
    case 'banners': {
      const set = { ...common, title: values.title, imageUrl: values.imageUrl, linkUrl: values.linkUrl };
      rows =
        id === null
          ? await db.insert(banners).values(set).returning({ id: banners.id })
          : await db.update(banners).set(set).where(eq(banners.id, id)).returning({ id: banners.id });
      break;
    }
    case 'notices': {
      const set = { ...common, content: values.content };
      rows =
        id === null
          ? await db.insert(notices).values(set).returning({ id: notices.id })
          : await db.update(notices).set(set).where(eq(notices.id, id)).returning({ id: notices.id });
      break;
    }
    case 'popups': {
      const set = { ...common, title: values.title, content: values.content, imageUrl: values.imageUrl, linkUrl: values.linkUrl };
      rows =
        id === null
          ? await db.insert(popups).values(set).returning({ id: popups.id })
          : await db.update(popups).set(set).where(eq(popups.id, id)).returning({ id: popups.id });
      break;
    }
  }
  const [row] = rows;
  if (!row) throw new Error('home content not written');
  return row.id;
}
