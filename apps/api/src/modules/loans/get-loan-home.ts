import { aprDisclosureLine } from '@app/contract/messages/loans.ts';
import type { TLoanIndexResponse } from '@app/contract/schemas/loans.ts';
import type { TPayoutFailure } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { listBanners, listNotices } from '../config/index.ts';
import { getOrderOfUser } from '../orders/index.ts';
import { describePayoutFailure } from '../payments/index.ts';
import { creditLimitOf, highestProductMax } from './credit-limit.ts';
import { findLoanPosition, userLoanState } from './find-loan-position.ts';
import { toLoanProductView } from './loan-product-view.ts';
import { selectProducts } from './loans-repository.ts';

/**
 * loan/common/index — the whole home page in one request: the products with their APR
 * range, the highest amount (a visitor or a user still onboarding: the highest product
 * maximum; a user who completed onboarding: within their credit limit), where the user
 * stands (an order paying out with its failed payout, as the order detail tells it: decision
 * 0173), banners and notices. Every read runs at once, but the failed payout's, which follows
 * the open order's.
 */
export async function getLoanHome(options: { db: Db; userId: number | null; now: Date; productName: string }): Promise<TLoanIndexResponse> {
  const { db, userId, now, productName } = options;
  const today = taipeiCalendarDate(now);
  const [records, banners, notices, position] = await Promise.all([
    selectProducts(db),
    listBanners({ db, now }),
    listNotices({ db, now }),
    userId === null ? Promise.resolve(null) : findLoanPosition({ db, userId, today }),
  ]);
  const products = records.map((record) => toLoanProductView(record, { today }));
  const aprMinPercent = products.length > 0 ? Math.min(...products.map((product) => product.aprMinPercent)) : 0;
  const aprMaxPercent = products.length > 0 ? Math.max(...products.map((product) => product.aprMaxPercent)) : 0;
  const onboardingComplete = position?.onboardingComplete ?? false;
  const openOrder = position?.openOrder ?? null;
  const payoutFailure = userId !== null && openOrder?.state === '放款中' ? await payoutFailureOf(db, userId, openOrder.id) : null;
  return {
    productName,
    // A visitor, or a user still onboarding, is shown the highest maximum; a user who completed onboarding their limit.
    maxAmount: onboardingComplete
      ? creditLimitOf({ onboardingComplete, highestProductMax: highestProductMax(records) })
      : highestProductMax(records),
    aprMinPercent,
    aprMaxPercent,
    aprCapPercent: APR_CAP_PERCENT,
    aprLine: aprDisclosureLine(aprMinPercent, aprMaxPercent, APR_CAP_PERCENT),
    products,
    userState: position === null ? 'visitor' : userLoanState(position),
    openOrder: openOrder ? { id: String(openOrder.id), state: openOrder.state, payoutFailure } : null,
    coolDownUntil: position?.openOrder ? null : (position?.coolDownUntil ?? null),
    banners,
    notices,
  };
}

/** The open order's failed payout (paying out, its latest attempt failed and not retried), or null. */
async function payoutFailureOf(db: Db, userId: number, orderId: number): Promise<TPayoutFailure | null> {
  const order = await getOrderOfUser({ db, userId, orderId });
  return order ? (await describePayoutFailure({ db, order })).failure : null;
}
