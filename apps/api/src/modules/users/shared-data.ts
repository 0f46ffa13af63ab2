import { and, desc, eq, notInArray } from 'drizzle-orm';
import { INVALID_MOBILE } from '@app/contract/messages/accounts.ts';
import { normalizeTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import { deviceInfos, pushSubscriptions, sharedApps, sharedContacts } from '../../db/schema-accounts.ts';
import { AppError } from '../../errors/app-error.ts';

/** Device infos kept per user: enough to show recent devices, not a tracking history. */
const DEVICE_INFOS_KEPT = 10;

export interface DeviceInfo {
  userAgent: string;
  screenWidth: number;
  screenHeight: number;
  language: string;
  timeZone: string;
}

export async function saveDeviceInfo(db: Db, userId: number, info: DeviceInfo): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(deviceInfos).values({ userId, ...info });
    const keep = tx
      .select({ id: deviceInfos.id })
      .from(deviceInfos)
      .where(eq(deviceInfos.userId, userId))
      .orderBy(desc(deviceInfos.id))
      .limit(DEVICE_INFOS_KEPT);
    await tx.delete(deviceInfos).where(and(eq(deviceInfos.userId, userId), notInArray(deviceInfos.id, keep)));
  });
}

export interface PushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * One row per push endpoint. An endpoint belongs to one browser: if another account
 * logs in on it, the subscription moves to that account (the earlier one no longer
 * gets notifications there).
 */
export async function savePushSubscription(db: Db, userId: number, subscription: PushSubscription): Promise<void> {
  const values = { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth } });
}

/** Replaces what the user shares: the list sent is the whole consent, nothing older stays. */
export async function replaceSharedApps(db: Db, userId: number, apps: Array<{ name: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sharedApps).where(eq(sharedApps.userId, userId));
    if (apps.length > 0) await tx.insert(sharedApps).values(apps.map((app) => ({ userId, name: app.name })));
  });
}

export async function replaceSharedContacts(
  db: Db,
  userId: number,
  contacts: Array<{ name: string; mobile: string; relationship: string }>,
): Promise<void> {
  const rows = contacts.map((contact) => {
    const mobile = normalizeTaiwanMobile(contact.mobile);
    if (!mobile) throw new AppError('BUSINESS_RULE', { userMessage: INVALID_MOBILE, message: 'shared contact mobile invalid' });
    return { userId, name: contact.name, mobile, relationship: contact.relationship };
  });
  await db.transaction(async (tx) => {
    await tx.delete(sharedContacts).where(eq(sharedContacts.userId, userId));
    if (rows.length > 0) await tx.insert(sharedContacts).values(rows);
  });
}

