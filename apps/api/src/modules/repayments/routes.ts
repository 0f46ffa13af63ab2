import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DESTROY_CREDIT_LEFT } from '@app/contract/messages/accounts.ts';
import { REPAY_DATA_LIST_PAYMENTS, REPAY_GATEWAY_UNAVAILABLE } from '@app/contract/messages/repayments.ts';
import type { TPayment } from '@app/contract/schemas/repayments.ts';
import { repaymentRequests } from '../../db/schema/repayments.ts';
import { AppError } from '../../errors/app-error.ts';
import { applyCollectionNotification } from './apply-collection-notification.ts';
import type { CollectionGateway } from './collection-gateway.ts';
import { collectRepayment } from './collect-repayment.ts';
import { registerDailyRepaymentJobs } from './daily-repayment-jobs.ts';
import { getOrderWithPayments } from './get-order-with-payments.ts';
import { listRepayChannels } from './list-repay-channels.ts';
import { quoteEarlyRepayment } from './quote-early-repayment.ts';
import { creditLeftOfUser } from './refund-kept-credit.ts';
import { reportManualTransfer } from './report-manual-transfer.ts';
import { countRequestsOfUser, eraseTransferDetails, selectRequestByCode } from './repayments-repository.ts';
import { SandboxCollectionGateway } from './sandbox-collection-gateway.ts';
import { sandboxStorePage } from './sandbox-store-page.ts';
import { tryExtension } from './try-extension.ts';
import { postForm } from '../../net/post-form.ts';

/** Where collection gateways post their signed notifications (server to server, outside the envelope). */
export const COLLECTION_NOTIFY_PREFIX = '/repayments/notify/';

function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body !== 'string') return fields;
  for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
  return fields;
}

/**
 * Repayment and extension: the channels and choices, payment requests through the
 * collection gateway seam, its notifications applied once, manual transfers awaiting an
 * operator, the extension trial, early payoff quotes, the order detail with its payments,
 * and the daily overdue run and reminders.
 */
