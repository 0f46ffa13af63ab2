import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { applyPayoutNotification } from './apply-payout-notification.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SEND_PAYOUT_QUEUE, type SendPayoutJob } from './request-payout.ts';
import { SANDBOX_NOTIFY_QUEUE, SandboxPaymentProvider, type SandboxNotifyJob } from './sandbox-payment-provider.ts';
import { sendPayout } from './send-payout.ts';

/** Where a provider posts its notifications: outside the envelope protocol, form-encoded. */
export const PAYMENT_NOTIFY_PATH = '/payments/notify/:provider';

/** A notification has a dozen fields; anything larger is not one. */
const MAX_FIELDS = 50;

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

/** A form-encoded body as fields; null when it is not one (a repeated field included). */
function formFields(body: unknown): Record<string, string> | null {
  if (typeof body !== 'string') return null;
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [key, value] of new URLSearchParams(body)) {
    count += 1;
    if (count > MAX_FIELDS || Object.hasOwn(fields, key)) return null;
    fields[key] = value;
  }
  return count > 0 ? fields : null;
}

/**
 * Payments: payouts through a payment provider (the sandbox unless a gateway adapter is
 * given) and the provider's signed notifications. The payouts table holds no personal
 * data (the receiving account stays with bank-accounts), so nothing is registered for it.
 */
export const paymentsModule: FastifyPluginAsync<PaymentsModuleOptions> = async (app, options) => {
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

  app.post<{ Params: { provider: string } }>(PAYMENT_NOTIFY_PATH, async (req, reply) => {
    if (req.params.provider !== provider.name) return reply.callNotFound();
    const fields = formFields(req.body);
    const reading = fields ? provider.readNotification(fields) : ({ ok: false, reason: 'malformed' } as const);
    if (!reading.ok) {
      // The reason only: the fields may name a payout but never need to be in the log.
      req.log.warn({ provider: provider.name, reason: reading.reason }, 'payment notification refused');
      return reply.code(400).type('text/plain; charset=utf-8').send(reading.reason === 'signature' ? '0|CheckMacValue Error' : '0|Bad Request');
    }
    const { notification } = reading;
    const outcome = await applyPayoutNotification({ db: app.db, providerName: provider.name, notification, now: app.clock.now() });
    const entry = { provider: provider.name, payoutId: notification.payoutId, outcome };
    if (outcome === 'held' || outcome === 'failed' || outcome === 'unknown') req.log.warn(entry, 'payment notification not applied');
    else req.log.info(entry, 'payment notification');
    if (outcome === 'unknown') return reply.code(400).type('text/plain; charset=utf-8').send('0|Unknown Trade');
    return reply.type('text/plain; charset=utf-8').send(provider.acknowledgement);
  });
};
