import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DESTROY_CREDIT_LEFT } from '@app/contract/messages/accounts.ts';
import { REPAY_DATA_LIST_PAYMENTS } from '@app/contract/messages/repayments.ts';
import { loanJournalEntries, loanJournalLines, orderInstalments, repaymentRequests } from '../../db/schema/repayments.ts';
import { applyCollectionNotification } from './apply-collection-notification.ts';
import type { CollectionGateway } from './collection-gateway.ts';
import { collectRepayment } from './collect-repayment.ts';
import { settlementCertificate } from './settlement-certificate.ts';
import { registerDailyRepaymentJobs } from './daily-repayment-jobs.ts';
import { listRepayChannels } from './list-repay-channels.ts';
import { withSandboxCounter } from './loan-of-order.ts';
import { quoteEarlyRepayment } from './quote-early-repayment.ts';
import { creditLeftOfUser } from './refund-kept-credit.ts';
import { reportManualTransfer } from './report-manual-transfer.ts';
import {
  countNotificationsByOutcome,
  countRequestsOfUser,
  eraseTransferDetails,
  selectRequest,
  selectRequestByCode,
} from './repayments-repository.ts';
import { SandboxCollectionGateway } from './sandbox-collection-gateway.ts';
import { sandboxStorePage } from './sandbox-store-page.ts';
import { tryExtension } from './try-extension.ts';
import { EcpayCollectionGateway } from './ecpay-collection-gateway.ts';
import { loadBankDirectory } from '../bank-accounts/index.ts';
import { readNotificationForm, registerNotificationRoute } from '../../net/notification-form.ts';
import { postForm } from '../../net/post-form.ts';

/** Where collection gateways post their signed notifications (server to server, outside the envelope). */
export const COLLECTION_NOTIFY_PREFIX = '/repayments/notify/';

/**
 * The collection gateway of this configuration: ECPay when it is configured; otherwise the
 * sandbox, outside production only. Production without ECPay is refused by config/env.ts
 * at start; this refuses it again for a Config built some other way.
 */
async function collectionGatewayOf(
  app: FastifyInstance,
): Promise<{ gateway: CollectionGateway; sandbox: SandboxCollectionGateway | null }> {
  const config = app.config;
  if (config.ecpay) {
    if (!config.publicBaseUrl) throw new Error('repayments: the ECPay gateway needs PUBLIC_BASE_URL (where ECPay posts its notifications)');
    const directory = await loadBankDirectory();
    const gateway = new EcpayCollectionGateway({
      config: config.ecpay,
      publicBaseUrl: config.publicBaseUrl,
      productName: config.productName,
      now: () => app.clock.now(),
      bankName: (code) => directory.bank(code)?.name ?? null,
      log: app.log,
    });
    return { gateway, sandbox: null };
  }
  if (config.nodeEnv === 'production') {
    throw new Error(
      'repayments: no collection gateway in production (set the ECPAY_* variables and PUBLIC_BASE_URL; the sandbox never runs there)',
    );
  }
  const sandbox = new SandboxCollectionGateway({ secret: config.paymentNotifySecret });
  return { gateway: sandbox, sandbox };
}

/**
 * The loan account: the schedule and the journal (opened by the payout, startRepayment),
 * the channels and choices, payment requests through the collection gateway seam, its
 * notifications applied once, manual transfers awaiting an operator, the extension trial,
 * early payoff quotes, credit kept, the settlement certificate, and the daily overdue run
 * and reminders. The borrower's order detail asks it for the loan (getLoanOfOrder).
 */
