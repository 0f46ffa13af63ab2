import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TAdminOrderDetailResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import type {
  TBankBatchCreatedResponse,
  TBankResultImportResponse,
  TPayoutListResponse,
} from '@app/contract/admin/admin-payout-schemas.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { CONTRACT_NOT_FOUND } from '@app/contract/messages/contracts.ts';
import { BANK_CARD_NOT_FOUND, BANK_HOLDER_NAME_MISMATCH } from '@app/contract/messages/bank-accounts.ts';
import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import {
  PAYOUT_ACCOUNT_NOT_FAILED,
  PAYOUT_ACCOUNT_SAME,
  PAYOUT_ADDENDUM_LABELS,
  PAYOUT_ADDENDUM_TITLE,
  PAYOUT_FAILURE_REASONS,
  payoutAccountAddendumText,
  payoutAddendumNotPaid,
  payoutAddendumPaidTo,
  payoutAccountChangedEventText,
  payoutFailedEventText,
  payoutFailedSms,
  payoutFailureKind,
} from '@app/contract/messages/payout-account.ts';
import type { TLoanIndexResponse } from '@app/contract/schemas/loans.ts';
import type { TChangePayoutAccountResponse } from '@app/contract/schemas/orders.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import { eq, sql } from 'drizzle-orm';
import { isReminderTime, nextReminderTime } from '../../domain/reminder-hours.ts';
import type { ConsoleSmsProvider } from '../../plugins/sms.ts';
import { loanContracts } from '../../db/schema/contracts.ts';
import { loanOrders, receivingAccountChanges } from '../../db/schema/orders.ts';
import { payouts } from '../../db/schema/payments.ts';
import { accountsServerPerFile, bodyOf, refusal, type LoggedIn } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient, type AdminClient } from '../../test/admin-test-kit.ts';
import { bindBankCard, createBorrower } from '../../test/lending-test-kit.ts';
import { disbursingOrder, stateChanges } from '../../test/order-test-kit.ts';
import { detailOf } from '../../test/repayments-test-kit.ts';
import { importBankResultByOperator } from '../admin/bank-batch-files.ts';
import { findOwnBankAccount } from '../bank-accounts/find-own-bank-account.ts';
import { getOrder } from '../orders/get-order.ts';
import { decodeBankFile, parseCsv } from './bank-batch-file.ts';
import type { PayoutPolicy } from './request-payout.ts';
import { TELL_PAYOUT_FAILED_QUEUE, tellPayoutFailed } from './tell-payout-failed.ts';

/**
 * A payout the bank returned failed because of the account (decision 0169): the borrower
 * sees 撥款失敗 with the reason in words, names another of their own accounts for the order
 * (only the order's owner, only while the payout is failed and not retried, nothing else
 * changed), finance retries from the console as for any failed payout, and the retry goes
 * to the new account and is paid once. And the bank's result file read in Big5 or UTF-8.
 */

const POLICY: PayoutPolicy = { releaseAbove: 50_000, twoPeopleAbove: 100_000, channel: 'bank' };
const { server, database } = accountsServerPerFile({
  env: {
    DECISION_DELAY_MS: '1',
    JOB_POLLING_MS: '500',
    PAYOUT_RELEASE_ABOVE: String(POLICY.releaseAbove),
    PAYOUT_TWO_PEOPLE_ABOVE: String(POLICY.twoPeopleAbove),
    PAYOUT_CHANNEL: 'bank',
  },
});
const db = () => database.handle.db;

/** An order moved by hand into 放款中 with its bank payout recorded (going out at once: below the release threshold). */
const disbursing = () => disbursingOrder(server, database.handle, { amount: 10_000, policy: POLICY });

/** More than this test's sign-ins and operator steps move the clock before the result file is read. */
const SETUP_CLOCK_SPAN_MS = 3 * 60 * 60 * 1000;

const reference = (payoutId: number) => `PO${String(payoutId).padStart(10, '0')}`;

async function newBatch(client: AdminClient): Promise<string> {
  const created = await client.call(ADMIN_ROUTES.createBankBatch);
  expect(created.status).toBe(200);
  return (created.json as TBankBatchCreatedResponse).batch;
}

