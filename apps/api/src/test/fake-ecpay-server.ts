import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import { gatewayTime, parseGatewayTime } from '../domain/taipei-time.ts';
import { hasValidEcpayCheckMacValue, signEcpayFields, type EcpayKeys } from '../net/ecpay-check-mac-value.ts';
import { readNotificationForm } from '../net/notification-form.ts';
import { postForm } from '../net/post-form.ts';

/**
 * A stand-in for ECPay's 全方位金流 on 127.0.0.1, speaking its documented form posts:
 * AioCheckOut/V5 (checks the merchant's CheckMacValue, issues a store code or an ATM
 * account, announces it at the order's PaymentInfoURL), QueryPaymentInfo (answers the
 * number, signed), and, when a test says the payer paid, the signed paid notification to
 * the order's ReturnURL, as many times as asked (ECPay repeats until answered `1|OK`).
 * The URLs a merchant registers are public ones; `forward` maps such an origin to the
 * local test server, as DNS and a proxy would.
 */

/** The documented answers: an ATM account issued, a store code issued, a payment, an unknown trade. */
const RTN_ATM_ISSUED = '2';
const RTN_CVS_ISSUED = '10100073';
const RTN_PAID = '1';
const RTN_NO_TRADE = '10200047';
/** ECPay's ATM_BOT: virtual accounts at 臺灣銀行. */
const ATM_BANK_CODES: Readonly<Record<string, string>> = {
  BOT: '004',
  CHINATRUST: '822',
  FIRST: '007',
  LAND: '005',
  CATHAY: '013',
  PANHSIN: '118',
};

export interface FakeEcpayTrade {
  merchantTradeNo: string;
  tradeNo: string;
  amount: number;
  channel: 'CVS' | 'ATM';
  paymentType: string;
  tradeDate: string;
  /** As ECPay writes it: `yyyy/MM/dd HH:mm:ss` for a store code, `yyyy/MM/dd` for an account. */
  expireDate: string;
  paymentNo: string | null;
  bankCode: string | null;
  vAccount: string | null;
  returnUrl: string;
  paymentInfoUrl: string | null;
  paid: boolean;
}

/** Answers that disagree with the order, to see the merchant refuse them. */
export interface FakeEcpayTampering {
  amountDelta?: number;
  expiryShiftMs?: number;
}

