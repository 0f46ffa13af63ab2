import type { TPayoutListResponse } from '@app/contract/admin/admin-payout-schemas.ts';
import type { TPayoutStage } from '@app/contract/admin/admin-messages.ts';
import type { PayoutConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { BankDirectory } from '../bank-accounts/index.ts';
import { listPayouts } from '../payments/index.ts';
import { selectOperatorNames } from './admin-repository.ts';
import { instantsOf } from './taipei-days.ts';

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/** The payouts page: the payments module's list with operators and banks named, and the configured thresholds. */
export async function listPayoutsForFinance(options: {
  db: Db;
  directory: BankDirectory;
  policy: PayoutConfig;
  stage?: TPayoutStage;
  from?: string;
  to?: string;
  page: number;
}): Promise<TPayoutListResponse> {
  const { db, directory, policy } = options;
  const from = options.from ? instantsOf(options.from, options.from).from : undefined;
  const until = options.to ? instantsOf(options.to, options.to).until : undefined;
  const list = await listPayouts({ db, stage: options.stage, from, until, page: options.page });
  const ids = [
    ...new Set(
      list.items.flatMap((item) => [item.firstReleasedBy, item.releasedBy, item.retriedBy]).filter((id): id is number => id !== null),
    ),
  ];
  const names = await selectOperatorNames(db, ids);
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? `#${id}`));
  return {
    items: list.items.map((item) => ({
      ...item,
      stage: item.stage as TPayoutStage,
      firstReleasedBy: nameOf(item.firstReleasedBy),
      releasedBy: nameOf(item.releasedBy),
      bankName: item.bankCode ? (directory.bank(item.bankCode)?.name ?? null) : null,
      requestedAt: item.requestedAt.toISOString(),
      firstReleasedAt: iso(item.firstReleasedAt),
      releasedAt: iso(item.releasedAt),
      sentAt: iso(item.sentAt),
      settledAt: iso(item.settledAt),
      retriedBy: nameOf(item.retriedBy),
      retriedAt: iso(item.retriedAt),
      accountChange: item.accountChange ? { to: item.accountChange.to, at: item.accountChange.at.toISOString() } : null,
    })),
    total: list.total,
    page: list.page,
    pageSize: list.pageSize,
    releaseAbove: policy.releaseAbove,
    twoPeopleAbove: policy.twoPeopleAbove,
    channel: policy.channel,
  };
}