async function batchText(client: AdminClient, batch: string): Promise<string> {
  const result = await client.call(ADMIN_ROUTES.downloadBankBatch, { params: { batch } });
  expect(result.json).toBeInstanceOf(ArrayBuffer);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(result.json as ArrayBuffer);
}

/** The bank's result file for a batch: each row 成功 unless `answers` names its reference with [status, reason]. */
async function resultFile(client: AdminClient, batch: string, answers: Record<string, [string, string]>): Promise<string> {
  const [header = [], ...rows] = parseCsv(await batchText(client, batch));
  const at = header.indexOf('參考編號');
  return [[...header, '處理結果', '失敗原因'], ...rows.map((cells) => [...cells, ...(answers[cells[at] ?? ''] ?? ['成功', ''])])]
    .map((cells) => cells.join(','))
    .join('\r\n');
}

/** Uploads a result file's bytes as the console does (base64). */
async function uploadResult(client: AdminClient, bytes: Uint8Array, fileName = 'result.csv'): Promise<TBankResultImportResponse> {
  const imported = await client.call(ADMIN_ROUTES.importBankResult, {
    body: { fileName, contentBase64: Buffer.from(bytes).toString('base64') },
  });
  expect(imported.status).toBe(200);
  return imported.json as TBankResultImportResponse;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function changeAccount(user: LoggedIn, orderId: number, cardId: string) {
  return server.client.call(ENDPOINTS.changePayoutAccount, { orderId: String(orderId), cardId }, user.headers);
}

async function orderRow(orderId: number) {
  const [row] = await db().select().from(loanOrders).where(eq(loanOrders.id, orderId));
  return row!;
}

/** The loans home as the app reads it (loan/common/index). */
const homeOf = async (user: LoggedIn) =>
  bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {}, user.headers)).envelope);

/** The contract view as the web app reads it (raw HTML, never an envelope). */
async function contractPage(user: LoggedIn, orderId: number): Promise<{ status: number; text: string }> {
  const request = encodeRequest(ENDPOINTS.viewContract, { orderId: String(orderId) }, server.client.cipher, server.baseUrl, user.headers);
  const response = await fetch(request.url, { headers: request.headers });
  return { status: response.status, text: await response.text() };
}

/** A signed contract stored for an order made by hand (the test's orders skip the signing page); its HTML. */
async function storeSignedContract(orderId: number, userId: number): Promise<string> {
  const html = `<!doctype html><html><head><title>借款契約</title></head><body><article class="loan-contract"><h1>借款契約</h1><p>撥款帳戶：簽約時的帳戶</p></article></body></html>`;
  await db()
    .insert(loanContracts)
    .values({
      orderId,
      userId,
      contractNo: `C-TEST-${orderId}`,
      templateVersion: 'v1',
      html,
      sha256: createHash('sha256').update(html, 'utf8').digest('hex'),
      signatureImageKey: 'test-signature',
      signedAt: server.clock.now(),
      clientAddress: '127.0.0.1',
      userAgent: 'test',
    });
  return html;
}

const changesOf = (orderId: number) => db().select().from(receivingAccountChanges).where(eq(receivingAccountChanges.orderId, orderId));

