import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { TAnonymousInfo } from '@app/contract/headers.ts';
import { atRestKeysOf } from '../../db/at-rest.ts';
import type { Db } from '../../db/client.ts';
import { phoneIndex, rowScope } from '../../db/sealed-tables.ts';
import { deviceInfos, pushSubscriptions, sharedApps, sharedContacts, userAttributions, users } from '../../db/schema/users.ts';

/** The only code touching the users module's tables (db/schema/users.ts). */

export interface UserRecord {
  id: number;
  uuid: string;
  phone: string | null;
  createdAt: Date;
}

export interface Attribution {
  sourceChannel: string;
  anonymous: TAnonymousInfo | null;
}

const userColumns = {
  id: users.id,
  uuid: users.uuid,
  phone: users.phone,
  keyId: users.keyId,
  dataKey: users.dataKey,
  createdAt: users.createdAt,
};

/** The mobile sealed at rest in its own row (db/at-rest.ts), found by its blind index. */
function openUser(
  db: Db,
  row: { id: number; uuid: string; phone: string | null; keyId: string | null; dataKey: string | null; createdAt: Date },
): UserRecord {
  const rowKey = atRestKeysOf(db).openRowKey(rowScope('users', row.id), row.keyId, row.dataKey);
  return { id: row.id, uuid: row.uuid, phone: rowKey.open(users.phone.name, row.phone), createdAt: row.createdAt };
}

/** The user's mobile sealed under a data key of the row (scoped to its id), with the blind index. */
export function sealedPhoneColumns(db: Db, userId: number, phone: string) {
  const keys = atRestKeysOf(db);
  const rowKey = keys.newRowKey(rowScope('users', userId));
  return { phone: rowKey.seal(users.phone.name, phone), phoneHash: phoneIndex(keys, phone), keyId: rowKey.keyId, dataKey: rowKey.dataKey };
}

export async function selectUserById(db: Db, id: number): Promise<UserRecord | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ? openUser(db, row) : null;
}

/** Users by id, in one query (absent ids have no entry). */
export async function selectUsersByIds(db: Db, ids: readonly number[]): Promise<Map<number, UserRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, openUser(db, row)]));
}

export async function selectUserByPhone(db: Db, phone: string): Promise<UserRecord | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(eq(users.phoneHash, phoneIndex(atRestKeysOf(db), phone)))
    .limit(1);
  return row ? openUser(db, row) : null;
}

/**
 * `on conflict do nothing` on the blind index makes two simultaneous first logins end with
 * one user. The row's data key is scoped to its id, known once inserted: the sealed number
 * is written in the same transaction, so no one ever sees the row without it.
 */
export async function insertUserWithAttribution(
  db: Db,
  phone: string,
  attribution: Attribution,
): Promise<{ user: UserRecord; isNew: boolean }> {
  const phoneHash = phoneIndex(atRestKeysOf(db), phone);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ phoneHash })
      .onConflictDoNothing({ target: users.phoneHash })
      .returning({ id: users.id, uuid: users.uuid, createdAt: users.createdAt });
    if (created) {
      await tx
        .update(users)
        .set(sealedPhoneColumns(tx, created.id, phone))
        .where(eq(users.id, created.id));
      const anonymous = attribution.anonymous;
      await tx.insert(userAttributions).values({
        userId: created.id,
        sourceChannel: attribution.sourceChannel,
        urlData: anonymous?.urlData ?? {},
        deviceId: anonymous?.deviceId ?? null,
        packageName: anonymous?.packageName ?? null,
      });
      return { user: { ...created, phone }, isNew: true };
    }
    const existing = await selectUserByPhone(tx, phone);
    if (!existing) throw new Error('user vanished between insert and select');
    return { user: existing, isNew: false };
  });
}

export async function selectSourceChannel(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ sourceChannel: userAttributions.sourceChannel })
    .from(userAttributions)
    .where(eq(userAttributions.userId, userId));
  return row?.sourceChannel ?? null;
}