export interface FakeEcpayOptions extends EcpayKeys {
  merchantId: string;
  clock: { now(): Date };
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => randomInt(0, 10)).join('');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export class FakeEcpayServer {
  readonly trades = new Map<string, FakeEcpayTrade>();
  /** Every form the merchant posted, by path, in order. */
  readonly received: Array<{ path: string; fields: Record<string, string> }> = [];
  /** What the merchant answered to each PaymentInfoURL announcement. */
  readonly paymentInfoAnswers: Array<{ status: number; text: string }> = [];
  tampering: FakeEcpayTampering = {};
  private readonly forwards = new Map<string, string>();
  private readonly pending = new Set<Promise<unknown>>();

  private constructor(
    private readonly options: FakeEcpayOptions,
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(options: FakeEcpayOptions): Promise<FakeEcpayServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeEcpayServer(options, server, `http://127.0.0.1:${port}`);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      void readBody(req).then((body) => {
        const answer = fake.answer(req.url ?? '', body);
        res.writeHead(answer.status, { 'content-type': answer.type ?? 'text/html; charset=utf-8' }).end(answer.text);
      });
    });
    return fake;
  }

  private get keys(): EcpayKeys {
    return { hashKey: this.options.hashKey, hashIv: this.options.hashIv };
  }

  /** Posts meant for `publicOrigin` go to `localBaseUrl` instead. */
  forward(publicOrigin: string, localBaseUrl: string): void {
    this.forwards.set(new URL(publicOrigin).origin, localBaseUrl);
  }

  /** Waits for the announcements sent so far (PaymentInfoURL posts run after the checkout answer). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /** The paid notification ECPay would post for a trade (signed), with any field changed after signing by `tamper`. */
  paidNotification(merchantTradeNo: string, options: { amount?: number; simulated?: boolean } = {}): Record<string, string> {
    const trade = this.requireTrade(merchantTradeNo);
    return signEcpayFields(
      {
        MerchantID: this.options.merchantId,
        MerchantTradeNo: trade.merchantTradeNo,
        StoreID: '',
        RtnCode: RTN_PAID,
        RtnMsg: '交易成功',
        TradeNo: trade.tradeNo,
        TradeAmt: String(options.amount ?? trade.amount),
        PaymentDate: gatewayTime(this.options.clock.now()),
        PaymentType: trade.paymentType,
        PaymentTypeChargeFee: '0',
        TradeDate: trade.tradeDate,
        SimulatePaid: options.simulated ? '1' : '0',
        CustomField1: '',
        CustomField2: '',
        CustomField3: '',
        CustomField4: '',
      },
      this.keys,
    );
  }

  /** The payer paid: the paid notification goes to the trade's ReturnURL `deliveries` times; the merchant's answers. */
  async pay(merchantTradeNo: string, deliveries = 1): Promise<Array<{ status: number; text: string }>> {
    const trade = this.requireTrade(merchantTradeNo);
    trade.paid = true;
    const fields = this.paidNotification(merchantTradeNo);
    const answers: Array<{ status: number; text: string }> = [];
    for (let delivery = 0; delivery < deliveries; delivery += 1) answers.push(await this.postTo(trade.returnUrl, fields));
    return answers;
  }

  /** A form post to a merchant URL, through the forwards. */
  postTo(url: string, fields: Readonly<Record<string, string>>): Promise<{ status: number; text: string }> {
    const target = new URL(url);
    const local = this.forwards.get(target.origin);
    return postForm(local ? `${local}${target.pathname}${target.search}` : url, fields);
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private requireTrade(merchantTradeNo: string): FakeEcpayTrade {
    const trade = this.trades.get(merchantTradeNo);
    if (!trade) throw new Error(`no trade ${merchantTradeNo}`);
    return trade;
  }

  private answer(url: string, body: string): { status: number; text: string; type?: string } {
    const path = new URL(url, this.baseUrl).pathname;
    const fields = readNotificationForm(body);
    if (!fields) return { status: 400, text: 'not a form' };
    this.received.push({ path, fields });
    if (path === '/Cashier/AioCheckOut/V5') return this.checkout(fields);
    if (path === '/Cashier/QueryPaymentInfo') return this.queryPaymentInfo(fields);
    return { status: 404, text: 'not found' };
  }

  /** AioCheckOut/V5: ECPay answers a page; the number comes by PaymentInfoURL and QueryPaymentInfo. */
  private checkout(fields: Record<string, string>): { status: number; text: string } {
    if (!hasValidEcpayCheckMacValue(fields, this.keys)) return { status: 200, text: '<p>CheckMacValue Error</p>' };
    const { MerchantID, MerchantTradeNo = '', TotalAmount = '', ChoosePayment, ReturnURL, PaymentInfoURL } = fields;
    const valid =
      MerchantID === this.options.merchantId &&
      /^[0-9A-Za-z]{1,20}$/.test(MerchantTradeNo) &&
      parseGatewayTime(fields.MerchantTradeDate) !== null &&
      fields.PaymentType === 'aio' &&
      fields.EncryptType === '1' &&
      /^[1-9]\d{0,8}$/.test(TotalAmount) &&
      !!fields.TradeDesc &&
      !!fields.ItemName &&
      !!ReturnURL &&
      URL.canParse(ReturnURL) &&
      (ChoosePayment === 'CVS' || ChoosePayment === 'ATM');
    if (!valid || !ReturnURL) return { status: 200, text: '<p>Parameter Error</p>' };
    if (this.trades.has(MerchantTradeNo)) return { status: 200, text: '<p>MerchantTradeNo Duplicate</p>' };

    const now = this.options.clock.now();
    const channel = ChoosePayment === 'CVS' ? 'CVS' : 'ATM';
    const trade: FakeEcpayTrade = {
      merchantTradeNo: MerchantTradeNo,
      tradeNo: `${taipeiCalendarDate(now).slice(2).replaceAll('-', '')}${randomDigits(10)}`,
      amount: Number(TotalAmount),
      channel,
      paymentType: '',
      tradeDate: gatewayTime(now),
      expireDate: '',
      paymentNo: null,
      bankCode: null,
      vAccount: null,
      returnUrl: ReturnURL,
      paymentInfoUrl: PaymentInfoURL && URL.canParse(PaymentInfoURL) ? PaymentInfoURL : null,
      paid: false,
    };
    if (channel === 'CVS') {
      const minutes = Number(fields.StoreExpireDate ?? '10080');
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 43_200) return { status: 200, text: '<p>StoreExpireDate Error</p>' };
      Object.assign(trade, {
        paymentType: 'CVS_CVS',
        paymentNo: `LLL${randomDigits(11)}`,
        expireDate: gatewayTime(new Date(now.getTime() + minutes * 60_000)),
      });
    } else {
      const days = Number(fields.ExpireDate ?? '3');
      const bank = fields.ChooseSubPayment ?? 'BOT';
      const bankCode = ATM_BANK_CODES[bank];
      if (!Number.isInteger(days) || days < 1 || days > 60 || !bankCode) return { status: 200, text: '<p>ExpireDate Error</p>' };
      const lastDay = new Date(Date.parse(`${taipeiCalendarDate(now)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      Object.assign(trade, { paymentType: `ATM_${bank}`, bankCode, vAccount: randomDigits(14), expireDate: lastDay.replaceAll('-', '/') });
    }
    this.trades.set(MerchantTradeNo, trade);
    if (trade.paymentInfoUrl) {
      // Announced after the checkout is answered, as ECPay's server post arrives on its own, and repeated until
      // answered 1|OK as ECPay does (the request may not be committed yet when the first one arrives).
      const announce = async () => {
        for (let attempt = 0; attempt < 5; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 0 : 100));
          const answer = await this.postTo(trade.paymentInfoUrl ?? '', this.paymentInfoFields(trade));
          this.paymentInfoAnswers.push(answer);
          if (answer.text === '1|OK') return;
        }
      };
      const announcement = announce().catch((error: unknown) => void this.paymentInfoAnswers.push({ status: 0, text: String(error) }));
      this.pending.add(announcement);
      void announcement.finally(() => this.pending.delete(announcement));
    }
    return { status: 200, text: `<p>${channel === 'CVS' ? '超商代碼' : 'ATM'} 取號成功</p>` };
  }

  /** QueryPaymentInfo: TimeStamp within 3 minutes, the number answered url-encoded and signed. */
  private queryPaymentInfo(fields: Record<string, string>): { status: number; text: string; type: string } {
    const type = 'text/plain; charset=utf-8';
    const nowSeconds = Math.floor(this.options.clock.now().getTime() / 1000);
    const fresh = /^\d{1,12}$/.test(fields.TimeStamp ?? '') && Math.abs(Number(fields.TimeStamp) - nowSeconds) <= 180;
    if (!hasValidEcpayCheckMacValue(fields, this.keys) || !fresh || fields.MerchantID !== this.options.merchantId) {
      return { status: 200, text: 'CheckMacValue Error', type };
    }
    const trade = this.trades.get(fields.MerchantTradeNo ?? '');
    const answer =
      trade && !trade.paid
        ? this.paymentInfoFields(trade)
        : signEcpayFields(
            {
              MerchantID: this.options.merchantId,
              MerchantTradeNo: fields.MerchantTradeNo ?? '',
              RtnCode: RTN_NO_TRADE,
              RtnMsg: '查無交易',
            },
            this.keys,
          );
    return { status: 200, text: new URLSearchParams(answer).toString(), type };
  }

  /** The number as ECPay announces and answers it, tampered with when a test asks. */
  private paymentInfoFields(trade: FakeEcpayTrade): Record<string, string> {
    const shift = this.tampering.expiryShiftMs ?? 0;
    const expireDate =
      shift === 0
        ? trade.expireDate
        : trade.channel === 'CVS'
          ? gatewayTime(new Date((parseGatewayTime(trade.expireDate)?.getTime() ?? 0) + shift))
          : new Date(Date.parse(`${trade.expireDate.replaceAll('/', '-')}T00:00:00Z`) + shift)
              .toISOString()
              .slice(0, 10)
              .replaceAll('-', '/');
    const common = {
      MerchantID: this.options.merchantId,
      MerchantTradeNo: trade.merchantTradeNo,
      StoreID: '',
      RtnMsg: trade.channel === 'CVS' ? 'Get CVS Code Succeeded.' : 'Get VirtualAccount Succeeded',
      TradeNo: trade.tradeNo,
      TradeAmt: String(trade.amount + (this.tampering.amountDelta ?? 0)),
      PaymentType: trade.paymentType,
      TradeDate: trade.tradeDate,
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
      ExpireDate: expireDate,
    };
    const own: Record<string, string> =
      trade.channel === 'CVS'
        ? { RtnCode: RTN_CVS_ISSUED, PaymentNo: trade.paymentNo ?? '', Barcode1: '', Barcode2: '', Barcode3: '' }
        : { RtnCode: RTN_ATM_ISSUED, BankCode: trade.bankCode ?? '', vAccount: trade.vAccount ?? '' };
    return signEcpayFields({ ...common, ...own }, this.keys);
  }
}