export const repaymentsModule: FastifyPluginAsync = async (app) => {
  const config = app.config;
  const sandbox = config.nodeEnv === 'production' ? null : new SandboxCollectionGateway({ secret: config.paymentNotifySecret });
  const gateways = new Map<string, CollectionGateway>(sandbox ? [[sandbox.name, sandbox]] : []);
  // A real gateway adapter is added here (built from its own configuration).
  const collectionGateway: CollectionGateway | null = sandbox;
  const requireGateway = (): CollectionGateway => {
    if (!collectionGateway) throw new AppError('BUSINESS_RULE', { userMessage: REPAY_GATEWAY_UNAVAILABLE, message: 'no collection gateway' });
    return collectionGateway;
  };

  app.personalData.register({
    owner: 'repayments',
    tables: [repaymentRequests],
    list: async ({ db, subject }) => [
      { category: 'loans', label: REPAY_DATA_LIST_PAYMENTS, value: String(await countRequestsOfUser(db, subject.id)) },
    ],
    // The amounts are loan records the law keeps; the paying account's digits and the receipt photo go.
    erase: ({ db, subject }) => eraseTransferDetails(db, subject.id),
    // Money of the user's still kept (an overpayment) is paid back first, while their bank
    // account is still on file to send it to.
    refuseErasure: async ({ db, subject }) => ((await creditLeftOfUser({ db, userId: subject.id })) > 0 ? DESTROY_CREDIT_LEFT : null),
  });

  /** Outside production, an unpaid code or account names the sandbox counter where a tester pays it. */
  const withCounter = (payment: TPayment): TPayment => {
    const code = payment.storeCode ?? payment.virtualAccount?.account ?? null;
    if (!sandbox || payment.state !== 'pending' || code === null) return payment;
    return { ...payment, sandboxPayUrl: `/sandbox/${payment.channel}?code=${encodeURIComponent(code)}` };
  };

  app.endpoint(ENDPOINTS.loanOrderDetail, async (payload, ctx) => {
    const answer = await getOrderWithPayments({ db: ctx.db, userId: ctx.requireUser().id, orderId: Number(payload.orderId), now: ctx.now });
    return { order: { ...answer.order, payments: (answer.order.payments ?? []).map(withCounter) } };
  });
  app.endpoint(ENDPOINTS.repayChannel, (payload, ctx) =>
    listRepayChannels({ db: ctx.db, userId: ctx.requireUser().id, orderId: Number(payload.orderId), now: ctx.now, config: config.repay }),
  );
  app.endpoint(ENDPOINTS.repayCollect, async (payload, ctx) => {
    const { payment } = await collectRepayment({
      db: ctx.db,
      userId: ctx.requireUser().id,
      orderId: Number(payload.orderId),
      kind: payload.kind,
      channel: payload.channel,
      now: ctx.now,
      config: config.repay,
      gateway: requireGateway(),
    });
    return { payment: withCounter(payment) };
  });
  app.endpoint(ENDPOINTS.extensionRepay, async (payload, ctx) => {
    const { payment } = await collectRepayment({
      db: ctx.db,
      userId: ctx.requireUser().id,
      orderId: Number(payload.orderId),
      kind: 'extension',
      channel: payload.channel,
      now: ctx.now,
      config: config.repay,
      gateway: requireGateway(),
    });
    return { payment: withCounter(payment) };
  });
  app.endpoint(ENDPOINTS.replanRepay, (payload, ctx) =>
    quoteEarlyRepayment({ db: ctx.db, userId: ctx.requireUser().id, orderId: Number(payload.orderId), kind: payload.kind, now: ctx.now }),
  );
  app.endpoint(ENDPOINTS.repayManual, (payload, ctx) =>
    reportManualTransfer({ db: ctx.db, userId: ctx.requireUser().id, ...payload, orderId: Number(payload.orderId), now: ctx.now }),
  );
  app.endpoint(ENDPOINTS.extensionTrial, (payload, ctx) =>
    tryExtension({ db: ctx.db, userId: ctx.requireUser().id, orderId: Number(payload.orderId), now: ctx.now }),
  );

  // Gateway notifications: form-encoded, signed; 400 for a bad check value, the gateway's acknowledgement otherwise.
  app.post<{ Params: { gateway: string } }>(`${COLLECTION_NOTIFY_PREFIX}:gateway`, async (req, reply) => {
    const gateway = gateways.get(req.params.gateway);
    if (!gateway) return reply.code(404).type('text/plain').send('unknown gateway');
    const result = await applyCollectionNotification({ db: app.db, gateway, fields: formFields(req.body), now: app.clock.now(), log: req.log });
    if (!result.accepted) return reply.code(400).type('text/plain').send(result.reason === 'signature' ? 'bad check value' : 'malformed');
    return reply.type('text/plain').send(gateway.acknowledgement);
  });

  await registerDailyRepaymentJobs(app, { startChain: config.nodeEnv !== 'test' });

  if (!sandbox) return;
  // The sandbox store counter (never in production): pays a code as a clerk would.
  const ownBaseUrl = () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on TCP');
    return `http://127.0.0.1:${address.port}`;
  };
  const page = async (code: string, result: string | null) =>
    sandboxStorePage({ code, request: code ? await selectRequestByCode(app.db, code) : null, result });
  // Its own form posts back to this server (the API's closed policy forbids any form).
  const counterPolicy = (reply: FastifyReply) =>
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  for (const path of ['/sandbox/cvs', '/sandbox/atm']) {
    app.get<{ Querystring: { code?: string } }>(path, async (req, reply) =>
      counterPolicy(reply).type('text/html; charset=utf-8').send(await page(String(req.query.code ?? '').trim().slice(0, 32), null)),
    );
  }
  app.post('/sandbox/pay', async (req, reply) => {
    counterPolicy(reply);
    const fields = formFields(req.body);
    const code = (fields.code ?? '').trim().slice(0, 32);
    const request = code ? await selectRequestByCode(app.db, code) : null;
    if (!request) return reply.type('text/html; charset=utf-8').send(await page(code, null));
    const amount = /^\d{1,9}$/.test(fields.amount ?? '') ? Number(fields.amount) : request.amount;
    const notification = sandbox.notificationFields({
      requestId: String(request.id),
      transactionId: `SBXC${randomBytes(8).toString('hex').toUpperCase()}`,
      amount,
      paidAt: app.clock.now(),
    });
    const answer = await postForm(`${ownBaseUrl()}${COLLECTION_NOTIFY_PREFIX}${sandbox.name}`, notification);
    return reply.type('text/html; charset=utf-8').send(await page(code, `HTTP ${answer.status} ${answer.text}`));
  });
};
