import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DECISION_REFUSAL_REASONS, DECISION_REFUSED } from '@app/contract/messages/decisions.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import { buildApp } from '../../app.ts';
import { idCardPhotos } from '../../db/schema/onboarding.ts';
import { orderInstalments } from '../../db/schema/repayments.ts';
import { payouts } from '../../db/schema/payments.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { addDays, taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { bodyOf, startAccountsServer, type AccountsServer } from '../../test/accounts-test-kit.ts';
import { createBorrower, randomNationalId, type Borrower, type BorrowerOptions } from '../../test/lending-test-kit.ts';
import { eventually, stateChanges, submittedOrder } from '../../test/order-test-kit.ts';
import { changePersonalDetails } from '../../test/personal-data-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { testConfig } from '../../test/test-server.ts';
import { getOrder } from '../orders/get-order.ts';
import { decideOrder } from './decide-order.ts';
import { DECISION_RULES, evaluateDecisionRules, verdictOf, type DecisionFacts, type DecisionRule } from './decision-rules.ts';
import { listDecisionOutcomes } from './index.ts';
import { listAwaitingReview, resolveManualReview } from './resolve-manual-review.ts';
import { submitForDecision } from './submit-for-decision.ts';

/**
 * The decision job end to end: a borrower's order in 審核中 is decided by the rules, and an
 * approved one is paid out by the sandbox (its notification posted twice over HTTP) until
 * it repays. Delays are tiny here (DECISION_DELAY_MS, PAYOUT_SANDBOX_DELAY_MS); the tests
 * poll the database and never time anything.
 */

const ENV = { DECISION_DELAY_MS: '1', PAYOUT_SANDBOX_DELAY_MS: '1', JOB_POLLING_MS: '500', LOG_LEVEL: 'info' };

let database: TestDatabase;
let server: AccountsServer;
const logLines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startAccountsServer(database.handle, { env: ENV, logStream: { write: (line) => void logLines.push(line) } });
});

afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

const db = () => database.handle.db;
const today = () => taipeiCalendarDate(server.clock.now());

async function submit(borrower: Borrower, options: { amount?: number } = {}): Promise<number> {
  const orderId = await submittedOrder(db(), borrower, { now: server.clock.now(), ...options });
  await submitForDecision({ db: db(), jobs: server.app.jobs, orderId, delayMs: server.app.config.decisionDelayMs });
  return orderId;
}

async function settledState(orderId: number, state: string) {
  return eventually(async () => {
    const order = await getOrder({ db: db(), orderId });
    return order?.state === state ? order : undefined;
  }, `order ${orderId} to reach ${state}`);
}

function outcomesByRule(rows: { rule: string; outcome: string }[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row.rule, row.outcome]));
}

describe('decision rules (pure)', () => {
  const passing: DecisionFacts = {
    identity: { birthDate: '1990-05-01', idNumberChecksumValid: true },
    steps: { personal: true, contacts: true, idCard: true, bankCard: true },
    face: { done: true, passed: true },
    idCardDifferences: [],
    otherOpenOrder: null,
    principal: 10_000,
    creditLimit: 20_000,
    policy: { version: 1, manualReviewAbove: null },
  };

  it('leaves a card whose differences from step 1 the borrower accepted to staff (idCardMatchesStepOne)', () => {
    const results = evaluateDecisionRules({ ...passing, idCardDifferences: ['name'] }, '2026-11-23');
    expect(results.find((result) => result.rule === 'idCardMatchesStepOne')?.outcome).toBe('manualReview');
    expect(verdictOf(results)).toBe('manualReview');
  });

  it('approves when every rule passes and records each', () => {
    const results = evaluateDecisionRules(passing, '2026-11-23');
    expect(results.map((result) => result.rule)).toEqual([...DECISION_RULES]);
    expect(results.every((result) => result.outcome === 'passed')).toBe(true);
    expect(verdictOf(results)).toBe('approved');
  });

  it('refuses another order that is overdue (one open order per user makes this unreachable in the database today)', () => {
    const results = evaluateDecisionRules({ ...passing, otherOpenOrder: { id: 9, state: '已逾期' } }, '2026-11-23');
    expect(results.filter((result) => result.outcome !== 'passed').map((result) => result.rule)).toEqual(['noOverdueOrder']);
    expect(verdictOf(results)).toBe('refused');
  });

  it('counts age at the Taipei date: 20 on the birthday, 19 the day before', () => {
    const born = { ...passing, identity: { birthDate: '2006-11-23', idNumberChecksumValid: true } };
    expect(verdictOf(evaluateDecisionRules(born, '2026-11-23'))).toBe('approved');
    expect(verdictOf(evaluateDecisionRules(born, '2026-11-22'))).toBe('refused');
  });

  it('leaves a face check in manual review to staff, but a refusal still refuses', () => {
    const review = { ...passing, face: { done: true, passed: false } };
    expect(verdictOf(evaluateDecisionRules(review, '2026-11-23'))).toBe('manualReview');
    expect(verdictOf(evaluateDecisionRules({ ...review, principal: 30_000 }, '2026-11-23'))).toBe('refused');
  });
});

