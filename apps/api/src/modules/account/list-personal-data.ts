import { DATA_LIST } from '@app/contract/messages/accounts.ts';
import type { TUserDataListResponse } from '@app/contract/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { DATA_CATEGORIES, type DataSubject, type PersonalDataEntry } from '../../plugins/personal-data.ts';

/**
 * Everything we hold about the caller, by category (PDPA art. 3 right of access), from
 * the personal-data registry: each owner lists its own tables, numbers masked.
 */
export async function listPersonalData(options: {
  db: Db;
  subject: DataSubject;
  registry: readonly PersonalDataEntry[];
}): Promise<TUserDataListResponse> {
  const { db, subject } = options;
  const items = (await Promise.all(options.registry.map((entry) => entry.list({ db, subject })))).flat();
  return {
    categories: DATA_CATEGORIES.map((category) => ({
      category,
      label: DATA_LIST[category],
      items: items.filter((item) => item.category === category).map(({ label, value }) => ({ label, value })),
    })),
  };
}
