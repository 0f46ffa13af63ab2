import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { loadBankDirectory } from '../bank-accounts/index.ts';
import { applyForLoan } from './apply-for-loan.ts';
import { listRunningCampaigns } from './campaigns.ts';
import { checkLoanEntry } from './check-loan-entry.ts';
import { checkLoanTips } from './check-loan-tips.ts';
import { confirmLoan } from './confirm-loan.ts';
import { getLoanHome } from './get-loan-home.ts';
import { getOrderRecord } from './get-order-record.ts';
import { initLoan, initLoanProduct } from './init-loan.ts';
import { listOrderRecord } from './list-order-record.ts';
import { quoteLoanRequest } from './quote-product.ts';
import { seedLoanProducts } from './seed-loan-products.ts';

/**
 * Loans: the products (seeded on first start through saveLoanProduct), the home page's
 * data, quotes, where 立即申請 goes, the application up to its submission for review, and
 * the borrower's orders (list and detail: the order from orders, its loan account from
 * repayments, staff review from decisions).
 */
export const loansModule: FastifyPluginAsync = async (app) => {
  const seedProducts = () => seedLoanProducts({ db: app.db, now: app.clock.now() });
  await seedProducts();
  app.startSeeds.push(seedProducts);
  const directory = await loadBankDirectory();

  // Public: a logged-out caller (or a deleted account's stale session) is a visitor.
  const visitorOr = (user: { id: number; phone: string | null } | null) => (user?.phone ? user.id : null);

  app.endpoint(ENDPOINTS.loanCheck, (_payload, ctx) => checkLoanEntry({ db: ctx.db, userId: visitorOr(ctx.user), now: ctx.now }));
  app.endpoint(ENDPOINTS.loanCommonIndex, (_payload, ctx) =>
    getLoanHome({ db: ctx.db, userId: visitorOr(ctx.user), now: ctx.now, productName: app.config.productName }),
  );
  app.endpoint(ENDPOINTS.loanCommonAdjust, (payload, ctx) => {
    ctx.requireAccount();
    return quoteLoanRequest({ db: ctx.db, request: payload, now: ctx.now });
  });
  app.endpoint(ENDPOINTS.loanInitV31, (_payload, ctx) =>
    initLoan({ db: ctx.db, directory, userId: ctx.requireAccount().id, now: ctx.now }),
  );
  app.endpoint(ENDPOINTS.loanInit, (payload, ctx) =>
    initLoanProduct({ db: ctx.db, directory, userId: ctx.requireAccount().id, now: ctx.now, productId: payload.productId }),
  );
  app.endpoint(ENDPOINTS.loanCheckTips, (payload, ctx) =>
    checkLoanTips({ db: ctx.db, userId: ctx.requireAccount().id, now: ctx.now, request: payload }),
  );
  // The payload's requestId runs this once per user (the envelope's idempotency
  // transaction is ctx.db): copies answer the first result.
  app.endpoint(ENDPOINTS.loanApply, (payload, ctx) =>
    applyForLoan({ db: ctx.db, directory, userId: ctx.requireAccount().id, now: ctx.now, request: payload }),
  );
  app.endpoint(ENDPOINTS.loanConfirm, (payload, ctx) =>
    confirmLoan({
      db: ctx.db,
      jobs: app.jobs,
      decisionDelayMs: app.config.decisionDelayMs,
      userId: ctx.requireAccount().id,
      orderId: payload.orderId,
      now: ctx.now,
    }),
  );
  // The campaigns running now: interest discounts the quotes above include (decision 0152).
  app.endpoint(ENDPOINTS.activityAward, (_payload, ctx) => listRunningCampaigns({ db: ctx.db, now: ctx.now }));
  app.endpoint(ENDPOINTS.loanOrderRecord, (payload, ctx) =>
    listOrderRecord({ db: ctx.db, userId: ctx.requireUser().id, ...payload, now: ctx.now }),
  );
  app.endpoint(ENDPOINTS.loanOrderDetail, (payload, ctx) =>
    getOrderRecord({ db: ctx.db, userId: ctx.requireUser().id, orderId: Number(payload.orderId), now: ctx.now, config: app.config }),
  );
};
