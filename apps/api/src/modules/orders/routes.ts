import type { FastifyPluginAsync } from 'fastify';
import { DATA_LIST, DESTROY_OPEN_ORDER } from '@app/contract/messages/accounts.ts';
import { loanOrders } from '../../db/schema/orders.ts';
import { hasOpenOrder } from './has-open-order.ts';
import { countOrders } from './orders-repository.ts';

/**
 * Loan orders. The order endpoints (list, detail, repayment, extension) are not built
 * yet; what exists is the rule every account feature needs: is an order open.
 */
export const ordersModule: FastifyPluginAsync = async (app) => {
  app.personalData.register({
    owner: 'orders',
    tables: [loanOrders],
    list: async ({ db, subject }) => [
      { category: 'loans', label: DATA_LIST.loansCount, value: String(await countOrders(db, subject.id)) },
    ],
    // Kept: the law requires loan records; the user row they point at is anonymised.
    erase: async () => {},
    refuseErasure: async ({ db, subject }) =>
      (await hasOpenOrder({ db, userId: subject.id })) ? DESTROY_OPEN_ORDER : null,
  });
};
