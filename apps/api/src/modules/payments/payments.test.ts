import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { orderInstalments } from '../../db/schema/repayments.ts';
import { payouts } from '../../db/schema/payments.ts';
import { gatewayTime } from '../../domain/taipei-time.ts';
import { startAccountsServer, type AccountsServer } from '../../test/accounts-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';
import { eventually, stateChanges, submittedOrder } from '../../test/order-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { testConfig } from '../../test/test-server.ts';
import { changeOrderState } from '../orders/change-order-state.ts';
import { getOrder } from '../orders/get-order.ts';
import type { PaymentProvider, PayoutRequest } from './payment-provider.ts';
import { canonicalFields, computeCheckValue, hasValidCheckValue, signFields } from '../../net/check-value.ts';
import { requestPayout } from './request-payout.ts';

/**
 * The notification route, driven by hand: the sandbox's own delivery waits ten minutes
 * here (PAYOUT_SANDBOX_DELAY_MS), so each notification below is the test's. The sandbox's
 * real delivery (twice, over HTTP) runs in the decisions tests.
 */

let database: TestDatabase;
let server: AccountsServer;
const logLines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startAccountsServer(database.handle, {
    env: { PAYOUT_SANDBOX_DELAY_MS: '600000', JOB_POLLING_MS: '500', LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
});

let serverClosed = false;

afterAll(async () => {
  if (!serverClosed) await server?.close();
  await database?.dispose();
});

const db = () => database.handle.db;

/** An order in 放款中 whose payout the sandbox accepted (its own notification is ten minutes away). */
async function disbursingOrder(amount = 10_000) {
  const borrower = await createBorrower(server, database.handle);
  const now = server.clock.now();
  const orderId = await submittedOrder(db(), borrower, { amount, now });
  const payoutId = await db().transaction(async (tx) => {
    expect(await changeOrderState({ db: tx, orderId, from: ['審核中'], to: '已核准', cause: 'decision', at: now })).toBe(true);
    expect(await changeOrderState({ db: tx, orderId, from: ['已核准'], to: '放款中', cause: 'decision', at: now })).toBe(true);
    return (await requestPayout({ db: tx, jobs: server.app.jobs, orderId, amount, policy: server.app.config.payouts, now })).payoutId;
  });
  const payout = await eventually(async () => {
    const [row] = await db().select().from(payouts).where(eq(payouts.id, payoutId));
    return row?.providerTransactionId ? row : undefined;
  }, 'the sandbox to accept the payout');
  return { borrower, orderId, payout };
}

function notification(fields: { payoutId: number; tradeNo: string; amount: number; rtnCode?: string }) {
  return {
    MerchantID: 'SANDBOX',
    MerchantTradeNo: String(fields.payoutId),
    TradeNo: fields.tradeNo,
    TradeAmt: String(fields.amount),
    RtnCode: fields.rtnCode ?? '1',
    RtnMsg: 'Succeeded',
    PaymentDate: gatewayTime(new Date('2030-03-05T02:00:00Z')),
  };
}

async function post(fields: Record<string, string>, path = '/payments/notify/sandbox') {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, text: await response.text() };
}

const secret = () => server.app.config.paymentNotifySecret;

async function payoutRow(id: number) {
  const [row] = await db().select().from(payouts).where(eq(payouts.id, id));
  return row;
}

describe('check value (CheckMacValue)', () => {
  it('signs the sorted key=value form of every other field with HMAC-SHA256', () => {
    const fields = { b: '2', a: '1', CheckMacValue: 'ignored', c: '中文' };
    expect(canonicalFields(fields)).toBe('a=1&b=2&c=中文');
    // Known answer, from `printf 'a=1&b=2&c=中文' | openssl dgst -sha256 -hmac key-0123456789abcdef`.
    expect(computeCheckValue(fields, 'key-0123456789abcdef')).toBe('84F5B7219BA5B9E86507103BD7131E995A994B4C74839BBCBA45BFAEC66608E6');
    expect(hasValidCheckValue(signFields({ a: '1', b: '2', c: '中文' }, 'key-0123456789abcdef'), 'key-0123456789abcdef')).toBe(true);
    expect(hasValidCheckValue({ ...signFields({ a: '1' }, 'key-0123456789abcdef'), a: '2' }, 'key-0123456789abcdef')).toBe(false);
    expect(hasValidCheckValue(signFields({ a: '1' }, 'another-key-0123456'), 'key-0123456789abcdef')).toBe(false);
    expect(hasValidCheckValue({ a: '1', CheckMacValue: 'short' }, 'key-0123456789abcdef')).toBe(false);
    expect(hasValidCheckValue({ a: '1' }, 'key-0123456789abcdef')).toBe(false);
  });
});

