import { DATA_LIST } from '@app/contract/messages/accounts.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { deviceInfos, pushSubscriptions, sharedApps, sharedContacts, userAttributions, users } from '../../db/schema/users.ts';
import { formatTaipeiDateTime } from '../../domain/taipei-time.ts';
import type { DataItem, PersonalDataEntry } from '../../plugins/personal-data.ts';
import {
  countPushSubscriptions,
  eraseUserRows,
  selectDeviceInfos,
  selectShared,
  selectSourceChannel,
  selectUserById,
} from './users-repository.ts';

/** The person, their devices, push subscriptions and what they chose to share. */
export const usersPersonalData: PersonalDataEntry = {
  owner: 'users',
  tables: [users, userAttributions, deviceInfos, pushSubscriptions, sharedApps, sharedContacts],
  async list({ db, subject }) {
    const user = await selectUserById(db, subject.id);
    const sourceChannel = await selectSourceChannel(db, subject.id);
    const devices = await selectDeviceInfos(db, subject.id);
    const pushCount = await countPushSubscriptions(db, subject.id);
    const { apps, contacts } = await selectShared(db, subject.id);
    const shared: DataItem[] = [
      ...apps.map((app) => ({ category: 'shared' as const, label: DATA_LIST.sharedApp, value: app.name })),
      ...contacts.map((c) => ({
        category: 'shared' as const,
        label: DATA_LIST.sharedContact,
        value: `${c.name}（${c.relationship}）${maskTaiwanMobile(c.mobile)}`,
      })),
    ];
    return [
      { category: 'account', label: DATA_LIST.mobile, value: maskTaiwanMobile(subject.phone) },
      { category: 'account', label: DATA_LIST.registeredAt, value: user ? formatTaipeiDateTime(user.createdAt) : DATA_LIST.none },
      { category: 'account', label: DATA_LIST.sourceChannel, value: sourceChannel ?? DATA_LIST.none },
      ...devices.map((d) => ({
        category: 'devices' as const,
        label: `${DATA_LIST.device} ${formatTaipeiDateTime(d.createdAt)}`,
        value: `${d.userAgent}；${d.screenWidth}×${d.screenHeight}；${d.language}；${d.timeZone}`,
      })),
      { category: 'push', label: DATA_LIST.push, value: pushCount > 0 ? DATA_LIST.pushSubscribed : DATA_LIST.pushNotSubscribed },
      { category: 'push', label: DATA_LIST.pushDevices, value: String(pushCount) },
      ...(shared.length > 0 ? shared : [{ category: 'shared' as const, label: DATA_LIST.shared, value: DATA_LIST.nothingShared }]),
    ];
  },
  erase: ({ db, subject }) => eraseUserRows(db, subject.id),
};
