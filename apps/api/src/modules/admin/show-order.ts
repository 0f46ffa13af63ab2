import type { TAdminOrderDetailResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { getOrderRecord } from '../loans/index.ts';
import { getBorrowerIdentity } from '../onboarding/index.ts';
import { getOrder, listReceivingAccountChanges, listStateHistory } from '../orders/index.ts';
import { describePayoutFailure } from '../payments/index.ts';
import { listOrderMoneyHistory } from '../repayments/index.ts';
import { selectAuditOfTargets } from './admin-repository.ts';
import { maskName } from './list-reviews.ts';

/**
 * One order as staff see it: the borrower's own view of it (schedule, payments, the
 * timeline in words, extensions used, credit kept), the state history with its causes,
 * the receiving-account changes after a failed payout, the journal entries, the extensions
 * and what operators did to it. Null for no such order.
 */
export async function showOrder(options: {
  db: Db;
  config: Pick<Config, 'ecpay'>;
  orderId: number;
  now: Date;
  unmasked: boolean;
}): Promise<TAdminOrderDetailResponse | null> {
  const { db, orderId } = options;
  const order = await getOrder({ db, orderId });
  if (!order) return null;
  const [detail, identity, stateChanges, accountChanges, payout, money, audit] = await Promise.all([
    getOrderRecord({ db, userId: order.userId, orderId, now: options.now, config: options.config }),
    getBorrowerIdentity({ db, userId: order.userId }),
    listStateHistory({ db, orderId }),
    listReceivingAccountChanges({ db, orderId }),
    describePayoutFailure({ db, order }),
    listOrderMoneyHistory({ db, orderId }),
    selectAuditOfTargets(db, [`order:${order.orderNo}`], 100),
  ]);
  return {
    unmasked: options.unmasked,
    userId: order.userId,
    borrowerName: identity && (options.unmasked ? identity.name : maskName(identity.name)),
    order: detail.order,
    stateChanges: stateChanges.map((change) => ({ ...change, at: change.at.toISOString() })),
    accountChanges: accountChanges.map((change) => ({ ...change, at: change.at.toISOString() })),
    payoutFailures: payout.events
      .filter((event) => event.kind === 'payoutFailed')
      .map((event) => ({ text: event.text, at: event.at.toISOString() })),
    journal: money.journal.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    extensions: money.extensions,
    audit: audit.map((row) => ({ at: row.at.toISOString(), operator: row.operatorName, action: row.action, target: row.target })),
  };
}
