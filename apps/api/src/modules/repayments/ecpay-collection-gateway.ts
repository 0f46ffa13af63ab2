import { setTimeout as sleep } from 'node:timers/promises';
import { REPAY_GATEWAY_UNAVAILABLE, repayGatewayItemName, repayGatewayTradeDescription } from '@app/contract/messages/repayments.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import type { EcpayConfig } from '../../config/env.ts';
import { gatewayTime, parseGatewayTime } from '../../domain/taipei-time.ts';
import { AppError } from '../../errors/app-error.ts';
import { hasValidEcpayCheckMacValue, signEcpayFields, type EcpayKeys } from '../../net/ecpay-check-mac-value.ts';
import { readNotificationForm } from '../../net/notification-form.ts';
import { postForm } from '../../net/post-form.ts';
import type {
  CollectionGateway,
  CollectionIssuedNotificationReading,
  CollectionIssueRequest,
  CollectionNotificationReading,
} from './collection-gateway.ts';

/**
 * ECPay (綠界) 全方位金流 behind the collection seam: store codes (ChoosePayment=CVS) and
 * ATM virtual accounts (ChoosePayment=ATM), every message signed with CheckMacValue.
 *
 * Issuing: AioCheckOut/V5 takes the order as a form post (ReturnURL, PaymentInfoURL, the
 * expiry, a fixed ChooseSubPayment so that nothing is left for a payer to choose), then the
 * number is read back through QueryPaymentInfo, ECPay's documented server-to-server query
 * of an issued number, which answers signed: a few tries while ECPay has not issued it
 * yet. ECPay also announces the number at PaymentInfoURL; that announcement is verified
 * and checked against what was stored, never needed (docs/decisions.md, ECPay).
 * The number is refused unless ECPay's amount (TradeAmt) and expiry (ExpireDate) agree
 * with the request's. Paid: ReturnURL, RtnCode 1, answered `1|OK`.
 */
export const ECPAY_GATEWAY_NAME = 'ecpay';

/** RtnCode of an issued number (PaymentInfoURL, QueryPaymentInfo): 2 for ATM, 10100073 for a store code. */
const ISSUED_RTN_CODE = { atm: '2', cvs: '10100073' } as const;
/** StoreExpireDate is minutes, 1 to 43,200 (30 days); ATM's ExpireDate is days, 1 to 60. */
const MAX_CVS_MINUTES = 43_200;
const MAX_ATM_DAYS = 60;
/** ECPay counts a store code's minutes on its own clock: agreement within this covers the skew. */
const EXPIRY_TOLERANCE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/** Request ids are PostgreSQL integers. */
const MAX_REQUEST_ID = 2_147_483_647;
/** ECPay's production host: only there is a simulated payment (廠商後台「模擬付款」) not money. */
const PRODUCTION_HOST = 'payment.ecpay.com.tw';

/**
 * Our request id as ECPay's MerchantTradeNo (at most 20 letters or digits, unique forever
 * per merchant): the configured capital-letter prefix, then the id's digits.
 */
export function ecpayTradeNumber(prefix: string, requestId: string): string {
  if (!/^[A-Z]{1,8}$/.test(prefix) || !/^[1-9]\d{0,9}$/.test(requestId) || Number(requestId) > MAX_REQUEST_ID) {
    throw new Error('ecpay: a trade number is a capital-letter prefix and a request id');
  }
  return `${prefix}${requestId}`;
}

/** The request id a MerchantTradeNo names, read back strictly (this prefix, an id, nothing else); null otherwise. */
export function requestIdOfTradeNumber(prefix: string, tradeNumber: string | undefined): string | null {
  if (tradeNumber === undefined || tradeNumber.length > 20 || !tradeNumber.startsWith(prefix)) return null;
  const id = tradeNumber.slice(prefix.length);
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= MAX_REQUEST_ID ? id : null;
}