describe('a failed payout paid into another account', () => {
  // Many steps through HTTP (two files, two imports, a retry): a generous ceiling for a loaded machine, not a timing check.
  it(
    'shows the failure in words, takes another own account, and the retry pays the new account exactly once',
    { timeout: 120_000 },
    async () => {
      const finance = await signedInClient(server, await enrolledOperator(server, 'account-finance', 'finance'));
      const support = await signedInClient(server, await enrolledOperator(server, 'account-support', 'support'));
      const failing = await disbursing();
      const { borrower, orderId, payoutId } = failing;
      const oldCard = borrower.bankCardId;
      const oldAccount = await findOwnBankAccount({ db: db(), userId: Number(borrower.userId), cardId: oldCard });
      const first = await newBatch(finance);
      expect(await batchText(finance, first)).toContain(`,${oldAccount.accountNumber},`);

      // The bank answers in UTF-8 with a BOM: the account number does not exist.
      const failed = await uploadResult(
        finance,
        utf8(`\uFEFF${await resultFile(finance, first, { [reference(payoutId)]: ['失敗', '帳號錯誤'] })}`),
      );
      expect(failed.counts).toMatchObject({ failed: 1 });

      const before = await detailOf(server, borrower, orderId);
      expect(before.state).toBe('放款中');
      expect(before.payoutFailure).toMatchObject({
        reason: PAYOUT_FAILURE_REASONS.accountNumber,
        accountProblem: true,
        canChangeAccount: true,
        changedTo: null,
      });
      expect(before.events.map((event) => event.text)).toContain(payoutFailedEventText(PAYOUT_FAILURE_REASONS.accountNumber));
      const oldLabel = before.bankAccount;
      expect(before.payoutFailure?.failedAccount).toBe(oldLabel);
      // The loans home says it too: the failed account, the reason in words, another account asked for.
      expect((await homeOf(borrower)).openOrder).toEqual({
        id: String(orderId),
        state: '放款中',
        payoutFailure: {
          failedAt: before.payoutFailure?.failedAt,
          reason: PAYOUT_FAILURE_REASONS.accountNumber,
          failedAccount: oldLabel,
          accountProblem: true,
          canChangeAccount: true,
          changedTo: null,
        },
      });
      const signedHtml = await storeSignedContract(orderId, Number(borrower.userId));
      // Before any change the contract is exactly the stored text: no addendum.
      expect(await contractPage(borrower, orderId)).toEqual({ status: 200, text: signedHtml });
      // Support sees the borrower was asked for another account; finance sees it beside the failed payout.
      const asked = (await support.call(ADMIN_ROUTES.orderDetail, { params: { orderId } })).json as TAdminOrderDetailResponse;
      expect(asked.order.payoutFailure).toMatchObject({ accountProblem: true, changedTo: null });
      const listed = (await finance.call(ADMIN_ROUTES.listPayouts, { query: 'stage=failed' })).json as TPayoutListResponse;
      expect(listed.items.find((item) => item.id === payoutId)).toMatchObject({ accountProblem: true, accountChange: null });

      // A new account goes through bindCard's checks (a name not the borrower's is refused), then is chosen.
      const wrongName = await server.client.call(
        ENDPOINTS.bindCardBind,
        { bankCode: '004', branchCode: '0040037', accountNumber: '123456700000001', holderName: '王不同' },
        borrower.headers,
      );
      expect(wrongName.envelope).toEqual(refusal(BANK_HOLDER_NAME_MISMATCH));
      const newCard = await bindBankCard(server, borrower, borrower.name);
      const newAccount = await findOwnBankAccount({ db: db(), userId: Number(borrower.userId), cardId: newCard });
      const changed = bodyOf<TChangePayoutAccountResponse>((await changeAccount(borrower, orderId, newCard)).envelope);
      expect(changed.bankAccount).toMatch(/\*\*\*\*\d{4}$/);
      expect(changed.bankAccount).toContain(newAccount.accountNumber.slice(-4));
      expect(changed.bankAccount).not.toContain(newAccount.accountNumber);

      const after = await detailOf(server, borrower, orderId);
      expect(after).toMatchObject({
        state: '放款中',
        bankAccount: changed.bankAccount,
        principal: before.principal,
        totalRepayment: before.totalRepayment,
        payoutFailure: { changedTo: changed.bankAccount, canChangeAccount: true },
      });
      expect(after.events.map((event) => event.text)).toContain(payoutAccountChangedEventText(changed.bankAccount));
      // Recorded: who, when, which failed payout, both accounts masked, the addendum confirmed and where from.
      expect(await changesOf(orderId)).toEqual([
        expect.objectContaining({
          failedPayoutId: payoutId,
          fromBankAccountId: Number(oldCard),
          fromLabel: oldLabel,
          toBankAccountId: Number(newCard),
          toLabel: changed.bankAccount,
          cause: 'borrower',
          confirmedText: payoutAccountAddendumText({ from: oldLabel, to: changed.bankAccount }),
          clientAddress: '127.0.0.1',
          userAgent: expect.any(String),
        }),
      ]);
      // The home: the failure answered, the payout under way again to the new account.
      expect((await homeOf(borrower)).openOrder?.payoutFailure).toMatchObject({ failedAccount: oldLabel, changedTo: changed.bankAccount });
      // The contract: the signed text untouched, then the addendum — both accounts, the words confirmed, not paid yet.
      const amended = await contractPage(borrower, orderId);
      expect(amended.status).toBe(200);
      const [signedPart, addendum = ''] = amended.text.split('<article class="loan-contract contract-addendum"');
      expect(`${signedPart}</body></html>`).toBe(signedHtml);
      expect(addendum).toContain(PAYOUT_ADDENDUM_TITLE);
      expect(addendum).toContain(`<th>${PAYOUT_ADDENDUM_LABELS.from}</th><td>${oldLabel}</td>`);
      expect(addendum).toContain(`<th>${PAYOUT_ADDENDUM_LABELS.to}</th><td>${changed.bankAccount}</td>`);
      expect(addendum).toContain(payoutAccountAddendumText({ from: oldLabel, to: changed.bankAccount }));
      expect(addendum).toContain(payoutAddendumNotPaid(changed.bankAccount));
      expect(addendum).not.toContain(newAccount.accountNumber);
      // Another user asking for this order's contract gets the refusal a missing one gets.
      const stranger = await createBorrower(server, database.handle);
      const foreign = await contractPage(stranger, orderId);
      expect(decodeEnvelope(foreign.text, server.client.cipher)).toEqual(refusal(CONTRACT_NOT_FOUND));
      expect((await homeOf(stranger)).openOrder).toBeNull();
      // Nothing else: the default card stays, the principal and terms stay, the payout stays failed.
      const cards = bodyOf<{ cards: Array<{ id: string; isDefault: boolean }> }>(
        (await server.client.call(ENDPOINTS.bindCardList, {}, borrower.headers)).envelope,
      ).cards;
      expect(cards.find((card) => card.isDefault)?.id).toBe(oldCard);
      const [failedRow] = await db().select().from(payouts).where(eq(payouts.id, payoutId));
      expect(failedRow).toMatchObject({ state: 'failed', retriedAt: null });

      const console = (await support.call(ADMIN_ROUTES.orderDetail, { params: { orderId } })).json as TAdminOrderDetailResponse;
      expect(console.payoutFailures).toEqual([
        { text: payoutFailedEventText(PAYOUT_FAILURE_REASONS.accountNumber), at: before.payoutFailure?.failedAt },
      ]);
      expect(console.accountChanges).toEqual([
        expect.objectContaining({ failedPayoutId: payoutId, from: oldLabel, to: changed.bankAccount, cause: 'borrower' }),
      ]);
      const relisted = (await finance.call(ADMIN_ROUTES.listPayouts, { query: 'stage=failed' })).json as TPayoutListResponse;
      expect(relisted.items.find((item) => item.id === payoutId)?.accountChange).toMatchObject({ to: changed.bankAccount });

      // Finance retries as for any failed payout; the next file pays the new account.
      const retried = await finance.call(ADMIN_ROUTES.retryPayout, { params: { id: payoutId } });
      expect(retried).toMatchObject({ status: 200, json: { stage: 'awaitingBatch' } });
      const retryId = (retried.json as { payoutId: number }).payoutId;
      // Once retried, the account can no longer change.
      expect((await changeAccount(borrower, orderId, oldCard)).envelope).toEqual(refusal(PAYOUT_ACCOUNT_NOT_FAILED));
      expect((await detailOf(server, borrower, orderId)).payoutFailure).toBeNull();

      const second = await newBatch(finance);
      const secondFile = await batchText(finance, second);
      const retryLine = secondFile.split('\r\n').find((line) => line.includes(reference(retryId))) ?? '';
      expect(retryLine).toContain(`,${newAccount.accountNumber},`);
      expect(secondFile).not.toContain(oldAccount.accountNumber);

      // The bank pays it; the same file again changes nothing: paid once, one 待還款.
      const paidFile = utf8(await resultFile(finance, second, {}));
      expect((await uploadResult(finance, paidFile)).rows.map((row) => [row.payoutId, row.outcome])).toEqual([[retryId, 'paid']]);
      expect((await uploadResult(finance, paidFile)).rows.map((row) => row.outcome)).toEqual(['alreadySettled']);
      const paid = await detailOf(server, borrower, orderId);
      expect(paid).toMatchObject({ state: '待還款', bankAccount: changed.bankAccount, payoutFailure: null });
      expect((await homeOf(borrower)).openOrder).toMatchObject({ state: '待還款', payoutFailure: null });
      // The addendum now names the account the money was paid to, on the payout day.
      const paidContract = (await contractPage(borrower, orderId)).text;
      expect(paidContract).toContain(payoutAddendumPaidTo((paid.disbursedOn ?? '').replaceAll('-', '/'), changed.bankAccount));
      expect(paidContract.startsWith(signedHtml.replace('</body></html>', ''))).toBe(true);
      expect((await stateChanges(db(), orderId)).filter((change) => change.to === '待還款')).toHaveLength(1);
      const completed = await db().select().from(payouts).where(eq(payouts.orderId, orderId));
      expect(completed.filter((row) => row.state === 'completed').map((row) => row.id)).toEqual([retryId]);
      expect((await changeAccount(borrower, orderId, oldCard)).envelope).toEqual(refusal(PAYOUT_ACCOUNT_NOT_FAILED));
    },
  );

  it('refuses another user’s order or card, a payout not failed, and the same account, changing nothing', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'refusal-finance', 'finance'));
    const { borrower, orderId, payoutId } = await disbursing();
    const other = await createBorrower(server, database.handle);
    const otherCard = await bindBankCard(server, other, other.name);
    const ownCard = await bindBankCard(server, borrower, borrower.name);
    const accountBefore = (await orderRow(orderId)).bankAccountId;

    // Waiting for the bank (requested, in no file yet): not failed.
    expect((await changeAccount(borrower, orderId, ownCard)).envelope).toEqual(refusal(PAYOUT_ACCOUNT_NOT_FAILED));
    const batch = await newBatch(finance);
    // In a file, the bank not answered yet: still not failed.
    expect((await changeAccount(borrower, orderId, ownCard)).envelope).toEqual(refusal(PAYOUT_ACCOUNT_NOT_FAILED));
    await uploadResult(finance, utf8(await resultFile(finance, batch, { [reference(payoutId)]: ['失敗', '戶名不符'] })));
    expect((await detailOf(server, borrower, orderId)).payoutFailure).toMatchObject({
      reason: PAYOUT_FAILURE_REASONS.holderName,
      accountProblem: true,
    });

    // Another user asks for this order (with their own card, or this borrower's): not found, as a missing order.
    expect((await changeAccount(other, orderId, otherCard)).envelope).toEqual(refusal(ORDER_NOT_FOUND));
    expect((await changeAccount(other, orderId, ownCard)).envelope).toEqual(refusal(ORDER_NOT_FOUND));
    expect((await changeAccount(borrower, 999_999_999, ownCard)).envelope).toEqual(refusal(ORDER_NOT_FOUND));
    // The owner names another user's card, or a card that does not exist: not found.
    expect((await changeAccount(borrower, orderId, otherCard)).envelope).toEqual(refusal(BANK_CARD_NOT_FOUND));
    expect((await changeAccount(borrower, orderId, '999999999')).envelope).toEqual(refusal(BANK_CARD_NOT_FOUND));
    // The account it failed to.
    expect((await changeAccount(borrower, orderId, borrower.bankCardId)).envelope).toEqual(refusal(PAYOUT_ACCOUNT_SAME));
    // A visitor: the session check comes first.
    expect(
      (await server.client.call(ENDPOINTS.changePayoutAccount, { orderId: String(orderId), cardId: ownCard }, {})).envelope?.status,
    ).toBe(301);
    expect((await orderRow(orderId)).bankAccountId).toBe(accountBefore);
    expect(await changesOf(orderId)).toEqual([]);

    // The owner may, and may change again before finance retries.
    expect((await changeAccount(borrower, orderId, ownCard)).envelope?.status).toBe(200);
    expect((await changeAccount(borrower, orderId, borrower.bankCardId)).envelope?.status).toBe(200);
    expect((await changesOf(orderId)).map((row) => row.toBankAccountId)).toEqual([Number(ownCard), Number(borrower.bankCardId)]);
  });

  it('asks for no other account after a passing failure, and still lets the borrower give one', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'passing-finance', 'finance'));
    const { borrower, orderId, payoutId } = await disbursing();
    const batch = await newBatch(finance);
    await uploadResult(finance, utf8(await resultFile(finance, batch, { [reference(payoutId)]: ['失敗', '主機忙線'] })));
    expect((await detailOf(server, borrower, orderId)).payoutFailure).toMatchObject({
      reason: PAYOUT_FAILURE_REASONS.other,
      accountProblem: false,
      canChangeAccount: true,
    });
    const card = await bindBankCard(server, borrower, borrower.name);
    expect((await changeAccount(borrower, orderId, card)).envelope?.status).toBe(200);
  });
});

