import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DATA_LIST, DESTROY_OPEN_ORDER } from '@app/contract/messages/accounts.ts';
import { loanOrders, orderStateChanges, receivingAccountChanges } from '../../db/schema/orders.ts';
import { cancelOrder } from './cancel-order.ts';
import { hasOpenOrder } from './has-open-order.ts';
import { countOrders, countOrdersByState } from './orders-repository.ts';

/**
 * Loan orders: the lifecycle every lending module moves orders through (apply, sign,
 * decide, pay out, settle), the open-order rule, and the borrower's cancel. The loan's
 * money is the loan account's (repayments); the borrower's order list and detail put the
 * two together (loans).
 */
export const ordersModule: FastifyPluginAsync = async (app) => {
  app.metrics.databaseGauge({
    name: 'loan_orders',
    help: 'Orders per state (審核中 awaiting a decision, 已核准, 已拒絕, 待還款, 已逾期, 已結清…).',
    labelNames: ['state'],
    read: async () => (await countOrdersByState(app.db)).map((row) => ({ labels: { state: row.state }, value: row.count })),
  });
  app.personalData.register({
    owner: 'orders',
    tables: [loanOrders, orderStateChanges, receivingAccountChanges],
    list: async ({ db, subject }) => [{ category: 'loans', label: DATA_LIST.loansCount, value: String(await countOrders(db, subject.id)) }],
    // Kept: the law requires loan records; the user row they point at is anonymised.
    erase: async () => {},
    refuseErasure: async ({ db, subject }) => ((await hasOpenOrder({ db, userId: subject.id })) ? DESTROY_OPEN_ORDER : null),
  });

  app.endpoint(ENDPOINTS.loanCancel, (payload, ctx) =>
    cancelOrder({ db: ctx.db, userId: ctx.requireUser().id, orderId: payload.orderId, now: ctx.now }),
  );
};