export interface EcpayGatewayOptions {
  config: EcpayConfig;
  /** How ECPay reaches this server: it posts to <base>/repayments/notify/ecpay[/payment-info]. */
  publicBaseUrl: string;
  /** Named in the trade description and item name the payer sees. */
  productName: string;
  now: () => Date;
  /** The bank's name for a 3-digit code (the bank directory); null for an unknown bank. */
  bankName: (bankCode: string) => string | null;
  /** QueryPaymentInfo tries while the number is not issued yet, `retryDelayMs` apart. */
  queryTries?: number;
  retryDelayMs?: number;
  post?: (url: string, fields: Readonly<Record<string, string>>) => Promise<{ status: number; text: string }>;
  /** Where a refused issue says why (the borrower only hears that the channel is unavailable). */
  log?: { warn(entry: object, message: string): void };
}

type Channel = 'cvs' | 'atm';

interface IssuedNumber {
  code: string;
  bankCode: string | null;
}

/** Why no number was issued: logged with the request id, never with the number or the payer. */
class IssueRefused extends Error {}

function unavailable(reason: string): IssueRefused {
  return new IssueRefused(reason);
}

/** Calendar days from one Taipei date (`YYYY-MM-DD`) to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export class EcpayCollectionGateway implements CollectionGateway {
  readonly name = ECPAY_GATEWAY_NAME;
  readonly acknowledgement = '1|OK';
  private readonly keys: EcpayKeys;
  private readonly creditSimulated: boolean;
  private readonly post: NonNullable<EcpayGatewayOptions['post']>;

  constructor(private readonly options: EcpayGatewayOptions) {
    this.keys = { hashKey: options.config.hashKey, hashIv: options.config.hashIv };
    // On the stage (and a fake) a simulated payment is how a tester pays; in production it is no money.
    this.creditSimulated = new URL(options.config.endpoint).host !== PRODUCTION_HOST;
    this.post = options.post ?? ((url, fields) => postForm(url, fields));
  }

  async issueStoreCode(request: CollectionIssueRequest): Promise<{ storeCode: string }> {
    return { storeCode: (await this.issueOrRefuse('cvs', request)).code };
  }

  async issueVirtualAccount(request: CollectionIssueRequest): Promise<{ bankCode: string; bankName: string; account: string }> {
    const { code, bankCode, bankName } = await this.issueOrRefuse('atm', request);
    return { bankCode: bankCode ?? '', bankName: bankName ?? '', account: code };
  }

  /**
   * The number, or the borrower's refusal: ECPay's answer not agreeing, not coming, or the
   * network failing all end the same for them (the channel is unavailable, the manual
   * transfer remains); the log says which, by request id.
   */
  private async issueOrRefuse(channel: Channel, request: CollectionIssueRequest): Promise<IssuedNumber & { bankName: string | null }> {
    try {
      const issued = await this.issue(channel, request);
      const bankName = issued.bankCode ? this.options.bankName(issued.bankCode) : null;
      if (channel === 'atm' && !bankName) throw unavailable('the answer names an unknown bank');
      return { ...issued, bankName };
    } catch (error) {
      const reason = error instanceof IssueRefused ? error.message : `no answer (${error instanceof Error ? error.name : 'error'})`;
      this.options.log?.warn({ gateway: this.name, requestId: request.requestId, channel, reason }, 'collection number not issued');
      throw new AppError('BUSINESS_RULE', { userMessage: REPAY_GATEWAY_UNAVAILABLE, message: `ecpay: ${reason}` });
    }
  }

  private async issue(channel: Channel, request: CollectionIssueRequest): Promise<IssuedNumber> {
    const { config, publicBaseUrl, productName } = this.options;
    const now = this.options.now();
    const tradeNumber = ecpayTradeNumber(config.tradePrefix, request.requestId);
    const checkout = signEcpayFields(
      {
        MerchantID: config.merchantId,
        MerchantTradeNo: tradeNumber,
        MerchantTradeDate: gatewayTime(now),
        PaymentType: 'aio',
        TotalAmount: String(request.amount),
        TradeDesc: repayGatewayTradeDescription(productName),
        ItemName: repayGatewayItemName(productName),
        ReturnURL: `${publicBaseUrl}/repayments/notify/${ECPAY_GATEWAY_NAME}`,
        PaymentInfoURL: `${publicBaseUrl}/repayments/notify/${ECPAY_GATEWAY_NAME}/payment-info`,
        ChoosePayment: channel === 'cvs' ? 'CVS' : 'ATM',
        ChooseSubPayment: channel === 'cvs' ? 'CVS' : config.atmBank,
        EncryptType: '1',
        NeedExtraPaidInfo: 'N',
        ...this.expiryFields(channel, request, now),
      },
      this.keys,
    );
    const answer = await this.post(`${config.endpoint}/Cashier/AioCheckOut/V5`, checkout);
    if (answer.status !== 200) throw unavailable(`checkout answered HTTP ${answer.status}`);

    const tries = this.options.queryTries ?? 5;
    for (let attempt = 1; ; attempt += 1) {
      const info = await this.queryPaymentInfo(tradeNumber);
      if (info.RtnCode === ISSUED_RTN_CODE[channel]) return this.agreed(channel, request, info);
      if (attempt >= tries) throw unavailable(`no number issued (RtnCode ${info.RtnCode ?? '-'})`);
      await sleep(this.options.retryDelayMs ?? 1000);
    }
  }

  /** The expiry asked for: minutes for a store code, Taipei calendar days for an account. */
  private expiryFields(channel: Channel, request: CollectionIssueRequest, now: Date): Record<string, string> {
    if (channel === 'cvs') {
      const minutes = Math.ceil((request.expiresAt.getTime() - now.getTime()) / 60_000);
      if (minutes < 1 || minutes > MAX_CVS_MINUTES) throw unavailable(`a store code cannot last ${minutes} minutes`);
      return { StoreExpireDate: String(minutes) };
    }
    const days = Math.max(1, daysBetween(taipeiCalendarDate(now), taipeiCalendarDate(request.expiresAt)));
    if (days > MAX_ATM_DAYS) throw unavailable(`an account cannot last ${days} days`);
    return { ExpireDate: String(days) };
  }

  /** QueryPaymentInfo: the signed answer's fields, for this merchant and trade only. */
  private async queryPaymentInfo(tradeNumber: string): Promise<Record<string, string>> {
    const { config } = this.options;
    const query = signEcpayFields(
      {
        MerchantID: config.merchantId,
        MerchantTradeNo: tradeNumber,
        // ECPay refuses a TimeStamp more than 3 minutes off its clock.
        TimeStamp: String(Math.floor(this.options.now().getTime() / 1000)),
      },
      this.keys,
    );
    const answer = await this.post(`${config.endpoint}/Cashier/QueryPaymentInfo`, query);
    const fields = answer.status === 200 ? readNotificationForm(answer.text.trim()) : null;
    if (!fields) throw unavailable(`payment info answered HTTP ${answer.status}, not a form`);
    if (!hasValidEcpayCheckMacValue(fields, this.keys)) throw unavailable('payment info with a bad CheckMacValue');
    if (fields.MerchantID !== config.merchantId || fields.MerchantTradeNo !== tradeNumber) {
      throw unavailable('payment info names another trade');
    }
    return fields;
  }

  /** The issued number, when ECPay's amount and expiry agree with the request. */
  private agreed(channel: Channel, request: CollectionIssueRequest, info: Record<string, string>): IssuedNumber {
    if (info.TradeAmt !== String(request.amount)) throw unavailable(`amount ${info.TradeAmt ?? '-'} is not the request's`);
    if (channel === 'cvs') {
      const expires = parseGatewayTime(info.ExpireDate);
      if (!info.PaymentNo || !/^[0-9A-Za-z]{1,14}$/.test(info.PaymentNo)) throw unavailable('no store code');
      if (!expires || Math.abs(expires.getTime() - request.expiresAt.getTime()) > EXPIRY_TOLERANCE_MS) {
        throw unavailable(`store code expiry ${info.ExpireDate ?? '-'} is not the request's`);
      }
      return { code: info.PaymentNo, bankCode: null };
    }
    if (!info.vAccount || !/^\d{1,16}$/.test(info.vAccount) || !info.BankCode || !/^\d{3}$/.test(info.BankCode)) {
      throw unavailable('no virtual account');
    }
    // ECPay dates an account's expiry by day (yyyy/MM/dd): payable to the end of that Taipei day.
    const day = /^(\d{4})\/(\d{2})\/(\d{2})( \d{2}:\d{2}:\d{2})?$/.exec(info.ExpireDate ?? '');
    const lag = day ? daysBetween(taipeiCalendarDate(request.expiresAt), `${day[1]}-${day[2]}-${day[3]}`) : Number.NaN;
    // The request's own day, or the next (ECPay's minimum is one day): never a day before it.
    if (!(lag === 0 || lag === 1)) throw unavailable(`account expiry ${info.ExpireDate ?? '-'} is not the request's`);
    return { code: info.vAccount, bankCode: info.BankCode };
  }

  /** The paid notification (ReturnURL). */
  readNotification(fields: Readonly<Record<string, string>>): CollectionNotificationReading {
    if (!hasValidEcpayCheckMacValue(fields, this.keys)) return { ok: false, reason: 'signature' };
    const requestId = this.ownRequestId(fields);
    const { TradeNo, TradeAmt, RtnCode } = fields;
    if (!requestId || !TradeNo || !/^[0-9A-Za-z]{1,20}$/.test(TradeNo) || !TradeAmt || !/^\d{1,9}$/.test(TradeAmt)) {
      return { ok: false, reason: 'malformed' };
    }
    if (!RtnCode || !/^\d{1,10}$/.test(RtnCode)) return { ok: false, reason: 'malformed' };
    // A simulated payment in production moved no money: recorded under a transaction id of
    // its own (as not paid), so the real payment of the same trade is still applied.
    const ignoredSimulation = fields.SimulatePaid === '1' && !this.creditSimulated;
    return {
      ok: true,
      notification: {
        requestId,
        transactionId: ignoredSimulation ? `${TradeNo}:simulated` : TradeNo,
        amount: Number(TradeAmt),
        paid: RtnCode === '1' && !ignoredSimulation,
        resultCode: ignoredSimulation ? 'simulated' : RtnCode,
        paidAt: parseGatewayTime(fields.PaymentDate),
      },
    };
  }

  /** The payment-info notification (PaymentInfoURL): a number issued, or not. */
  readIssuedNotification(fields: Readonly<Record<string, string>>): CollectionIssuedNotificationReading {
    if (!hasValidEcpayCheckMacValue(fields, this.keys)) return { ok: false, reason: 'signature' };
    const requestId = this.ownRequestId(fields);
    const { TradeAmt, RtnCode } = fields;
    if (!requestId || !TradeAmt || !/^\d{1,9}$/.test(TradeAmt) || !RtnCode || !/^\d{1,10}$/.test(RtnCode)) {
      return { ok: false, reason: 'malformed' };
    }
    const issued = RtnCode === ISSUED_RTN_CODE.atm || RtnCode === ISSUED_RTN_CODE.cvs;
    const code = RtnCode === ISSUED_RTN_CODE.atm ? fields.vAccount : fields.PaymentNo;
    if (issued && (!code || !/^[0-9A-Za-z]{1,16}$/.test(code))) return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      notification: { requestId, issued, resultCode: RtnCode, amount: Number(TradeAmt), code: issued && code ? code : null },
    };
  }

  /** The request a notification names, when it is this merchant's and carries our trade number. */
  private ownRequestId(fields: Readonly<Record<string, string>>): string | null {
    if (fields.MerchantID !== this.options.config.merchantId) return null;
    return requestIdOfTradeNumber(this.options.config.tradePrefix, fields.MerchantTradeNo);
  }
}
