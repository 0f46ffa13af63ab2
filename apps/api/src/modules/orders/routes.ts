import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DATA_LIST, DESTROY_OPEN_ORDER } from '@app/contract/messages/accounts.ts';
import { loanOrders, orderInstalments, orderStateChanges } from '../../db/schema/orders.ts';
import { cancelOrder } from './cancel-order.ts';
import { hasOpenOrder } from './has-open-order.ts';
import { listOrders } from './list-orders.ts';
import { countOrders } from './orders-repository.ts';

/**
 * Loan orders: the state machine every lending module moves orders through, the open-order
 * rule, and the borrower's list and detail.
 */
import { countOrdersByState } from './orders-repository.ts';

export const ordersModule: FastifyPluginAsync = async (app) => {
  app.metrics.databaseGauge({
    name: 'loan_orders',
    help: 'Orders per state (審核中 awaiting a decision, 已核准, 已拒絕, 待還款, 已逾期, 已結清…).',
    labelNames: ['state'],
    read: async () => (await countOrdersByState(app.db)).map((row) => ({ labels: { state: row.state }, value: row.count })),
  });
  app.personalData.register({
    owner: 'orders',
    tables: [loanOrders, orderStateChanges, orderInstalments],
    list: async ({ db, subject }) => [
      { category: 'loans', label: DATA_LIST.loansCount, value: String(await countOrders(db, subject.id)) },
    ],
    // Kept: the law requires loan records; the user row they point at is anonymised.
    erase: async () => {},
    refuseErasure: async ({ db, subject }) =>
      (await hasOpenOrder({ db, userId: subject.id })) ? DESTROY_OPEN_ORDER : null,
  });

  app.endpoint(ENDPOINTS.loanOrderRecord, (payload, ctx) =>
    listOrders({ db: ctx.db, userId: ctx.requireUser().id, ...payload, now: ctx.now }),
  );
  app.endpoint(ENDPOINTS.loanCancel, (payload, ctx) =>
    cancelOrder({ db: ctx.db, userId: ctx.requireUser().id, orderId: payload.orderId, now: ctx.now }),
  );
  // loanOrderDetail is registered by repayments: orders' detail with its payments (getOrderDetail).
};
