import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { loadBankDirectory } from '../bank-accounts/index.ts';
import { changePayoutAccount } from './change-payout-account.ts';
import { TELL_PAYOUT_FAILED_QUEUE, tellPayoutFailed, type TellPayoutFailedJob } from './tell-payout-failed.ts';
import { applyPayoutNotification } from './apply-payout-notification.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SEND_PAYOUT_QUEUE, type SendPayoutJob } from './request-payout.ts';
import { SANDBOX_NOTIFY_QUEUE, SandboxPaymentProvider, type SandboxNotifyJob } from './sandbox-payment-provider.ts';
import { sendPayout } from './send-payout.ts';
import { countPayoutsByState } from './payments-repository.ts';
import { registerNotificationRoute } from '../../net/notification-form.ts';

/** Where a provider posts its notifications: outside the envelope protocol, form-encoded. */
export const PAYMENT_NOTIFY_PATH = '/payments/notify/:name';

export interface PaymentsModuleOptions {
  /** A real gateway adapter; without one the sandbox runs (refused in production). */
  provider?: PaymentProvider | undefined;
}

/** This server's own address, for the sandbox's notifications (it posts to itself over HTTP). */
function ownBaseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
  if (address.family === 'IPv6') return `http://[${address.address === '::' ? '::1' : address.address}]:${address.port}`;
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
}

/**
 * Payments: payouts through a payment provider (the sandbox unless a gateway adapter is
 * given) and the provider's signed notifications. The payouts table holds no personal
 * data (the receiving account stays with bank-accounts), so nothing is registered for it.
 */
export const paymentsModule: FastifyPluginAsync<PaymentsModuleOptions> = async (app, options) => {
  app.metrics.databaseGauge({
    name: 'payouts',
    help: 'Payouts per state (count).',
    labelNames: ['state'],
    read: async () => (await countPayoutsByState(app.db)).map((row) => ({ labels: { state: row.state }, value: row.count })),
  });
  app.metrics.databaseGauge({
    name: 'payouts_amount_ntd',
    help: 'Payouts per state (NT$).',
    labelNames: ['state'],
    read: async () => (await countPayoutsByState(app.db)).map((row) => ({ labels: { state: row.state }, value: row.amount })),
  });
  let provider: PaymentProvider;
  if (options.provider) {
    provider = options.provider;
  } else {
    if (app.config.nodeEnv === 'production') {
      throw new Error('payments: the sandbox payment provider is refused in production (build the app with a gateway adapter)');
    }
    const sandbox = new SandboxPaymentProvider({
      jobs: app.jobs,
      secret: app.config.paymentNotifySecret,
      delayMs: app.config.payoutSandboxDelayMs,
      now: () => app.clock.now(),
      ownBaseUrl: () => ownBaseUrl(app),
    });
    await app.jobs.work<SandboxNotifyJob>(SANDBOX_NOTIFY_QUEUE, (job) => sandbox.deliverNotification(job.data), { unique: true });
    provider = sandbox;
  }

  await app.jobs.work<SendPayoutJob>(SEND_PAYOUT_QUEUE, (job) =>
    sendPayout({ db: app.db, provider, payoutId: job.data.payoutId, now: app.clock.now() }),
  );
  // The borrower hears of a failed payout by SMS (once per attempt; not at night).
  await app.jobs.work<TellPayoutFailedJob>(
    TELL_PAYOUT_FAILED_QUEUE,
    async (job) => {
      await tellPayoutFailed({ db: app.db, sms: app.sms, payoutId: job.data.payoutId, now: app.clock.now() });
    },
    { unique: true },
  );

  // After a failed payout, its order's borrower names another account (decision 0169); finance retries.
  const directory = await loadBankDirectory();
  app.endpoint(ENDPOINTS.changePayoutAccount, (payload, ctx) => {
    const userAgent = ctx.req.headers['user-agent'];
    return changePayoutAccount({
      db: ctx.db,
      directory,
      userId: ctx.requireUser().id,
      orderId: Number(payload.orderId),
      cardId: payload.cardId,
      now: ctx.now,
      client: { address: ctx.req.ip, userAgent: typeof userAgent === 'string' ? userAgent : '' },
    });
  });

  registerNotificationRoute(app, {
    path: PAYMENT_NOTIFY_PATH,
    what: 'payment notification',
    receiver: (name) => (name === provider.name ? provider : undefined),
    handle: async (receiver, fields, req) => {
      const reading = receiver.readNotification(fields);
      if (!reading.ok) {
        // The reason only: the fields may name a payout but never need to be in the log.
        req.log.warn({ gateway: receiver.name, reason: reading.reason }, 'payment notification refused');
        return { accepted: false, reason: reading.reason };
      }
      const { notification } = reading;
      const outcome = await applyPayoutNotification({
        db: app.db,
        jobs: app.jobs,
        providerName: receiver.name,
        notification,
        now: app.clock.now(),
      });
      const entry = { gateway: receiver.name, payoutId: notification.payoutId, outcome };
      if (outcome === 'held' || outcome === 'failed' || outcome === 'unknown') req.log.warn(entry, 'payment notification not applied');
      else req.log.info(entry, 'payment notification');
      return outcome === 'unknown' ? { accepted: false, reason: 'unknown' } : { accepted: true };
    },
  });
};