describe('the bank’s result file in Big5 or UTF-8', () => {
  it('reads a Big5 result file through the console’s upload and through the command line’s path alike', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'big5-finance', 'finance'));
    const byConsole = await disbursing();
    const byCommand = await disbursing();
    const batch = await newBatch(finance);
    const text = await resultFile(finance, batch, {
      [reference(byConsole.payoutId)]: ['失敗', '帳戶已結清'],
      [reference(byCommand.payoutId)]: ['失敗', '戶名不符'],
    });
    const big5 = iconv.encode(text, 'cp950');
    // The bytes are Big5 indeed: not valid UTF-8.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(big5)).toThrow();
    expect(decodeBankFile(big5)).toBe(text);

    // The console uploads the file's bytes; rows for the other order are left as they are read (both applied here).
    const report = await uploadResult(finance, big5, 'result-big5.csv');
    expect(report.counts).toMatchObject({ failed: 2, unknown: 0 });
    const [consoleRow] = await db().select().from(payouts).where(eq(payouts.id, byConsole.payoutId));
    expect(consoleRow?.detail).toEqual({ resultCode: 'bank:帳戶已結清' });
    expect((await detailOf(server, byConsole.borrower, byConsole.orderId)).payoutFailure?.reason).toBe(
      PAYOUT_FAILURE_REASONS.accountClosed,
    );

    // The command line hands the file's bytes to the same use case (npm run operator -- import-bank-result).
    const again = await importBankResultByOperator({
      db: db(),
      jobs: server.app.jobs,
      actor: { operatorId: null, operatorName: 'command-line' },
      fileName: 'result-big5.csv',
      content: big5,
      now: server.clock.now(),
    });
    expect(again.rows.map((row) => row.outcome)).toEqual(['alreadySettled', 'alreadySettled']);
    const [commandRow] = await db().select().from(payouts).where(eq(payouts.id, byCommand.payoutId));
    expect(commandRow?.detail).toEqual({ resultCode: 'bank:戶名不符' });
    expect((await getOrder({ db: db(), orderId: byCommand.orderId }))?.state).toBe('放款中');
  });

  it('reads UTF-8 with or without a byte-order mark, and sorts the bank’s reasons', () => {
    const text = '參考編號,金額,處理結果,失敗原因\r\nPO0000000001,1000,失敗,帳號不存在\r\n';
    expect(decodeBankFile(utf8(text))).toBe(text);
    expect(decodeBankFile(utf8(`\uFEFF${text}`))).toBe(text);
    expect(decodeBankFile(iconv.encode(text, 'cp950'))).toBe(text);
    expect(payoutFailureKind('bank:帳號不存在')).toBe('accountNumber');
    expect(payoutFailureKind('bank:帳戶已銷戶')).toBe('accountClosed');
    expect(payoutFailureKind('bank:戶名不符')).toBe('holderName');
    expect(payoutFailureKind('bank:靜止戶')).toBe('accountRestricted');
    expect(payoutFailureKind('bank:系統忙碌')).toBe('other');
    expect(payoutFailureKind('10100058')).toBe('other');
  });

  it('refuses a body with neither the text nor the bytes, or with both', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'body-finance', 'finance'));
    const neither = await finance.call(ADMIN_ROUTES.importBankResult, { body: { fileName: 'r.csv' } });
    expect(neither.status).toBe(400);
    const both = await finance.call(ADMIN_ROUTES.importBankResult, { body: { fileName: 'r.csv', content: 'a', contentBase64: 'YQ==' } });
    expect(both.status).toBe(400);
  });
});

