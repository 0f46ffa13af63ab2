import { randomInt } from 'node:crypto';
import { gatewayTime, parseGatewayTime } from '../../domain/taipei-time.ts';
import { hasValidCheckValue, signFields } from '../../net/check-value.ts';
import type { CollectionGateway, CollectionIssueRequest, CollectionNotificationReading } from './collection-gateway.ts';

const MERCHANT_ID = 'SANDBOX';
/** Taiwan gateways' answer to a notification they must not send again. */
const GATEWAY_ACKNOWLEDGEMENT = '1|OK';

/** The sandbox's virtual accounts are at this bank (a test code, no real bank). */
export const SANDBOX_BANK = { bankCode: '822', bankName: '中國信託商業銀行（測試）' } as const;

const digits = (count: number) => Array.from({ length: count }, () => randomInt(0, 10)).join('');

/**
 * The built-in collection gateway: codes and accounts are made up locally (no network),
 * and a tester "pays" one on the sandbox store page, which posts the signed notification
 * over real HTTP to this server's notification route, as a gateway would. Off in
 * production (routes.ts does not build it there).
 */
export class SandboxCollectionGateway implements CollectionGateway {
  readonly name = 'sandbox';
  readonly acknowledgement = GATEWAY_ACKNOWLEDGEMENT;

  constructor(private readonly options: { secret: string }) {}

  async issueStoreCode(_request: CollectionIssueRequest): Promise<{ storeCode: string }> {
    // 14 characters as Taiwan gateways issue them: a 3-letter prefix and 11 digits.
    return { storeCode: `LLL${digits(11)}` };
  }

  async issueVirtualAccount(_request: CollectionIssueRequest): Promise<{ bankCode: string; bankName: string; account: string }> {
    return { ...SANDBOX_BANK, account: `9103${digits(10)}` };
  }

  /** The notification a gateway sends when the request was paid (`amount` as the clerk took it), signed. */
  notificationFields(options: {
    requestId: string;
    transactionId: string;
    amount: number;
    paidAt: Date;
    paid?: boolean;
  }): Record<string, string> {
    return signFields(
      {
        MerchantID: MERCHANT_ID,
        MerchantTradeNo: options.requestId,
        TradeNo: options.transactionId,
        TradeAmt: String(options.amount),
        RtnCode: options.paid === false ? '10100248' : '1',
        RtnMsg: options.paid === false ? 'Failed' : 'Paid',
        PaymentDate: gatewayTime(options.paidAt),
      },
      this.options.secret,
    );
  }

  readNotification(fields: Readonly<Record<string, string>>): CollectionNotificationReading {
    if (!hasValidCheckValue(fields, this.options.secret)) return { ok: false, reason: 'signature' };
    const { MerchantTradeNo, TradeNo, TradeAmt, RtnCode } = fields;
    if (!MerchantTradeNo || !/^[1-9]\d{0,9}$/.test(MerchantTradeNo) || Number(MerchantTradeNo) > 2_147_483_647)
      return { ok: false, reason: 'malformed' };
    if (!TradeNo || TradeNo.length > 64 || !TradeAmt || !/^\d{1,9}$/.test(TradeAmt) || !RtnCode) {
      return { ok: false, reason: 'malformed' };
    }
    return {
      ok: true,
      notification: {
        requestId: MerchantTradeNo,
        transactionId: TradeNo,
        amount: Number(TradeAmt),
        paid: RtnCode === '1',
        resultCode: RtnCode.slice(0, 20),
        paidAt: parseGatewayTime(fields.PaymentDate),
      },
    };
  }
}
