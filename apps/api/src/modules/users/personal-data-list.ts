import { and, count, desc, eq, isNull, max } from 'drizzle-orm';
import { DATA_LIST } from '@app/contract/messages/accounts.ts';
import type { TUserDataListResponse } from '@app/contract/schemas/user.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import {
  deviceInfos,
  loanOrders,
  pushSubscriptions,
  sharedApps,
  sharedContacts,
  uploadedFiles,
  userAttributions,
  userQuestions,
} from '../../db/schema-accounts.ts';
import { formatTaipeiDateTime } from '../../domain/taipei-time.ts';
import type { AccountUser } from './users-repository.ts';
import { findPasswordHash } from './users-repository.ts';

type Category = TUserDataListResponse['categories'][number];
type Item = Category['items'][number];

async function countOf(db: Db, table: typeof sharedApps | typeof uploadedFiles | typeof userQuestions | typeof loanOrders | typeof pushSubscriptions, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return row?.n ?? 0;
}

/**
 * Everything we hold about the caller, by category (PDPA art. 3 right of access).
 * Numbers are masked as everywhere else; a new table of personal data adds its
 * category here.
 */
export async function listPersonalData(db: Db, user: AccountUser): Promise<TUserDataListResponse> {
  const [attribution] = await db
    .select({ sourceChannel: userAttributions.sourceChannel })
    .from(userAttributions)
    .where(eq(userAttributions.userId, user.id));
  const hasPassword = (await findPasswordHash(db, user.id)) !== null;
  const [sessionStats] = await db
    .select({ active: count(), last: max(sessions.createdAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  const devices = await db
    .select()
    .from(deviceInfos)
    .where(eq(deviceInfos.userId, user.id))
    .orderBy(desc(deviceInfos.id));
  const apps = await db.select({ name: sharedApps.name }).from(sharedApps).where(eq(sharedApps.userId, user.id));
  const contacts = await db
    .select({ name: sharedContacts.name, mobile: sharedContacts.mobile, relationship: sharedContacts.relationship })
    .from(sharedContacts)
    .where(eq(sharedContacts.userId, user.id));
  const pushCount = await countOf(db, pushSubscriptions, user.id);

  const shared: Item[] = [
    ...apps.map((app) => ({ label: DATA_LIST.sharedApp, value: app.name })),
    ...contacts.map((c) => ({ label: DATA_LIST.sharedContact, value: `${c.name}（${c.relationship}）${maskTaiwanMobile(c.mobile)}` })),
  ];
  const lastLogin = sessionStats?.last ? formatTaipeiDateTime(new Date(sessionStats.last)) : DATA_LIST.none;

  return {
    categories: [
      {
        category: 'account',
        label: DATA_LIST.account,
        items: [
          { label: DATA_LIST.mobile, value: maskTaiwanMobile(user.phone ?? '') },
          { label: DATA_LIST.registeredAt, value: formatTaipeiDateTime(user.createdAt) },
          { label: DATA_LIST.password, value: hasPassword ? DATA_LIST.passwordSet : DATA_LIST.passwordNotSet },
          { label: DATA_LIST.sourceChannel, value: attribution?.sourceChannel ?? DATA_LIST.none },
        ],
      },
      {
        category: 'devices',
        label: DATA_LIST.devices,
        items: [
          { label: DATA_LIST.activeSessions, value: String(sessionStats?.active ?? 0) },
          { label: DATA_LIST.lastLogin, value: lastLogin },
          ...devices.map((d) => ({
            label: `${DATA_LIST.device} ${formatTaipeiDateTime(d.createdAt)}`,
            value: `${d.userAgent}；${d.screenWidth}×${d.screenHeight}；${d.language}；${d.timeZone}`,
          })),
        ],
      },
      {
        category: 'push',
        label: DATA_LIST.push,
        items: [
          { label: DATA_LIST.push, value: pushCount > 0 ? DATA_LIST.pushSubscribed : DATA_LIST.pushNotSubscribed },
          { label: DATA_LIST.pushDevices, value: String(pushCount) },
        ],
      },
      {
        category: 'shared',
        label: DATA_LIST.shared,
        items: shared.length > 0 ? shared : [{ label: DATA_LIST.shared, value: DATA_LIST.nothingShared }],
      },
      {
        category: 'feedback',
        label: DATA_LIST.feedback,
        items: [{ label: DATA_LIST.feedbackCount, value: String(await countOf(db, userQuestions, user.id)) }],
      },
      {
        category: 'files',
        label: DATA_LIST.files,
        items: [{ label: DATA_LIST.filesCount, value: String(await countOf(db, uploadedFiles, user.id)) }],
      },
      {
        category: 'loans',
        label: DATA_LIST.loans,
        items: [{ label: DATA_LIST.loansCount, value: String(await countOf(db, loanOrders, user.id)) }],
      },
    ],
  };
}