describe('payout notifications (POST /payments/notify/sandbox, form-encoded)', () => {
  it('applies a valid notification once though it arrives twice: 待還款 with the schedule from the payout date', async () => {
    const { orderId, payout } = await disbursingOrder(12_000);
    const fields = signFields(notification({ payoutId: payout.id, tradeNo: payout.providerTransactionId!, amount: 12_000 }), secret());
    // Both deliveries at once: the payout row's lock lets one apply.
    const answers = await Promise.all([post(fields), post(fields)]);
    expect(answers).toEqual([
      { status: 200, text: '1|OK' },
      { status: 200, text: '1|OK' },
    ]);
    const order = await getOrder({ db: db(), orderId });
    expect(order?.state).toBe('待還款');
    // The payout date is the notification's Taipei date (10:00 on 5 March in Taipei).
    expect(order?.disbursedOn).toBe('2030-03-05');
    const instalments = await db().select().from(orderInstalments).where(eq(orderInstalments.orderId, orderId));
    expect(instalments).toHaveLength(1);
    expect(instalments[0]?.principal).toBe(12_000);
    expect((await stateChanges(db(), orderId)).filter((change) => change.to === '待還款')).toEqual([{ to: '待還款', cause: 'payout' }]);
    expect(await payoutRow(payout.id)).toMatchObject({ state: 'completed', providerTransactionId: payout.providerTransactionId });

    // A third delivery later: acknowledged, nothing changes.
    expect(await post(fields)).toEqual({ status: 200, text: '1|OK' });
    expect(await stateChanges(db(), orderId)).toHaveLength(5);
  });

  it('refuses a notification with a bad check value (HTTP 400), changes nothing and logs no field', async () => {
    const { orderId, payout, borrower } = await disbursingOrder();
    const genuine = signFields(notification({ payoutId: payout.id, tradeNo: payout.providerTransactionId!, amount: 10_000 }), secret());
    const forged = signFields(
      notification({ payoutId: payout.id, tradeNo: payout.providerTransactionId!, amount: 10_000 }),
      'not-the-gateway-key-at-all',
    );
    const tampered = { ...genuine, TradeAmt: '1' };
    const unsigned = notification({ payoutId: payout.id, tradeNo: payout.providerTransactionId!, amount: 10_000 });
    const before = logLines.length;
    for (const fields of [forged, tampered, unsigned]) {
      expect(await post(fields)).toEqual({ status: 400, text: '0|CheckMacValue Error' });
    }
    expect(await payoutRow(payout.id)).toMatchObject({ state: 'requested', settledAt: null });
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('放款中');
    const logged = logLines.slice(before).join('');
    expect(logged).toContain('payment notification refused');
    expect(logged).not.toContain(payout.providerTransactionId!);
    expect(logged).not.toContain(genuine.CheckMacValue!);
    expect(logged).not.toContain(borrower.mobile);
  });

  it('holds a notification whose amount differs from the payout (needs_review), never applied', async () => {
    const { orderId, payout } = await disbursingOrder(10_000);
    const wrong = signFields(notification({ payoutId: payout.id, tradeNo: payout.providerTransactionId!, amount: 9_000 }), secret());
    expect(await post(wrong)).toEqual({ status: 200, text: '1|OK' });
    expect(await payoutRow(payout.id)).toMatchObject({
      state: 'needs_review',
      detail: { reason: 'amountMismatch', notifiedAmount: 9_000 },
    });
    const order = await getOrder({ db: db(), orderId });
    expect(order?.state).toBe('放款中');
    expect(order?.disbursedOn).toBeNull();
    expect(await db().select().from(orderInstalments).where(eq(orderInstalments.orderId, orderId))).toEqual([]);

    // The right amount afterwards does not release it: staff decide.
    const right = signFields(notification({ payoutId: payout.id, tradeNo: payout.providerTransactionId!, amount: 10_000 }), secret());
    expect(await post(right)).toEqual({ status: 200, text: '1|OK' });
    expect((await payoutRow(payout.id))?.state).toBe('needs_review');
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('放款中');
  });

  it('records a failed payout and leaves the order 放款中 for staff', async () => {
    const { orderId, payout } = await disbursingOrder();
    const failed = signFields(
      notification({ payoutId: payout.id, tradeNo: payout.providerTransactionId!, amount: 10_000, rtnCode: '10100058' }),
      secret(),
    );
    expect(await post(failed)).toEqual({ status: 200, text: '1|OK' });
    expect(await payoutRow(payout.id)).toMatchObject({ state: 'failed', detail: { resultCode: '10100058' } });
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('放款中');
  });

  it('refuses an unknown payout, another transaction id is held, and an unknown provider is not found', async () => {
    const { payout } = await disbursingOrder();
    const unknown = signFields(notification({ payoutId: 2_000_000_000, tradeNo: 'SBX-X', amount: 10_000 }), secret());
    expect(await post(unknown)).toEqual({ status: 400, text: '0|Unknown Trade' });
    expect((await post({ a: '1' }, '/payments/notify/ecpay')).status).toBe(404);
    expect(await post({ MerchantTradeNo: '1', MerchantTradeNo2: '2' })).toEqual({ status: 400, text: '0|CheckMacValue Error' });

    const otherTransaction = signFields(notification({ payoutId: payout.id, tradeNo: 'SBX-SOMEONE-ELSE', amount: 10_000 }), secret());
    expect(await post(otherTransaction)).toEqual({ status: 200, text: '1|OK' });
    expect(await payoutRow(payout.id)).toMatchObject({ state: 'needs_review', detail: { reason: 'transactionMismatch' } });
  });

  it('records one payout per order: a repeated request answers the first', async () => {
    const { orderId, payout } = await disbursingOrder();
    const again = await requestPayout({
      db: db(),
      jobs: server.app.jobs,
      orderId,
      amount: 10_000,
      policy: server.app.config.payouts,
      now: server.clock.now(),
    });
    expect(again).toEqual({ payoutId: payout.id, created: false });
    expect(await db().select().from(payouts).where(eq(payouts.orderId, orderId))).toHaveLength(1);
  });
});