describe('decisions: approval pays out, every refusal names its rule', () => {
  it('approves a complete borrower: 審核中 → 已核准 → 放款中, then the sandbox payout (notified twice) → 待還款 with the schedule', async () => {
    const borrower = await createBorrower(server, database.handle);
    const before = logLines.length;
    const orderId = await submit(borrower, { amount: 10_000 });
    const order = await settledState(orderId, '待還款');
    expect(order.disbursedOn).toBe(today());

    expect(await stateChanges(db(), orderId)).toEqual([
      { to: '待簽約', cause: 'borrower' },
      { to: '審核中', cause: 'borrower' },
      { to: '已核准', cause: 'decision' },
      { to: '放款中', cause: 'decision' },
      { to: '待還款', cause: 'payout' },
    ]);
    const outcomes = await listDecisionOutcomes({ db: db(), orderId });
    expect(outcomesByRule(outcomes)).toEqual(Object.fromEntries(DECISION_RULES.map((rule) => [rule, 'passed'])));
    const [payout] = await db().select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(payout).toMatchObject({ amount: 10_000, provider: 'sandbox', state: 'completed' });
    const instalments = await db().select().from(orderInstalments).where(eq(orderInstalments.orderId, orderId));
    expect(instalments.map((row) => row.principal)).toEqual([10_000]);

    // The sandbox delivered twice: one applied, the repeat acknowledged without a change.
    const notices = await eventually(async () => {
      const lines = logLines.slice(before).filter((line) => line.includes('"msg":"payment notification"'));
      return lines.length >= 2 ? lines : undefined;
    }, 'both deliveries');
    expect(notices.filter((line) => line.includes('"outcome":"applied"'))).toHaveLength(1);
    expect(notices.filter((line) => line.includes('"outcome":"duplicate"')).length).toBeGreaterThanOrEqual(1);

    // The borrower sees it through the real protocol.
    const { order: detail } = bodyOf<TOrderDetailResponse>(
      (await server.client.call(ENDPOINTS.loanOrderDetail, { orderId: String(orderId) }, borrower.headers)).envelope,
    );
    expect(detail.state).toBe('待還款');
    expect(detail.disbursedOn).toBe(today());
    expect(detail.instalments).toHaveLength(1);
  });

  it('approves an equal-instalment loan with its whole schedule from the payout date', async () => {
    const borrower = await createBorrower(server, database.handle);
    const orderId = await submittedOrder(db(), borrower, {
      now: server.clock.now(),
      terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT,
      amount: 30_000,
      term: 6,
    });
    await submitForDecision({ db: db(), jobs: server.app.jobs, orderId, delayMs: 1 });
    await settledState(orderId, '待還款');
    const instalments = await db().select().from(orderInstalments).where(eq(orderInstalments.orderId, orderId));
    expect(instalments).toHaveLength(6);
    expect(instalments.reduce((sum, row) => sum + row.principal, 0)).toBe(30_000);
  });

  async function expectRefusedFor(rule: DecisionRule, orderId: number) {
    const order = await settledState(orderId, '已拒絕');
    expect(order.refusalCodes).toEqual([rule]);
    expect(order.coolDownUntil).toBe(addDays(today(), server.app.config.decisionCoolDownDays));
    const outcomes = outcomesByRule(await listDecisionOutcomes({ db: db(), orderId }));
    expect(outcomes).toEqual(Object.fromEntries(DECISION_RULES.map((name) => [name, name === rule ? 'refused' : 'passed'])));
    expect(await db().select().from(payouts).where(eq(payouts.orderId, orderId))).toEqual([]);
    expect((await stateChanges(db(), orderId)).at(-1)).toEqual({ to: '已拒絕', cause: 'decision' });
    return order;
  }

  async function refusedBorrower(options: BorrowerOptions, change?: (userId: number) => Promise<void>, amount?: number) {
    const borrower = await createBorrower(server, database.handle, options);
    if (change) await change(Number(borrower.userId));
    return { borrower, orderId: await submit(borrower, amount === undefined ? {} : { amount }) };
  }

  it('refuses a borrower under 20 at the Taipei date of the decision (adultAge)', async () => {
    const [year, month, day] = today().split('-');
    const nineteen = `${Number(year) - 19}-${month}-${day === '29' && month === '02' ? '28' : day}`;
    const { borrower, orderId } = await refusedBorrower({}, async (userId) => {
      await changePersonalDetails(db(), userId, { birthDate: nineteen });
    });
    await expectRefusedFor('adultAge', orderId);
    // What the borrower is told: the plain refusal and the cool-down's end.
    const { order } = bodyOf<TOrderDetailResponse>(
      (await server.client.call(ENDPOINTS.loanOrderDetail, { orderId: String(orderId) }, borrower.headers)).envelope,
    );
    expect(order.state).toBe('已拒絕');
    expect(order.refusalMessage).toBe(`${DECISION_REFUSED}：${DECISION_REFUSAL_REASONS.adultAge}`);
    expect(order.coolDownUntil).toBe(addDays(today(), 30));
  });

  it('refuses an ID number whose checksum fails (nationalIdChecksum)', async () => {
    const valid = randomNationalId();
    const broken = `${valid.slice(0, 9)}${(Number(valid[9]) + 1) % 10}`;
    const { orderId } = await refusedBorrower({}, async (userId) => {
      await changePersonalDetails(db(), userId, { idNumber: broken });
    });
    await expectRefusedFor('nationalIdChecksum', orderId);
  });

  it('refuses a borrower whose onboarding is incomplete (onboardingComplete)', async () => {
    const { orderId } = await refusedBorrower({}, async (userId) => {
      await db().delete(idCardPhotos).where(eq(idCardPhotos.userId, userId));
    });
    const order = await expectRefusedFor('onboardingComplete', orderId);
    expect(order.refusalCodes).toEqual(['onboardingComplete']);
    const outcome = (await listDecisionOutcomes({ db: db(), orderId })).find((row) => row.rule === 'onboardingComplete');
    expect(outcome?.detail).toEqual({ missingSteps: ['idCard'] });
  });

  it('refuses a borrower who has not passed the face check (faceCheck)', async () => {
    const { orderId } = await refusedBorrower({ stopBefore: 'face' });
    await expectRefusedFor('faceCheck', orderId);
  });

  it('refuses an amount above the credit limit (creditLimit)', async () => {
    const { orderId } = await refusedBorrower({}, undefined, 30_000);
    await expectRefusedFor('creditLimit', orderId);
    const outcome = (await listDecisionOutcomes({ db: db(), orderId })).find((row) => row.rule === 'creditLimit');
    expect(outcome?.detail).toEqual({ principal: 30_000, creditLimit: 20_000 });
  });

  it('leaves a face check in manual review awaiting staff: 審核中, outcome manualReview, no payout', async () => {
    const borrower = await createBorrower(server, database.handle, { faceOutcome: 'manual_review' });
    const orderId = await submit(borrower);
    const outcomes = await eventually(async () => {
      const rows = await listDecisionOutcomes({ db: db(), orderId });
      return rows.length > 0 ? rows : undefined;
    }, 'the outcomes');
    expect(outcomesByRule(outcomes)).toEqual(
      Object.fromEntries(DECISION_RULES.map((rule) => [rule, rule === 'faceCheck' ? 'manualReview' : 'passed'])),
    );
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('審核中');
    expect(await db().select().from(payouts).where(eq(payouts.orderId, orderId))).toEqual([]);
  });

  it('lets staff decide an order left to them: approved is paid out, refused gets the staff reason; nothing else is theirs', async () => {
    const awaitingStaff = async (kind: string) => {
      const borrower = await createBorrower(server, database.handle, { faceOutcome: 'manual_review' });
      const orderId = await submit(borrower);
      await eventually(
        async () => (await listAwaitingReview({ db: db() })).some((row) => row.orderId === orderId),
        `the ${kind} order to await staff`,
      );
      return { borrower, orderId };
    };
    const resolve = (orderId: number, verdict: 'approve' | 'refuse') =>
      resolveManualReview({
        db: db(),
        jobs: server.app.jobs,
        orderId,
        verdict,
        now: server.clock.now(),
        note: 'ID photo checked',
        payoutPolicy: server.app.config.payouts,
      });

    const detailOf = async (borrower: Borrower, orderId: number) =>
      bodyOf<TOrderDetailResponse>(
        (await server.client.call(ENDPOINTS.loanOrderDetail, { orderId: String(orderId) }, borrower.headers)).envelope,
      ).order;
    const approved = await awaitingStaff('approved');
    expect((await listAwaitingReview({ db: db() })).find((row) => row.orderId === approved.orderId)?.rules).toEqual(['faceCheck']);
    // The borrower is told a person reviews it.
    expect(await detailOf(approved.borrower, approved.orderId)).toMatchObject({ state: '審核中', awaitingStaff: true });
    expect(await resolve(approved.orderId, 'approve')).toBe('approved');
    expect(await resolve(approved.orderId, 'approve')).toBe('notAwaitingReview');
    await settledState(approved.orderId, '待還款');
    expect((await detailOf(approved.borrower, approved.orderId)).awaitingStaff).toBe(false);
    expect((await stateChanges(db(), approved.orderId)).filter((change) => change.to === '已核准')).toEqual([
      { to: '已核准', cause: 'staff' },
    ]);
    expect(await db().select().from(payouts).where(eq(payouts.orderId, approved.orderId))).toHaveLength(1);
    expect(outcomesByRule(await listDecisionOutcomes({ db: db(), orderId: approved.orderId }))).toMatchObject({
      faceCheck: 'manualReview',
      staffReview: 'passed',
    });
    expect((await listAwaitingReview({ db: db() })).map((row) => row.orderId)).not.toContain(approved.orderId);

    const refused = await awaitingStaff('refused');
    expect(await resolve(refused.orderId, 'refuse')).toBe('refused');
    const order = await settledState(refused.orderId, '已拒絕');
    expect(order.refusalCodes).toEqual(['staffReview']);
    expect(order.coolDownUntil).toBe(addDays(today(), 30));
    expect(await db().select().from(payouts).where(eq(payouts.orderId, refused.orderId))).toEqual([]);
    const shown = await detailOf(refused.borrower, refused.orderId);
    expect(shown.awaitingStaff).toBe(false);
    expect(shown.refusalMessage).toBe(`${DECISION_REFUSED}：${DECISION_REFUSAL_REASONS.staffReview}`);

    // Withdrawn by the borrower meanwhile: no longer staff's.
    const withdrawn = await awaitingStaff('withdrawn');
    await server.client.call(ENDPOINTS.loanCancel, { orderId: String(withdrawn.orderId) }, withdrawn.borrower.headers);
    expect((await listAwaitingReview({ db: db() })).map((row) => row.orderId)).not.toContain(withdrawn.orderId);
    expect(await resolve(withdrawn.orderId, 'approve')).toBe('notAwaitingReview');
    expect((await getOrder({ db: db(), orderId: withdrawn.orderId }))?.state).toBe('已取消');

    // Decided by the engine: never staff's.
    const decided = await createBorrower(server, database.handle);
    const decidedId = await submit(decided);
    await settledState(decidedId, '待還款');
    expect(await resolve(decidedId, 'refuse')).toBe('notAwaitingReview');
  });

  it('decides once when the job runs twice at the same moment', async () => {
    const borrower = await createBorrower(server, database.handle);
    const orderId = await submittedOrder(db(), borrower, { now: server.clock.now() });
    const run = () =>
      decideOrder({
        db: db(),
        jobs: server.app.jobs,
        orderId,
        now: server.clock.now(),
        payoutPolicy: server.app.config.payouts,
      });
    const results = await Promise.all([run(), run()]);
    expect(results.map((result) => result.verdict).sort()).toEqual(['approved', 'skipped']);
    // And once more after the fact: nothing.
    expect(await run()).toEqual({ verdict: 'skipped' });
    await settledState(orderId, '待還款');
    expect((await stateChanges(db(), orderId)).filter((change) => change.to === '已核准')).toHaveLength(1);
    expect(await db().select().from(payouts).where(eq(payouts.orderId, orderId))).toHaveLength(1);
  });
});

describe('decisions across a restart', () => {
  it('keeps a submitted decision when the app that sent it closes: the next app runs it through to 待還款', async () => {
    const borrower = await createBorrower(server, database.handle);
    // Only the new app below runs jobs from here on.
    await server.close();

    const first = await buildApp(testConfig({ ...ENV, LOG_LEVEL: 'silent' }), { database: database.handle });
    await first.ready();
    const orderId = await submittedOrder(db(), borrower, { now: new Date() });
    await submitForDecision({ db: db(), jobs: first.jobs, orderId, delayMs: 1500 });
    await first.close();
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('審核中');

    server = await startAccountsServer(database.handle, { env: { ...ENV, LOG_LEVEL: 'silent' } });
    await settledState(orderId, '待還款');
  });
});
