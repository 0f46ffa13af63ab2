import { aprDisclosureLine } from '@app/contract/messages/loans.ts';
import type { TLoanIndexResponse } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { listBanners, listNotices } from '../config/list-home-content.ts';
import { creditLimitOf, highestProductMax } from './credit-limit.ts';
import { findLoanPosition, userLoanState } from './find-loan-position.ts';
import { toLoanProductView } from './loan-product-view.ts';
import { selectProducts } from './loans-repository.ts';

/**
 * loan/common/index — the whole home page in one request: the products with their APR
 * range, the highest amount (a visitor or a user still onboarding: the highest product
 * maximum; a user who completed onboarding: within their credit limit), where the user
 * stands, banners and notices. Every read runs at once.
 */
export async function getLoanHome(options: { db: Db; userId: number | null; now: Date; productName: string }): Promise<TLoanIndexResponse> {
  const { db, userId, now, productName } = options;
  const today = taipeiCalendarDate(now);
  const [records, banners, notices, position] = await Promise.all([
    selectProducts(db),
    listBanners({ db }),
    listNotices({ db }),
    userId === null ? Promise.resolve(null) : findLoanPosition({ db, userId, today }),
  ]);
  const products = records.map((record) => toLoanProductView(record, { today }));
  const aprMinPercent = products.length > 0 ? Math.min(...products.map((product) => product.aprMinPercent)) : 0;
  const aprMaxPercent = products.length > 0 ? Math.max(...products.map((product) => product.aprMaxPercent)) : 0;
  const onboardingComplete = position !== null && position.nextStep === null;
  return {
    productName,
    maxAmount: onboardingComplete ? creditLimitOf({ onboardingComplete, products: records }) : highestProductMax(records),
    aprMinPercent,
    aprMaxPercent,
    aprCapPercent: APR_CAP_PERCENT,
    aprLine: aprDisclosureLine(aprMinPercent, aprMaxPercent, APR_CAP_PERCENT),
    products,
    userState: position === null ? 'visitor' : userLoanState(position),
    openOrder: position?.openOrder ? { id: String(position.openOrder.id), state: position.openOrder.state } : null,
    coolDownUntil: position?.openOrder ? null : (position?.coolDownUntil ?? null),
    banners,
    notices,
  };
}