export const repaymentsModule: FastifyPluginAsync = async (app) => {
  const config = app.config;
  const { gateway: collectionGateway, sandbox } = await collectionGatewayOf(app);
  const gateways = new Map<string, CollectionGateway>([[collectionGateway.name, collectionGateway]]);
  app.metrics.databaseGauge({
    name: 'collection_notifications',
    help: 'Paid notifications of the collection gateways per outcome (credited; held: amount differs, awaiting an operator; failed; unknown).',
    labelNames: ['gateway', 'outcome'],
    read: async () =>
      (await countNotificationsByOutcome(app.db)).map((row) => ({
        labels: { gateway: row.gateway, outcome: row.outcome },
        value: row.count,
      })),
  });
  app.metrics.databaseGauge({
    name: 'collection_notifications_amount_ntd',
    help: 'Paid notifications of the collection gateways per outcome (NT$).',
    labelNames: ['gateway', 'outcome'],
    read: async () =>
      (await countNotificationsByOutcome(app.db)).map((row) => ({
        labels: { gateway: row.gateway, outcome: row.outcome },
        value: row.amount,
      })),
  });

  app.personalData.register({
    owner: 'repayments',
    // The schedule and the journal hold amounts of an order, no user column: kept as loan records.
    tables: [repaymentRequests, orderInstalments, loanJournalEntries, loanJournalLines],
    list: async ({ db, subject }) => [
      { category: 'loans', label: REPAY_DATA_LIST_PAYMENTS, value: String(await countRequestsOfUser(db, subject.id)) },
    ],
    // The amounts are loan records the law keeps; the paying account's digits and the receipt photo go.
    erase: ({ db, subject }) => eraseTransferDetails(db, subject.id),
    // Money of the user's still kept (an overpayment) is paid back first, while their bank
    // account is still on file to send it to.
    refuseErasure: async ({ db, subject }) => ((await creditLeftOfUser({ db, userId: subject.id })) > 0 ? DESTROY_CREDIT_LEFT : null),
  });

  app.endpoint(
    ENDPOINTS.settlementCertificate,
    (payload, ctx) =>
      settlementCertificate({
        db: ctx.db,
        lender: config.lender,
        userId: ctx.requireUser().id,
        orderId: Number(payload.orderId),
        now: ctx.now,
      }),
    { html: true },
  );
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
      shownAmount: payload.amount,
      shownInstalment: payload.instalment,
      now: ctx.now,
      config: config.repay,
      gateway: collectionGateway,
    });
    return { payment: withSandboxCounter(payment, sandbox !== null) };
  });
  app.endpoint(ENDPOINTS.extensionRepay, async (payload, ctx) => {
    const { payment } = await collectRepayment({
      db: ctx.db,
      userId: ctx.requireUser().id,
      orderId: Number(payload.orderId),
      kind: 'extension',
      channel: payload.channel,
      shownAmount: payload.amount,
      now: ctx.now,
      config: config.repay,
      gateway: collectionGateway,
    });
    return { payment: withSandboxCounter(payment, sandbox !== null) };
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

  // Gateway notifications: form-encoded, signed; HTTP 400 when refused, the gateway's acknowledgement otherwise.
  registerNotificationRoute(app, {
    path: `${COLLECTION_NOTIFY_PREFIX}:name`,
    what: 'collection notification',
    receiver: (name) => gateways.get(name),
    handle: async (gateway, fields, req) => {
      const result = await applyCollectionNotification({ db: app.db, gateway, fields, now: app.clock.now(), log: req.log });
      return result.accepted ? { accepted: true } : { accepted: false, reason: result.reason };
    },
  });
  // A number issued (ECPay's PaymentInfoURL): nothing moves; checked against the request and acknowledged.
  registerNotificationRoute(app, {
    path: `${COLLECTION_NOTIFY_PREFIX}:name/payment-info`,
    what: 'payment-info notification',
    receiver: (name) => {
      const gateway = gateways.get(name);
      return gateway?.readIssuedNotification ? gateway : undefined;
    },
    handle: async (gateway, fields, req) => {
      const reading = gateway.readIssuedNotification?.(fields) ?? ({ ok: false, reason: 'malformed' } as const);
      if (!reading.ok) {
        req.log.warn({ gateway: gateway.name, reason: reading.reason }, 'payment-info notification refused');
        return { accepted: false, reason: reading.reason };
      }
      const info = reading.notification;
      const request = await selectRequest(app.db, Number(info.requestId));
      if (!request || request.gateway !== gateway.name) {
        req.log.warn({ gateway: gateway.name, requestId: info.requestId, reason: 'unknown' }, 'payment-info notification refused');
        return { accepted: false, reason: 'unknown' };
      }
      const stored = request.storeCode ?? request.virtualAccount;
      // The number itself stays out of the log: it is how the borrower pays.
      const agrees = info.issued && info.amount === request.amount && (stored === null || stored === info.code);
      const entry = { gateway: gateway.name, requestId: info.requestId, resultCode: info.resultCode, stored: stored !== null, agrees };
      if (agrees) req.log.info(entry, 'payment-info notification');
      else req.log.warn(entry, 'payment-info notification disagrees with the request');
      return { accepted: true };
    },
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
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
  for (const path of ['/sandbox/cvs', '/sandbox/atm']) {
    app.get<{ Querystring: { code?: string } }>(path, async (req, reply) =>
      counterPolicy(reply)
        .type('text/html; charset=utf-8')
        .send(
          await page(
            String(req.query.code ?? '')
              .trim()
              .slice(0, 32),
            null,
          ),
        ),
    );
  }
  app.post('/sandbox/pay', async (req, reply) => {
    counterPolicy(reply);
    const fields = readNotificationForm(req.body) ?? {};
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