export interface DeviceInfo {
  userAgent: string;
  screenWidth: number;
  screenHeight: number;
  language: string;
  timeZone: string;
}

/** Inserts one and keeps only the newest `keep` of the user. */
export async function insertDeviceInfo(db: Db, userId: number, info: DeviceInfo, keep: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(deviceInfos).values({ userId, ...info });
    const newest = tx
      .select({ id: deviceInfos.id })
      .from(deviceInfos)
      .where(eq(deviceInfos.userId, userId))
      .orderBy(desc(deviceInfos.id))
      .limit(keep);
    await tx.delete(deviceInfos).where(and(eq(deviceInfos.userId, userId), notInArray(deviceInfos.id, newest)));
  });
}

export async function selectDeviceInfos(db: Db, userId: number) {
  return db.select().from(deviceInfos).where(eq(deviceInfos.userId, userId)).orderBy(desc(deviceInfos.id));
}

/** One row per push endpoint: a later account on the same browser takes it over. */
export async function upsertPushSubscription(
  db: Db,
  row: { userId: number; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth } });
}

export async function countPushSubscriptions(db: Db, userId: number): Promise<number> {
  return db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));
}

export async function replaceSharedAppRows(db: Db, userId: number, names: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sharedApps).where(eq(sharedApps.userId, userId));
    if (names.length > 0) await tx.insert(sharedApps).values(names.map((name) => ({ userId, name })));
  });
}

export async function replaceSharedContactRows(
  db: Db,
  userId: number,
  contacts: Array<{ name: string; mobile: string; relationship: string }>,
): Promise<void> {
  // The name and mobile sealed at rest (db/at-rest.ts), each row under a data key of its own.
  const keys = atRestKeysOf(db);
  const rows = contacts.map((contact) => {
    const rowKey = keys.newRowKey(`shared_contacts:${userId}`);
    return {
      userId,
      name: rowKey.seal(sharedContacts.name.name, contact.name),
      mobile: rowKey.seal(sharedContacts.mobile.name, contact.mobile),
      relationship: contact.relationship,
      keyId: rowKey.keyId,
      dataKey: rowKey.dataKey,
    };
  });
  await db.transaction(async (tx) => {
    await tx.delete(sharedContacts).where(eq(sharedContacts.userId, userId));
    if (rows.length > 0) await tx.insert(sharedContacts).values(rows);
  });
}

export async function selectShared(db: Db, userId: number) {
  const apps = await db.select({ name: sharedApps.name }).from(sharedApps).where(eq(sharedApps.userId, userId));
  const stored = await db
    .select({
      name: sharedContacts.name,
      mobile: sharedContacts.mobile,
      relationship: sharedContacts.relationship,
      keyId: sharedContacts.keyId,
      dataKey: sharedContacts.dataKey,
    })
    .from(sharedContacts)
    .where(eq(sharedContacts.userId, userId));
  const keys = atRestKeysOf(db);
  const contacts = stored.map(({ keyId, dataKey, ...contact }) => {
    const rowKey = keys.openRowKey(`shared_contacts:${userId}`, keyId, dataKey);
    return {
      name: rowKey.open(sharedContacts.name.name, contact.name),
      mobile: rowKey.open(sharedContacts.mobile.name, contact.mobile),
      relationship: contact.relationship,
    };
  });
  return { apps, contacts };
}

/**
 * Erasure: deletes what the person shared and where they came from, and anonymises the
 * user row (the mobile and its blind index NULL), which stays for the loan records the law requires.
 */
export async function eraseUserRows(db: Db, userId: number): Promise<void> {
  await db.delete(userAttributions).where(eq(userAttributions.userId, userId));
  await db.delete(deviceInfos).where(eq(deviceInfos.userId, userId));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await db.delete(sharedApps).where(eq(sharedApps.userId, userId));
  await db.delete(sharedContacts).where(eq(sharedContacts.userId, userId));
  await db.update(users).set({ phone: null, phoneHash: null }).where(eq(users.id, userId));
}
