import { describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN, ADMIN_NOT_FOUND } from '@app/contract/admin/admin-messages.ts';
import type { TFaqListResponse } from '@app/contract/admin/admin-config-schemas.ts';
import { defaultReconciliationRange, type TReconciliationResponse } from '@app/contract/admin/admin-report-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TAuditListResponse } from '@app/contract/admin/admin-schemas.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TUserQuestionQueryResponse } from '@app/contract/schemas/question.ts';
import { seedFaq } from '../../db/faq-seed.ts';
import { accountsServerPerFile, bodyOf, ManualClock } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient } from '../../test/admin-test-kit.ts';

/**
 * An administrator removes a FAQ item (the borrowers' help centre no longer shows it, the
 * seed does not bring it back, the audit row keeps what it said); and the reconciliation's
 * default days are Taipei's, on both sides of Taipei midnight (16:00 UTC).
 */

// 15:30 UTC on 26 November is 23:30 in Taipei: before the Taipei day turns (the sign-ins move the clock on by TOTP steps).
const BEFORE_TAIPEI_MIDNIGHT = Date.parse('2026-11-26T15:30:00Z');
const { server, database } = accountsServerPerFile({ clock: new ManualClock(BEFORE_TAIPEI_MIDNIGHT) });

const borrowersFaq = async () =>
  bodyOf<TUserQuestionQueryResponse>((await server.client.call(ENDPOINTS.userQuestionQuery, {})).envelope).faq.flatMap(
    (group) => group.items,
  );

describe('removing a FAQ item', () => {
  it('takes it out of the borrowers’ help centre and the console for good, audited with what it said; only administrators may', async () => {
    const admin = await signedInClient(server, await enrolledOperator(server, 'faq-remover', 'administrator'));
    const support = await signedInClient(server, await enrolledOperator(server, 'faq-support', 'support'));
    const listed = ((await admin.call(ADMIN_ROUTES.listFaq)).json as TFaqListResponse).items;
    const [first, second] = listed;
    if (!first || !second) throw new Error('the seeded FAQ is missing');
    expect((await borrowersFaq()).map((item) => item.id)).toContain(first.id);

    expect(await support.call(ADMIN_ROUTES.removeFaq, { params: { faqId: first.id } })).toMatchObject({
      status: 403,
      json: { message: ADMIN_FORBIDDEN },
    });
    expect((await borrowersFaq()).map((item) => item.id)).toContain(first.id);

    expect(await admin.call(ADMIN_ROUTES.removeFaq, { params: { faqId: first.id } })).toMatchObject({ status: 200 });
    expect((await borrowersFaq()).map((item) => item.id)).not.toContain(first.id);
    expect((await borrowersFaq()).map((item) => item.id)).toContain(second.id);
    const after = ((await admin.call(ADMIN_ROUTES.listFaq)).json as TFaqListResponse).items;
    expect(after.map((item) => item.id)).toEqual(listed.filter((item) => item.id !== first.id).map((item) => item.id));

    // Gone for the console too: removed again, or edited, it is not found.
    expect(await admin.call(ADMIN_ROUTES.removeFaq, { params: { faqId: first.id } })).toMatchObject({
      status: 404,
      json: { message: ADMIN_NOT_FOUND },
    });
    const { id: _id, ...values } = first;
    expect((await admin.call(ADMIN_ROUTES.updateFaq, { params: { faqId: first.id }, body: values })).status).toBe(404);
    expect((await admin.call(ADMIN_ROUTES.removeFaq, { params: { faqId: 'no-such-item' } })).status).toBe(404);

    // The seed runs at every start and adds the items it does not find: a removed one stays removed.
    await seedFaq(database.handle.db);
    expect((await borrowersFaq()).map((item) => item.id)).not.toContain(first.id);

    const audit = (await admin.call(ADMIN_ROUTES.listAudit, { query: 'action=faq.removed' })).json as TAuditListResponse;
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      operator: 'faq-remover',
      target: `faq:${first.id}`,
      before: { question: first.question, answer: first.answer, groupName: first.groupName },
      after: null,
    });
  });
});

describe('the reconciliation’s default days', () => {
  it('are the 7 Taipei days ending today, before and after Taipei midnight (16:00 UTC), whatever the server’s zone', async () => {
    // The earlier sign-ins moved the clock on by TOTP steps: move it to just before 16:00 UTC, then sign in (one more step).
    const now = server.clock.now().getTime();
    expect(now).toBeLessThan(Date.parse('2026-11-26T15:58:30Z'));
    server.clock.advance(Date.parse('2026-11-26T15:58:30Z') - now);
    const finance = await signedInClient(server, await enrolledOperator(server, 'days-finance', 'finance'));
    expect(server.clock.now().getTime()).toBeLessThan(Date.parse('2026-11-26T16:00:00Z'));
    const days = async () => {
      const result = await finance.call(ADMIN_ROUTES.reconciliation);
      expect(result.status).toBe(200);
      return (result.json as TReconciliationResponse).days.map((day) => day.day);
    };
    expect(await days()).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    // 16:00:30 UTC, 00:00:30 on the 27th in Taipei: the UTC date is still the 26th.
    server.clock.advance(Date.parse('2026-11-26T16:00:30Z') - server.clock.now().getTime());
    expect(server.clock.now().toISOString().slice(0, 10)).toBe('2026-11-26');
    expect(await days()).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);

    // A range asked for is kept; half a range is refused in words.
    const asked = await finance.call(ADMIN_ROUTES.reconciliation, { query: 'from=2026-11-01&to=2026-11-02' });
    expect((asked.json as TReconciliationResponse).days.map((day) => day.day)).toEqual(['2026-11-01', '2026-11-02']);
    expect(await finance.call(ADMIN_ROUTES.reconciliation, { query: 'from=2026-11-01' })).toMatchObject({
      status: 400,
      json: { message: '輸入資料有誤：迄日' },
    });
  });

  it('is the same rule the console uses (the contract’s defaultReconciliationRange), at the edges of the Taipei day', () => {
    expect(defaultReconciliationRange(new Date('2026-11-26T15:59:59.999Z'))).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(defaultReconciliationRange(new Date('2026-11-26T16:00:00Z'))).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(defaultReconciliationRange(new Date('2026-11-26T23:59:59Z'))).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    // Across a month and a year end.
    expect(defaultReconciliationRange(new Date('2026-12-31T16:30:00Z'))).toEqual({ from: '2026-12-26', to: '2027-01-01' });
    expect(defaultReconciliationRange(new Date('2027-03-02T16:00:00Z'))).toEqual({ from: '2027-02-25', to: '2027-03-03' });
  });
});