describe('the borrower told of a failed payout', () => {
  it(
    'sends one SMS per failed attempt with the reason and what to do, not at night, and none for a file imported again',
    {
      timeout: 120_000,
    },
    async () => {
      // Reminder hours (07:00-22:00 Taipei) from here to the upload, whenever the suite runs:
      // the sign-ins below move the clock by minutes each (a run at 21:25 crossed 22:00).
      const now = server.clock.now();
      const ahead = new Date(now.getTime() + SETUP_CLOCK_SPAN_MS);
      const start = isReminderTime(now) && isReminderTime(ahead) ? now : nextReminderTime(ahead);
      server.clock.advance(start.getTime() - now.getTime());
      const sms = server.app.sms as ConsoleSmsProvider;
      const finance = await signedInClient(server, await enrolledOperator(server, 'sms-finance', 'finance'));
      const asked = await disbursing();
      const passing = await disbursing();
      const batch = await newBatch(finance);
      const file = await resultFile(finance, batch, {
        [reference(asked.payoutId)]: ['失敗', '帳戶已結清'],
        [reference(passing.payoutId)]: ['失敗', '系統忙碌'],
      });
      expect((await uploadResult(finance, utf8(file))).counts).toMatchObject({ failed: 2 });

      const order = async (orderId: number) => (await getOrder({ db: db(), orderId }))!;
      const told = (mobile: string) => sms.outbox(mobile).filter((message) => message.text.includes('撥款未成功'));
      await expect.poll(() => told(asked.borrower.mobile).length, { timeout: 30_000, interval: 200 }).toBe(1);
      await expect.poll(() => told(passing.borrower.mobile).length, { timeout: 30_000, interval: 200 }).toBe(1);
      const askedOrder = await order(asked.orderId);
      expect(told(asked.borrower.mobile)[0]!.text).toBe(
        payoutFailedSms({
          productName: askedOrder.productName,
          orderNo: askedOrder.orderNo,
          reason: PAYOUT_FAILURE_REASONS.accountClosed,
          accountProblem: true,
        }),
      );
      const passingOrder = await order(passing.orderId);
      expect(told(passing.borrower.mobile)[0]!.text).toBe(
        payoutFailedSms({
          productName: passingOrder.productName,
          orderNo: passingOrder.orderNo,
          reason: PAYOUT_FAILURE_REASONS.other,
          accountProblem: false,
        }),
      );
      // No amount, no account number in the message.
      const account = await findOwnBankAccount({ db: db(), userId: Number(asked.borrower.userId), cardId: asked.borrower.bankCardId });
      expect(told(asked.borrower.mobile)[0]!.text).not.toContain('NT$');
      expect(told(asked.borrower.mobile)[0]!.text).not.toContain(account.accountNumber.slice(-4));

      // The same file again settles nothing and asks for no second message.
      expect((await uploadResult(finance, utf8(file))).counts).toMatchObject({ alreadySettled: 2 });
      const queued = await db().execute(
        sql`select count(*)::int as count from pgboss.job where name = ${TELL_PAYOUT_FAILED_QUEUE} and data->>'payoutId' in (${String(asked.payoutId)}, ${String(passing.payoutId)})`,
      );
      expect((queued as unknown as { rows: Array<{ count: number }> }).rows[0]!.count).toBe(2);

      // A payout retried before its message leaves (asked at night, sent in the morning) is not told.
      const late = await disbursing();
      await db().update(payouts).set({ state: 'failed', retriedAt: server.clock.now() }).where(eq(payouts.id, late.payoutId));
      expect(await tellPayoutFailed({ db: db(), sms, payoutId: late.payoutId, now: server.clock.now() })).toBe(false);
      expect(told(late.borrower.mobile)).toEqual([]);
    },
  );
});