describe('a gateway adapter behind the same interface', () => {
  it("receives the payout with the order's receiving account, and its transaction id is kept", async () => {
    const borrower = await createBorrower(server, database.handle);
    // Only the app with the adapter runs jobs from here on.
    await server.close();
    serverClosed = true;
    const requests: PayoutRequest[] = [];
    const adapter: PaymentProvider = {
      name: 'gateway',
      acknowledgement: '1|OK',
      async requestPayout(request) {
        requests.push(request);
        return { providerTransactionId: `GW${request.payoutId}` };
      },
      readNotification: () => ({ ok: false, reason: 'signature' }),
    };
    const app = await buildApp(testConfig({ JOB_POLLING_MS: '500' }), { database: database.handle, paymentProvider: adapter });
    try {
      await app.ready();
      const now = new Date();
      const orderId = await submittedOrder(db(), borrower, { amount: 8_000, now });
      const payoutId = await db().transaction(async (tx) => {
        await changeOrderState({ db: tx, orderId, from: ['審核中'], to: '已核准', cause: 'decision', at: now });
        await changeOrderState({ db: tx, orderId, from: ['已核准'], to: '放款中', cause: 'decision', at: now });
        return (await requestPayout({ db: tx, jobs: app.jobs, orderId, amount: 8_000, policy: app.config.payouts, now })).payoutId;
      });
      const row = await eventually(async () => {
        const found = await payoutRow(payoutId);
        return found?.providerTransactionId ? found : undefined;
      }, 'the adapter to accept the payout');
      expect(row).toMatchObject({ provider: 'gateway', providerTransactionId: `GW${payoutId}`, state: 'requested' });
      expect(requests).toEqual([
        {
          payoutId: String(payoutId),
          amount: 8_000,
          bankAccount: {
            bankCode: '004',
            branchCode: '0040037',
            accountNumber: expect.stringMatching(/^1234567\d{7}$/),
            holderName: borrower.name,
          },
        },
      ]);
      // The sandbox's path is not served when an adapter is configured.
      const answer = await app.inject({
        method: 'POST',
        url: '/payments/notify/sandbox',
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('payment provider in production', () => {
  it('refuses to start with the sandbox provider', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      APP_CIPHER_KEY: Buffer.alloc(32, 3).toString('base64'),
      OTP_SECRET: Buffer.alloc(32, 4).toString('base64'),
      PAYMENT_NOTIFY_SECRET: 'gateway-notify-key-0123456789',
      ADMIN_SESSION_SECRET: Buffer.alloc(32, 5).toString('base64'),
      // Keys of the data sealed at rest, which production also requires.
      DATA_KEYS: `k1:${Buffer.alloc(32, 6).toString('base64')}`,
      BLIND_INDEX_KEY: Buffer.alloc(32, 7).toString('base64'),
      // A collection gateway, which production also requires: the refusal left is the payouts'.
      ECPAY_MERCHANT_ID: '3002607',
      ECPAY_HASH_KEY: 'pwFHCqoQZGmho4w6',
      ECPAY_HASH_IV: 'EkRm7iFT261dpevs',
      ECPAY_ENDPOINT: 'https://payment-stage.ecpay.com.tw',
      PUBLIC_BASE_URL: 'https://lender.example.test',
    });
    await expect(buildApp(config, { database: database.handle })).rejects.toThrow(/sandbox payment provider is refused in production/);
  });
});
