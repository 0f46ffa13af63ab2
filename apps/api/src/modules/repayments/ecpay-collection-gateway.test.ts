import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPAY_GATEWAY_UNAVAILABLE } from '@app/contract/messages/repayments.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import { buildApp } from '../../app.ts';
import { collectionNotifications } from '../../db/schema/repayments.ts';
import { DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { gatewayTime } from '../../domain/taipei-time.ts';
import { signEcpayFields } from '../../net/ecpay-check-mac-value.ts';
import { HOUR, ManualClock, refusal, startAccountsServer, type AccountsServer } from '../../test/accounts-test-kit.ts';
import { FakeEcpayServer } from '../../test/fake-ecpay-server.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';
import { collect, detailOf, openRepayingOrder } from '../../test/repayments-test-kit.ts';
import { openPerFile, testConfig } from '../../test/test-server.ts';
import { EcpayCollectionGateway, ecpayTradeNumber, requestIdOfTradeNumber } from './ecpay-collection-gateway.ts';

/**
 * The ECPay gateway end to end on the real app: borrowers ask for codes over the wire,
 * the app takes them from a fake ECPay on 127.0.0.1 (real HTTP, CheckMacValue both ways),
 * and the fake posts the payment-info and paid notifications to the app's public URLs.
 */

/** ECPay's public test merchant (全方位金流 測試介接資訊). */
const MERCHANT = { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' };
/** What ECPay is told; the fake forwards it to the test server, as DNS and a proxy would. */
const PUBLIC_BASE_URL = 'https://lender.example.test';
const ACK = '1|OK';

const logLines: string[] = [];
const clock = new ManualClock(Date.parse('2030-01-31T02:00:00Z'));
let fakeEcpay: FakeEcpayServer | undefined;

const { database, server } = openPerFile(
  async (db): Promise<AccountsServer> => {
    const fake = await FakeEcpayServer.start({ ...MERCHANT, clock });
    const app = await startAccountsServer(db.handle, {
      clock,
      env: {
        ECPAY_MERCHANT_ID: MERCHANT.merchantId,
        ECPAY_HASH_KEY: MERCHANT.hashKey,
        ECPAY_HASH_IV: MERCHANT.hashIv,
        ECPAY_ENDPOINT: fake.baseUrl,
        PUBLIC_BASE_URL,
        LOG_LEVEL: 'info',
        SESSION_IDLE_DAYS: '3650',
      },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    fake.forward(PUBLIC_BASE_URL, app.baseUrl);
    fakeEcpay = fake;
    return {
      ...app,
      async close() {
        await app.close();
        await fake.close();
      },
    };
  },
  { app: true, baseUrl: true, client: true, clock: true, filesDir: true, close: true },
);

const ecpay = (): FakeEcpayServer => {
  if (!fakeEcpay) throw new Error('the fake ECPay starts in the beforeAll');
  return fakeEcpay;
};

async function repayingOrder(amount = 10_000) {
  const user = await createBorrower(server, database.handle);
  const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, amount, 90);
  return { user, orderId };
}

async function postTo(path: string, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  return ecpay().postTo(`${PUBLIC_BASE_URL}${path}`, fields);
}

const notificationsOf = (requestId: string) =>
  database.handle.db
    .select()
    .from(collectionNotifications)
    .where(eq(collectionNotifications.requestId, Number(requestId)));

describe('ECPay: a store code', () => {
  it("is ECPay's code with ECPay's amount and expiry, and its paid notification credits once however often it comes", async () => {
    const { user, orderId } = await repayingOrder();
    const { payment } = await collect(server, user, orderId, 'payoff', 'cvs');
    expect(payment).toMatchObject({ state: 'pending', channel: 'cvs', amount: 10_000, virtualAccount: null });

    const tradeNumber = ecpayTradeNumber('XA', payment!.id);
    const trade = ecpay().trades.get(tradeNumber);
    expect(payment!.storeCode).toBe(trade?.paymentNo);
    expect(trade?.amount).toBe(10_000);
    // 72 hours asked as minutes; ECPay's expiry (Taipei wall clock) is the one shown.
    const expiresAt = new Date(payment!.expiresAt!);
    expect(expiresAt.getTime() - clock.now().getTime()).toBe(72 * HOUR);
    expect(trade?.expireDate).toBe(gatewayTime(expiresAt));
    // No sandbox counter with a real gateway.
    expect(payment!.sandboxPayUrl ?? null).toBeNull();

    const checkout = ecpay().received.find(
      (entry) => entry.path === '/Cashier/AioCheckOut/V5' && entry.fields.MerchantTradeNo === tradeNumber,
    );
    expect(checkout?.fields).toMatchObject({
      MerchantID: MERCHANT.merchantId,
      PaymentType: 'aio',
      TotalAmount: '10000',
      ChoosePayment: 'CVS',
      ChooseSubPayment: 'CVS',
      StoreExpireDate: String(72 * 60),
      EncryptType: '1',
      MerchantTradeDate: gatewayTime(clock.now()),
      ReturnURL: `${PUBLIC_BASE_URL}/repayments/notify/ecpay`,
      PaymentInfoURL: `${PUBLIC_BASE_URL}/repayments/notify/ecpay/payment-info`,
    });
    // The payment-info announcement was verified and acknowledged.
    await ecpay().settled();
    expect(ecpay().paymentInfoAnswers.at(-1)).toEqual({ status: 200, text: ACK });

    // The payer pays at the store: ECPay posts the paid notification, and again.
    expect(await ecpay().pay(tradeNumber, 2)).toEqual([
      { status: 200, text: ACK },
      { status: 200, text: ACK },
    ]);
    const order = await detailOf(server, user, orderId);
    expect(order).toMatchObject({ state: '已結清', outstanding: 0 });
    expect(order.payments.map((item) => [item.id, item.state])).toEqual([[payment!.id, 'paid']]);
    const recorded = await notificationsOf(payment!.id);
    expect(recorded.map((row) => [row.gateway, row.transactionId, row.amount, row.outcome])).toEqual([
      ['ecpay', trade?.tradeNo, 10_000, 'credited'],
    ]);

    // A third copy, later: still acknowledged, nothing changes.
    expect(await postTo('/repayments/notify/ecpay', ecpay().paidNotification(tradeNumber))).toEqual({ status: 200, text: ACK });
    expect(await notificationsOf(payment!.id)).toHaveLength(1);
    expect((await detailOf(server, user, orderId)).state).toBe('已結清');
  });

  it('refuses a bad CheckMacValue or a malformed form with HTTP 400, changes nothing and logs no personal data', async () => {
    const { user, orderId } = await repayingOrder(5_000);
    const { payment } = await collect(server, user, orderId, 'payoff', 'cvs');
    const tradeNumber = ecpayTradeNumber('XA', payment!.id);
    const genuine = ecpay().paidNotification(tradeNumber);
    const before = logLines.length;

    const forged = signEcpayFields({ ...genuine, CheckMacValue: '' }, { hashKey: 'pwFHCqoQZGmho4w7', hashIv: MERCHANT.hashIv });
    for (const fields of [{ ...genuine, TradeAmt: '1' }, forged, { ...genuine, CheckMacValue: 'not-hex' }]) {
      expect(await postTo('/repayments/notify/ecpay', fields)).toEqual({ status: 400, text: '0|CheckMacValue Error' });
    }
    // A field given twice: which value was signed is ambiguous, so it is no notification.
    const twice = await fetch(`${server.baseUrl}/repayments/notify/ecpay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams(genuine).toString()}&TradeAmt=1`,
    });
    expect([twice.status, await twice.text()]).toEqual([400, '0|Bad Request']);
    // Signed, but not our trade number.
    const stranger = signEcpayFields({ ...genuine, MerchantTradeNo: `ZZ${payment!.id}`, CheckMacValue: '' }, MERCHANT);
    expect(await postTo('/repayments/notify/ecpay', stranger)).toEqual({ status: 400, text: '0|Bad Request' });
    // The payment-info route checks the same way.
    expect(await postTo('/repayments/notify/ecpay/payment-info', { ...genuine, RtnCode: '10100073' })).toEqual({
      status: 400,
      text: '0|CheckMacValue Error',
    });
    expect((await fetch(`${server.baseUrl}/repayments/notify/newebpay`, { method: 'POST', body: 'a=1' })).status).toBe(404);

    expect((await detailOf(server, user, orderId)).state).toBe('待還款');
    expect(await notificationsOf(payment!.id)).toEqual([]);
    const logged = logLines.slice(before).join('');
    expect(logged).toContain('collection notification refused');
    for (const secret of [user.mobile, user.idNumber, payment!.storeCode!, genuine.CheckMacValue!, MERCHANT.hashKey])
      expect(logged).not.toContain(secret);

    // The genuine one still credits afterwards.
    expect(await postTo('/repayments/notify/ecpay', genuine)).toEqual({ status: 200, text: ACK });
    expect((await detailOf(server, user, orderId)).state).toBe('已結清');
  });
});

describe('ECPay: a virtual account', () => {
  it("is ECPay's account at its bank, valid to the request's Taipei day, credited when paid", async () => {
    const { user, orderId } = await repayingOrder(12_000);
    const { payment } = await collect(server, user, orderId, 'payoff', 'atm');
    const tradeNumber = ecpayTradeNumber('XA', payment!.id);
    const trade = ecpay().trades.get(tradeNumber);
    expect(payment!.virtualAccount).toEqual({ bankCode: '004', bankName: '臺灣銀行', account: trade?.vAccount });
    expect(payment!.storeCode).toBeNull();
    const checkout = ecpay().received.find(
      (entry) => entry.path === '/Cashier/AioCheckOut/V5' && entry.fields.MerchantTradeNo === tradeNumber,
    );
    // 72 hours from a morning of 2030/01/31 end on 2030/02/03: three Taipei days, payable to the end of the last.
    expect(checkout?.fields).toMatchObject({ ChoosePayment: 'ATM', ChooseSubPayment: 'BOT', ExpireDate: '3' });
    expect(trade?.expireDate).toBe('2030/02/03');
    expect(taipeiCalendarDate(new Date(payment!.expiresAt!))).toBe('2030-02-03');

    expect(await ecpay().pay(tradeNumber)).toEqual([{ status: 200, text: ACK }]);
    expect((await detailOf(server, user, orderId)).state).toBe('已結清');
  });
});

describe("ECPay's answer must agree with the request", () => {
  it('refuses to issue when ECPay answers another amount or an earlier expiry, and the borrower is told to transfer instead', async () => {
    try {
      for (const tampering of [{ amountDelta: 1 }, { expiryShiftMs: -HOUR }]) {
        ecpay().tampering = tampering;
        const { user, orderId } = await repayingOrder(8_000);
        for (const channel of ['cvs', 'atm'] as const) {
          if (channel === 'atm' && tampering.expiryShiftMs) ecpay().tampering = { expiryShiftMs: -24 * HOUR };
          const { result, payment } = await collect(server, user, orderId, 'payoff', channel);
          expect(payment).toBeNull();
          expect(result.envelope).toEqual(refusal(REPAY_GATEWAY_UNAVAILABLE));
        }
      }
    } finally {
      ecpay().tampering = {};
    }
    const refused = logLines.filter((line) => line.includes('collection number not issued'));
    expect(refused.some((line) => line.includes('amount 8001 is not the request'))).toBe(true);
    expect(refused.some((line) => line.includes('store code expiry'))).toBe(true);
    expect(refused.some((line) => line.includes('account expiry'))).toBe(true);
  });
});

describe('the ECPay gateway on its own', () => {
  const gateway = (endpoint: string) =>
    new EcpayCollectionGateway({
      config: { ...MERCHANT, endpoint, tradePrefix: 'XA', atmBank: 'BOT' },
      publicBaseUrl: PUBLIC_BASE_URL,
      productName: '小安貸',
      now: () => clock.now(),
      bankName: () => null,
    });
  const paid = (extra: Record<string, string> = {}) =>
    signEcpayFields(
      {
        MerchantID: MERCHANT.merchantId,
        MerchantTradeNo: 'XA42',
        RtnCode: '1',
        RtnMsg: '交易成功',
        TradeNo: '2301011234567890',
        TradeAmt: '100',
        PaymentDate: '2030/01/31 10:05:00',
        PaymentType: 'CVS_CVS',
        SimulatePaid: '0',
        ...extra,
      },
      MERCHANT,
    );

  it('maps a request id to a MerchantTradeNo of at most 20 letters and digits, and reads it back strictly', () => {
    expect(ecpayTradeNumber('XA', '42')).toBe('XA42');
    expect(ecpayTradeNumber('ABCDEFGH', '2147483647')).toBe('ABCDEFGH2147483647');
    for (const id of ['0', '042', '-1', '2147483648', '1e3', '']) expect(() => ecpayTradeNumber('XA', id)).toThrow();
    expect(requestIdOfTradeNumber('XA', 'XA42')).toBe('42');
    for (const text of ['XA', 'XA042', 'XB42', 'xa42', 'XA42 ', 'XA2147483648', 'XAXA42', undefined])
      expect(requestIdOfTradeNumber('XA', text)).toBeNull();
  });

  it('reads a paid notification, its Taipei payment time, and never a production simulation as money', () => {
    const stage = gateway('https://payment-stage.ecpay.com.tw');
    expect(stage.readNotification(paid())).toEqual({
      ok: true,
      notification: {
        requestId: '42',
        transactionId: '2301011234567890',
        amount: 100,
        paid: true,
        resultCode: '1',
        paidAt: new Date('2030-01-31T02:05:00Z'),
      },
    });
    // On the stage a simulated payment is how a tester pays; in production it moved no money.
    expect(stage.readNotification(paid({ SimulatePaid: '1' }))).toMatchObject({ ok: true, notification: { paid: true } });
    expect(gateway('https://payment.ecpay.com.tw').readNotification(paid({ SimulatePaid: '1' }))).toMatchObject({
      ok: true,
      notification: { paid: false, transactionId: '2301011234567890:simulated', resultCode: 'simulated' },
    });
    expect(stage.readNotification(paid({ RtnCode: '10100248' }))).toMatchObject({
      ok: true,
      notification: { paid: false, resultCode: '10100248' },
    });
    expect(stage.readNotification(paid({ MerchantID: '2000132' }))).toEqual({ ok: false, reason: 'malformed' });
    expect(stage.readNotification(paid({ TradeAmt: '1.5' }))).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reads the payment-info announcement: 2 (ATM) and 10100073 (CVS) issue a number', () => {
    const stage = gateway('https://payment-stage.ecpay.com.tw');
    expect(stage.readIssuedNotification(paid({ RtnCode: '10100073', PaymentNo: 'LLL12345678901' }))).toEqual({
      ok: true,
      notification: { requestId: '42', issued: true, resultCode: '10100073', amount: 100, code: 'LLL12345678901' },
    });
    expect(stage.readIssuedNotification(paid({ RtnCode: '2', BankCode: '004', vAccount: '91234567890123' }))).toMatchObject({
      ok: true,
      notification: { issued: true, code: '91234567890123' },
    });
    expect(stage.readIssuedNotification(paid({ RtnCode: '10100058' }))).toMatchObject({
      ok: true,
      notification: { issued: false, code: null },
    });
    expect(stage.readIssuedNotification(paid({ RtnCode: '2' }))).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('production without a real collection gateway', () => {
  it('refuses to build the app rather than fall back to the sandbox', async () => {
    const config = {
      ...testConfig({
        APP_CIPHER_KEY: Buffer.alloc(32, 3).toString('base64'),
        OTP_SECRET: Buffer.alloc(32, 4).toString('base64'),
        PAYMENT_NOTIFY_SECRET: 'gateway-notify-key-0123456789',
      }),
      // A configuration built by hand: env.ts refuses this environment before any app is built.
      nodeEnv: 'production' as const,
    };
    await expect(buildApp(config, { database: database.handle })).rejects.toThrow(/no collection gateway in production/);
  });
});
