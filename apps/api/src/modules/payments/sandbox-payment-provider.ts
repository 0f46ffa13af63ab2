import { gatewayTime, parseGatewayTime } from '../../domain/taipei-time.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { hasValidCheckValue, signFields } from '../../net/check-value.ts';
import type { NotificationReading, PaymentProvider, PayoutRequest } from './payment-provider.ts';
import { postForm } from '../../net/post-form.ts';

/** The sandbox's delivery job: one per payout, after the configured delay. */
export const SANDBOX_NOTIFY_QUEUE = 'payments.sandbox-notify';

export interface SandboxNotifyJob {
  payoutId: string;
  providerTransactionId: string;
  amount: number;
}

/** Gateways answer this to a notification they must not repeat. */
export const GATEWAY_ACKNOWLEDGEMENT = '1|OK';

const MERCHANT_ID = 'SANDBOX';

/**
 * The built-in payment provider: no network to a bank, the whole flow runs locally. A
 * payout is "accepted" at once; after `delayMs` a job (a row, so it survives restarts)
 * posts the signed notification over real HTTP to this server's own notification route,
 * twice, as real gateways repeat until acknowledged. Refused in production.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly acknowledgement = GATEWAY_ACKNOWLEDGEMENT;

  constructor(
    private readonly options: {
      jobs: JobQueue;
      secret: string;
      delayMs: number;
      now: () => Date;
      /** This server's own base URL (http://127.0.0.1:port), read when a notification is sent. */
      ownBaseUrl: () => string;
    },
  ) {}

  async requestPayout(request: PayoutRequest): Promise<{ providerTransactionId: string }> {
    // Deterministic: a retried request names the same transaction (and the queue keeps one delivery waiting).
    const providerTransactionId = `SBX${request.payoutId.padStart(12, '0')}`;
    await this.options.jobs.send<SandboxNotifyJob>({
      name: SANDBOX_NOTIFY_QUEUE,
      data: { payoutId: request.payoutId, providerTransactionId, amount: request.amount },
      // A delay, not a moment: counted by the machine's clock, so moving the app clock
      // (a test, the clock hook) neither holds a delivery back nor fires it early.
      delaySeconds: Math.ceil(this.options.delayMs / 1000),
      singletonKey: request.payoutId,
    });
    return { providerTransactionId };
  }

  /** The notification of a completed payout, signed. */
  notificationFields(job: SandboxNotifyJob): Record<string, string> {
    return signFields(
      {
        MerchantID: MERCHANT_ID,
        MerchantTradeNo: job.payoutId,
        TradeNo: job.providerTransactionId,
        TradeAmt: String(job.amount),
        RtnCode: '1',
        RtnMsg: 'Succeeded',
        PaymentDate: gatewayTime(this.options.now()),
      },
      this.options.secret,
    );
  }

  /** The job: posts the notification twice; a delivery not acknowledged fails the run (retried). */
  async deliverNotification(job: SandboxNotifyJob): Promise<void> {
    const fields = this.notificationFields(job);
    const url = `${this.options.ownBaseUrl()}/payments/notify/${this.name}`;
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await postForm(url, fields);
      if (answer.text !== GATEWAY_ACKNOWLEDGEMENT) throw new Error(`notification not acknowledged (HTTP ${answer.status})`);
    }
  }

  readNotification(fields: Readonly<Record<string, string>>): NotificationReading {
    if (!hasValidCheckValue(fields, this.options.secret)) return { ok: false, reason: 'signature' };
    const { MerchantTradeNo, TradeNo, TradeAmt, RtnCode } = fields;
    if (!MerchantTradeNo || !/^[1-9]\d{0,9}$/.test(MerchantTradeNo)) return { ok: false, reason: 'malformed' };
    if (!TradeNo || TradeNo.length > 64 || !TradeAmt || !/^\d{1,9}$/.test(TradeAmt) || !RtnCode) {
      return { ok: false, reason: 'malformed' };
    }
    return {
      ok: true,
      notification: {
        kind: 'payout',
        payoutId: MerchantTradeNo,
        providerTransactionId: TradeNo,
        amount: Number(TradeAmt),
        succeeded: RtnCode === '1',
        resultCode: RtnCode.slice(0, 20),
        paidAt: parseGatewayTime(fields.PaymentDate),
      },
    };
  }
}
