import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  NOTICE_MAX_LENGTH,
  NOTICES_SHOWN_MAX,
  taipeiMinuteOf,
  type TAdminProduct,
  type TCampaignListResponse,
  type TDocumentListResponse,
  type TDocumentVersionsResponse,
  type TFaqListResponse,
  type THomeContentItem,
  type THomeContentListResponse,
  type TProductCheckResponse,
  type TProductForm,
  type TProductListResponse,
  type TProductVersionsResponse,
} from '@app/contract/admin/admin-config-schemas.ts';
import {
  ADMIN_INPUT_INVALID,
  DOCUMENT_NOT_PUBLISHABLE,
  DOCUMENT_VERSION_TAKEN,
  HOME_CONTENT_INCOMPLETE,
  noticeTooLong,
  type TAuditAction,
} from '@app/contract/admin/admin-messages.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TAuditListResponse } from '@app/contract/admin/admin-schemas.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { PRODUCT_NAME_TAKEN, PRODUCT_NOT_FOUND, productAprOverCap, quoteCampaignLine } from '@app/contract/messages/loans.ts';
import type { TActivityAwardResponse } from '@app/contract/schemas/app-origins-and-campaigns.ts';
import type { TConfigOneResponse } from '@app/contract/schemas/config.ts';
import type { TUserQuestionQueryResponse } from '@app/contract/schemas/question.ts';
import type { TCheckTipsResponse, TLoanApplyResponse, TLoanIndexResponse, TLoanQuote, TPopup } from '@app/contract/schemas/loans.ts';
import { documentAcceptances } from '../../db/schema/documents.ts';
import { seedDatabase } from '../../db/seed.ts';
import { loanProducts, loanProductVersions } from '../../db/schema/loans.ts';
import { loanOrders } from '../../db/schema/orders.ts';
import { accountsServerPerFile, bodyOf, HOUR, MINUTE, refusal, type LoggedIn } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient, type AdminClient, type EnrolledOperator } from '../../test/admin-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';

/**
 * The back office's configuration without a deploy, through the admin API as the console
 * calls it and the borrower endpoints as the app calls them: products (the cap checked
 * live and on save, versions, old orders keep theirs), the LINE values, the home page's
 * content with schedules, campaigns in the quote and the APR; an audit row for each change.
 */

// The decision waits long enough that an order stays where the test leaves it.
const { database, server } = accountsServerPerFile({ env: { DECISION_DELAY_MS: '600000' } });
const db = () => database.handle.db;
let admin: AdminClient;
let operator: EnrolledOperator;

beforeAll(async () => {
  operator = await enrolledOperator(server, 'config-admin', 'administrator');
  admin = await signedInClient(server, operator);
});

/** Moves the server's clock; the console session (15 minutes idle) is signed in again after a long move. */
async function advance(ms: number): Promise<void> {
  server.clock.advance(ms);
  if (ms >= 15 * MINUTE) admin = await signedInClient(server, operator);
}

const call = async (endpoint: (typeof ENDPOINTS)[keyof typeof ENDPOINTS], payload: unknown, user?: LoggedIn) =>
  (await server.client.call(endpoint, payload, user?.headers)).envelope;

async function auditOf(action: TAuditAction): Promise<TAuditListResponse['items']> {
  const { json } = await admin.call(ADMIN_ROUTES.listAudit, { query: `action=${action}` });
  return (json as TAuditListResponse).items;
}

const products = async () => ((await admin.call(ADMIN_ROUTES.listProducts)).json as TProductListResponse).items;
const productNamed = async (name: string): Promise<TAdminProduct> => {
  const found = (await products()).find((product) => product.form.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
};

/** A single-repayment product like the seeded one, at `rate` percent a year. */
const singleProduct = (name: string, rate: number): TProductForm => ({
  name,
  method: 'singleRepayment',
  annualRatePercent: rate,
  amountMin: 3_000,
  amountMax: 20_000,
  amountStep: 1_000,
  terms: [90],
  fees: [],
  extension: null,
  sortOrder: 5,
  enabled: true,
});

describe('loan products from the console', () => {
  it('checks a draft as it is typed with the APR the quote shows, and refuses a product over the cap on save, storing nothing', async () => {
    const fine = await admin.call(ADMIN_ROUTES.checkProduct, { body: singleProduct('草稿', 12) });
    expect(fine.status).toBe(200);
    const fineCheck = fine.json as TProductCheckResponse;
    expect(fineCheck.problems).toEqual([]);
    expect(fineCheck.capPercent).toBe(16);
    // The same computation as the borrower's quote: the dearest case is the smallest amount
    // (dollar rounding), and its APR is what the seeded product of the same terms quotes for it.
    const visitor = await createBorrower(server, database.handle, { stopBefore: 'contacts' });
    const seededQuote = bodyOf<{ quote: TLoanQuote }>(
      await call(
        ENDPOINTS.loanCommonAdjust,
        { productId: String((await productNamed('90 天輕鬆借')).id), amount: 3_000, term: 90 },
        visitor,
      ),
    ).quote;
    expect(fineCheck.worst).toEqual({ amount: 3_000, term: 90, aprPercent: seededQuote.aprPercent });
    expect(seededQuote.aprPercent).toBeGreaterThan(12);

    // A fee of NT$ 200 on the smallest amount (NT$ 3,000) is what pushes it over: named in the refusal.
    const dear: TProductForm = {
      ...singleProduct('太貴的產品', 12),
      fees: [{ code: 'service', name: '服務費', fixed: 200, percentOfPrincipal: 0 }],
    };
    const check = (await admin.call(ADMIN_ROUTES.checkProduct, { body: dear })).json as TProductCheckResponse;
    expect(check.worst?.amount).toBe(3_000);
    expect(check.worst?.aprPercent).toBeGreaterThan(16);
    expect(check.problems).toEqual([productAprOverCap(3_000, 90, check.worst?.aprPercent ?? 0, 16)]);

    const refused = await admin.call(ADMIN_ROUTES.createProduct, { body: dear });
    expect(refused).toMatchObject({ status: 409, json: { message: check.problems[0] } });
    expect(await db().select().from(loanProducts).where(eq(loanProducts.name, '太貴的產品'))).toEqual([]);
    expect(await auditOf('product.created')).toEqual([]);

    // An edit that would go over the cap is refused the same way, and the product stays as it was.
    const seeded = await productNamed('90 天輕鬆借');
    const overEdit = await admin.call(ADMIN_ROUTES.updateProduct, {
      params: { productId: seeded.id },
      body: { ...seeded.form, annualRatePercent: 16.5 },
    });
    expect(overEdit.status).toBe(409);
    expect((await productNamed('90 天輕鬆借')).version).toBe(seeded.version);

    // Bad input is named in words, never echoed.
    expect(await admin.call(ADMIN_ROUTES.createProduct, { body: { ...singleProduct('x', 12), amountMin: -5 } })).toMatchObject({
      status: 400,
      json: { message: ADMIN_INPUT_INVALID.replace('{field}', '最低金額') },
    });
  });

  it('creates a product the borrowers see, and refuses a second of the same name', async () => {
    const created = await admin.call(ADMIN_ROUTES.createProduct, { body: singleProduct('新客九十天', 10) });
    expect(created).toMatchObject({ status: 200, json: { version: 1 } });
    const home = bodyOf<TLoanIndexResponse>(await call(ENDPOINTS.loanCommonIndex, {}));
    // The home page's APR range tops out where the console's check does.
    const listed = await productNamed('新客九十天');
    expect(home.products.find((product) => product.name === '新客九十天')).toMatchObject({
      annualRatePercent: 10,
      aprMaxPercent: listed.worstAprPercent,
    });
    expect(await admin.call(ADMIN_ROUTES.createProduct, { body: singleProduct('新客九十天', 9) })).toMatchObject({
      status: 409,
      json: { message: PRODUCT_NAME_TAKEN },
    });
    const [row] = await auditOf('product.created');
    expect(row).toMatchObject({
      operator: 'config-admin',
      target: `product:${(created.json as { id: number }).id}`,
      after: { name: '新客九十天', annualRatePercent: 10, version: 1 },
    });
  });

  it('applies an edit to new orders only: an order keeps the version and terms it was made with, and the old version stays readable', async () => {
    const product = await productNamed('分期輕鬆還');
    const borrower = await createBorrower(server, database.handle);
    const applied = bodyOf<TLoanApplyResponse>(
      await call(
        ENDPOINTS.loanApply,
        {
          productId: String(product.id),
          amount: 30_000,
          term: 6,
          bankCardId: borrower.bankCardId,
          purpose: 'medical',
          requestId: 'versioned-apply-1',
        },
        borrower,
      ),
    );
    expect(applied.quote.annualRatePercent).toBe(12);

    const edited = await admin.call(ADMIN_ROUTES.updateProduct, {
      params: { productId: product.id },
      body: { ...product.form, annualRatePercent: 9.5 },
    });
    expect(edited).toMatchObject({ status: 200, json: { id: product.id, version: product.version + 1 } });

    // The order: its version, its terms and its quote as they were.
    const [order] = await db()
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.id, Number(applied.orderId)));
    expect(order).toMatchObject({
      productVersion: product.version,
      terms: { annualRatePercent: 12 },
      quote: { annualRatePercent: 12, totalRepayment: applied.quote.totalRepayment },
    });
    const detail = await call(ENDPOINTS.loanOrderDetail, { orderId: applied.orderId }, borrower);
    expect(JSON.stringify(detail?.body)).toContain('"annualRatePercent":12');

    // A new quote is priced on the new version.
    const quote = bodyOf<{ quote: TLoanQuote }>(
      await call(ENDPOINTS.loanCommonAdjust, { productId: String(product.id), amount: 30_000, term: 6 }, borrower),
    ).quote;
    expect(quote.annualRatePercent).toBe(9.5);
    expect(quote.totalRepayment).toBeLessThan(applied.quote.totalRepayment);

    const versions = (await admin.call(ADMIN_ROUTES.productVersions, { params: { productId: product.id } }))
      .json as TProductVersionsResponse;
    expect(versions.items.map((item) => [item.version, item.form.annualRatePercent, item.orders, item.changedBy])).toEqual([
      [product.version + 1, 9.5, 0, 'config-admin'],
      [product.version, 12, 1, '(預設產品)'],
    ]);
    // Version rows are only ever added.
    expect((await db().select().from(loanProductVersions).where(eq(loanProductVersions.productId, product.id))).length).toBe(2);

    const [row] = await auditOf('product.updated');
    expect(row).toMatchObject({
      target: `product:${product.id}`,
      before: { version: product.version, annualRatePercent: 12 },
      after: { version: product.version + 1, annualRatePercent: 9.5 },
    });
  });

  it('retires a product: gone from the home page and from new applications, its versions kept', async () => {
    const product = await productNamed('新客九十天');
    expect((await admin.call(ADMIN_ROUTES.retireProduct, { params: { productId: product.id } })).status).toBe(200);
    const home = bodyOf<TLoanIndexResponse>(await call(ENDPOINTS.loanCommonIndex, {}));
    expect(home.products.map((item) => item.name)).not.toContain('新客九十天');
    const borrower = await createBorrower(server, database.handle);
    expect(await call(ENDPOINTS.loanCommonAdjust, { productId: String(product.id), amount: 10_000, term: 90 }, borrower)).toEqual(
      refusal(PRODUCT_NOT_FOUND),
    );
    expect((await productNamed('新客九十天')).form.enabled).toBe(false);
    const versions = (await admin.call(ADMIN_ROUTES.productVersions, { params: { productId: product.id } }))
      .json as TProductVersionsResponse;
    expect(versions.items.map((item) => item.form.enabled)).toEqual([false, true]);
    expect(await auditOf('product.retired')).toMatchObject([
      { target: `product:${product.id}`, before: { enabled: true }, after: { enabled: false } },
    ]);
    expect((await admin.call(ADMIN_ROUTES.retireProduct, { params: { productId: 999_999 } })).status).toBe(404);
  });
});

describe('the LINE customer-service values', () => {
  it('are edited in the console and served by config/one and the public config', async () => {
    const before = await admin.call(ADMIN_ROUTES.getServiceLine);
    expect(before.json).toEqual({ line: '@xiaoandai', lineUrl: 'https://line.me/R/ti/p/@xiaoandai', lineImg: '' });
    const values = { line: '@xiaoan-help', lineUrl: 'https://line.me/R/ti/p/@xiaoan-help', lineImg: '' };
    expect(await admin.call(ADMIN_ROUTES.saveServiceLine, { body: { ...values, line: 'no-at-sign' } })).toMatchObject({
      status: 400,
      json: { message: ADMIN_INPUT_INVALID.replace('{field}', 'LINE 帳號') },
    });
    expect(await admin.call(ADMIN_ROUTES.saveServiceLine, { body: values })).toMatchObject({ status: 200, json: values });
    // Nothing asked for 'line' before in this server: no cached answer in the way.
    expect(bodyOf<TConfigOneResponse>(await call(ENDPOINTS.commonConfigOne, { configKey: 'line' }))).toEqual({
      configKey: 'line',
      configValue: '@xiaoan-help',
      extInfoJSON: { line: '@xiaoan-help', line_url: 'https://line.me/R/ti/p/@xiaoan-help', line_img: '' },
    });
    expect(await auditOf('settings.serviceLine')).toMatchObject([{ before: { line: '@xiaoandai' }, after: { line: '@xiaoan-help' } }]);
  });
});

describe('banners, notices and popups with schedules', () => {
  it('are served by the borrower endpoints only while active and within their Taipei-time schedule', async () => {
    const now = server.clock.now();
    const inOneHour = taipeiMinuteOf(new Date(now.getTime() + HOUR));
    const inThreeHours = taipeiMinuteOf(new Date(now.getTime() + 3 * HOUR));
    expect(
      await admin.call(ADMIN_ROUTES.createHomeContent, { params: { kind: 'banners' }, body: { title: '', imageUrl: '/banners/x.png' } }),
    ).toMatchObject({
      status: 400,
      json: { message: HOME_CONTENT_INCOMPLETE.banners },
    });
    expect(
      (
        await admin.call(ADMIN_ROUTES.createHomeContent, {
          params: { kind: 'banners' },
          body: { title: '年末', imageUrl: '/x.png', startsAt: inThreeHours, endsAt: inOneHour },
        })
      ).status,
    ).toBe(400);
    const banner = await admin.call(ADMIN_ROUTES.createHomeContent, {
      params: { kind: 'banners' },
      body: { title: '年末提醒', imageUrl: '/banners/year-end.png', linkUrl: '/pages/service', startsAt: inOneHour, endsAt: inThreeHours },
    });
    expect(banner.status).toBe(200);
    // A notice is read whole on the home (it no longer scrolls): one over NOTICE_MAX_LENGTH is refused in words.
    expect(
      await admin.call(ADMIN_ROUTES.createHomeContent, {
        params: { kind: 'notices' },
        body: { content: '春'.repeat(NOTICE_MAX_LENGTH + 1) },
      }),
    ).toMatchObject({ status: 400, json: { message: noticeTooLong(NOTICE_MAX_LENGTH) } });
    const notice = await admin.call(ADMIN_ROUTES.createHomeContent, {
      params: { kind: 'notices' },
      body: { content: '春節期間客服時間調整', startsAt: inOneHour, endsAt: inThreeHours },
    });
    const borrower = await createBorrower(server, database.handle);
    const popup = await admin.call(ADMIN_ROUTES.createHomeContent, {
      params: { kind: 'popups' },
      body: { title: '限時公告', content: '內容', sortOrder: 0, startsAt: inOneHour, endsAt: inThreeHours },
    });
    expect([notice.status, popup.status]).toEqual([200, 200]);
    const bannerId = String((banner.json as { id: number }).id);
    const popupId = String((popup.json as { id: number }).id);

    // The loan home (never cached) and getPop (per user) answer by the server's clock.
    const home = async () => bodyOf<TLoanIndexResponse>(await call(ENDPOINTS.loanCommonIndex, {}));
    const pop = async () => bodyOf<{ popup: TPopup | null }>(await call(ENDPOINTS.loanCommonGetPop, {}, borrower)).popup;
    expect((await home()).banners.map((item) => item.id)).not.toContain(bannerId);
    expect((await home()).notices.map((item) => item.text)).not.toContain('春節期間客服時間調整');
    expect((await pop())?.id).not.toBe(popupId);

    const listed = (await admin.call(ADMIN_ROUTES.listHomeContent, { params: { kind: 'banners' } })).json as THomeContentListResponse;
    expect(listed.items.find((item) => String(item.id) === bannerId)).toMatchObject({
      startsAt: inOneHour,
      endsAt: inThreeHours,
      showingNow: false,
    });

    await advance(2 * HOUR);
    expect((await home()).banners.map((item) => item.id)).toContain(bannerId);
    expect((await home()).notices.map((item) => item.text)).toContain('春節期間客服時間調整');
    // The seeded popup comes first in order; this one has sortOrder 0 too but a later id: both showing.
    const showing = (
      (await admin.call(ADMIN_ROUTES.listHomeContent, { params: { kind: 'popups' } })).json as THomeContentListResponse
    ).items.filter((item) => item.showingNow);
    expect(showing.map((item) => String(item.id))).toContain(popupId);

    // Switched off by hand before its end: gone at once.
    const current = listed.items.find((item) => String(item.id) === bannerId);
    expect(
      (await admin.call(ADMIN_ROUTES.updateHomeContent, { params: { kind: 'banners', id: bannerId }, body: { ...current, active: false } }))
        .status,
    ).toBe(200);
    expect((await home()).banners.map((item) => item.id)).not.toContain(bannerId);

    await advance(2 * HOUR);
    expect((await home()).notices.map((item) => item.text)).not.toContain('春節期間客服時間調整');
    expect(await auditOf('content.created')).toHaveLength(3);
    expect(await auditOf('content.updated')).toMatchObject([
      { target: `banners:${bannerId}`, before: { active: true }, after: { active: false } },
    ]);
    expect(
      (await admin.call(ADMIN_ROUTES.updateHomeContent, { params: { kind: 'notices', id: 999_999 }, body: { content: 'x' } })).status,
    ).toBe(404);
  });

  it(`shows at most ${NOTICES_SHOWN_MAX} notices on the home, the first by sort order; the console says which wait their turn`, async () => {
    const home = async () => bodyOf<TLoanIndexResponse>(await call(ENDPOINTS.loanCommonIndex, {})).notices.map((item) => item.text);
    const notices = async () =>
      ((await admin.call(ADMIN_ROUTES.listHomeContent, { params: { kind: 'notices' } })).json as THomeContentListResponse).items;
    const seeded = (await home())[0]!;
    expect(await home()).toEqual([seeded]);
    const ids: Record<string, string> = {};
    for (const [content, sortOrder] of [
      ['颱風停班停課期間，撥款順延至次一營業日', 0],
      ['新版 App 上線，歡迎更新', 2],
      ['年終客服時間調整', 3],
    ] as const) {
      const created = await admin.call(ADMIN_ROUTES.createHomeContent, { params: { kind: 'notices' }, body: { content, sortOrder } });
      expect(created.status).toBe(200);
      ids[content] = String((created.json as { id: number }).id);
    }
    // The seeded notice has sort order 1: the typhoon one comes first, the year-end one waits.
    expect(await home()).toEqual(['颱風停班停課期間，撥款順延至次一營業日', seeded, '新版 App 上線，歡迎更新']);
    expect(await home()).toHaveLength(NOTICES_SHOWN_MAX);
    const waiting = (await notices()).find((item) => String(item.id) === ids['年終客服時間調整']);
    expect(waiting).toMatchObject({ active: true, showingNow: false, overShownLimit: true });
    expect((await notices()).filter((item) => item.showingNow)).toHaveLength(NOTICES_SHOWN_MAX);

    // One switched off: the waiting one takes its place at once.
    const typhoon = (await notices()).find((item) => String(item.id) === ids['颱風停班停課期間，撥款順延至次一營業日'])!;
    const off = async (item: THomeContentItem) =>
      (
        await admin.call(ADMIN_ROUTES.updateHomeContent, {
          params: { kind: 'notices', id: String(item.id) },
          body: { ...item, active: false },
        })
      ).status;
    expect(await off(typhoon)).toBe(200);
    expect(await home()).toEqual([seeded, '新版 App 上線，歡迎更新', '年終客服時間調整']);
    expect((await notices()).find((item) => String(item.id) === ids['年終客服時間調整'])).toMatchObject({
      showingNow: true,
      overShownLimit: false,
    });
    for (const item of (await notices()).filter((row) => Object.values(ids).includes(String(row.id)) && row.active))
      expect(await off(item)).toBe(200);
    expect(await home()).toEqual([seeded]);
  });
});

describe('campaigns: a time-boxed interest discount in the quote and the APR', () => {
  it('lowers the rate of quotes, tips and applications while it runs, is listed by activity/award, and ends on time', async () => {
    const product = await productNamed('90 天輕鬆借');
    const borrower = await createBorrower(server, database.handle);
    const quoteOf = async () =>
      bodyOf<{ quote: TLoanQuote }>(
        await call(ENDPOINTS.loanCommonAdjust, { productId: String(product.id), amount: 10_000, term: 90 }, borrower),
      ).quote;
    const plain = await quoteOf();
    expect(plain).toMatchObject({ annualRatePercent: 12, aprPercent: 12, campaign: null });

    const now = server.clock.now();
    const form = {
      title: '年末利率優惠',
      discountBasisPoints: 300,
      productId: product.id,
      startsAt: taipeiMinuteOf(new Date(now.getTime() + 10 * MINUTE)),
      endsAt: taipeiMinuteOf(new Date(now.getTime() + 2 * HOUR)),
    };
    expect((await admin.call(ADMIN_ROUTES.createCampaign, { body: { ...form, discountBasisPoints: 0 } })).status).toBe(400);
    expect((await admin.call(ADMIN_ROUTES.createCampaign, { body: { ...form, productId: 999_999 } })).status).toBe(409);
    const created = await admin.call(ADMIN_ROUTES.createCampaign, { body: form });
    expect(created.status).toBe(200);
    const campaignId = (created.json as { id: number }).id;

    // Scheduled, not running yet.
    expect((await quoteOf()).campaign).toBeNull();
    expect(bodyOf<TActivityAwardResponse>(await call(ENDPOINTS.activityAward, {}, borrower)).campaigns).toEqual([]);
    expect(((await admin.call(ADMIN_ROUTES.listCampaigns)).json as TCampaignListResponse).items).toMatchObject([
      { id: campaignId, state: 'scheduled', productName: '90 天輕鬆借' },
    ]);

    await advance(15 * MINUTE);
    const discounted = await quoteOf();
    // 12 % less 3 points: 9 % a year, and the APR (no fees) with it; the interest is what 9 % gives.
    expect(discounted).toMatchObject({
      annualRatePercent: 9,
      aprPercent: 9,
      interest: Math.round((10_000 * 0.09 * 90) / 365),
      campaign: {
        id: campaignId,
        title: '年末利率優惠',
        discountPercent: 3,
        baseAnnualRatePercent: 12,
        text: quoteCampaignLine('年末利率優惠', 3, 12, 9),
      },
    });
    expect(discounted.totalRepayment).toBeLessThan(plain.totalRepayment);
    // Never a cash amount: what the borrower receives is the principal, nothing more.
    expect(discounted.amountReceived).toBe(10_000);
    const tips = bodyOf<TCheckTipsResponse>(
      await call(ENDPOINTS.loanCheckTips, { productId: String(product.id), amount: 10_000, term: 90 }, borrower),
    );
    expect(tips.quote.aprPercent).toBe(9);
    expect(tips.tips.map((tip) => tip.text).join()).toContain('9.00%');

    const award = bodyOf<TActivityAwardResponse>(await call(ENDPOINTS.activityAward, {}, borrower));
    expect(award.campaigns).toMatchObject([
      { id: campaignId, title: '年末利率優惠', interestDiscountPercent: 3, productId: String(product.id) },
    ]);
    expect(award.campaigns[0]?.text).toContain('年利率減 3 個百分點');

    // An application while it runs keeps the lowered rate for the loan's whole life.
    const applied = bodyOf<TLoanApplyResponse>(
      await call(
        ENDPOINTS.loanApply,
        {
          productId: String(product.id),
          amount: 10_000,
          term: 90,
          bankCardId: borrower.bankCardId,
          purpose: 'medical',
          requestId: 'campaign-apply-1',
        },
        borrower,
      ),
    );
    const [order] = await db()
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.id, Number(applied.orderId)));
    expect(order).toMatchObject({
      terms: { annualRatePercent: 9 },
      quote: { annualRatePercent: 9, aprPercent: 9, campaign: { id: campaignId } },
    });

    // Another product is not discounted.
    const other = await productNamed('分期輕鬆還');
    const otherQuote = bodyOf<{ quote: TLoanQuote }>(
      await call(ENDPOINTS.loanCommonAdjust, { productId: String(other.id), amount: 30_000, term: 6 }, borrower),
    ).quote;
    expect(otherQuote.campaign).toBeNull();

    await advance(2 * HOUR);
    expect((await quoteOf()).campaign).toBeNull();
    expect(bodyOf<TActivityAwardResponse>(await call(ENDPOINTS.activityAward, {}, borrower)).campaigns).toEqual([]);

    // Edited (extended) from the console, audited before and after.
    const later = { ...form, endsAt: taipeiMinuteOf(new Date(server.clock.now().getTime() + HOUR)) };
    expect((await admin.call(ADMIN_ROUTES.updateCampaign, { params: { id: campaignId }, body: later })).status).toBe(200);
    expect((await quoteOf()).annualRatePercent).toBe(9);
    expect(await auditOf('campaign.created')).toMatchObject([{ target: `campaign:${campaignId}`, after: { discountBasisPoints: 300 } }]);
    expect(await auditOf('campaign.updated')).toMatchObject([{ target: `campaign:${campaignId}`, after: { endsAt: later.endsAt } }]);
  });
});

describe('the user agreement and the privacy policy, versioned', () => {
  it('publishes a new version that borrowers read and new users accept; users before it keep the one they accepted, and old versions stay readable', async () => {
    const before = await createBorrower(server, database.handle, { stopBefore: 'contacts' });
    const listed = (await admin.call(ADMIN_ROUTES.listDocuments)).json as TDocumentListResponse;
    const agreement = listed.items.find((item) => item.key === 'user_agreement');
    expect(agreement).toMatchObject({ version: '2025-01', publishable: true });
    expect(listed.items.find((item) => item.key === 'loan_contract_template')).toMatchObject({ publishable: false });

    const body = '# 使用者條款\n\n第一條 本條款自 2026 年 12 月 1 日起適用於新註冊的使用者。年利率上限 16%。';
    expect(
      await admin.call(ADMIN_ROUTES.publishDocument, {
        params: { key: 'user_agreement' },
        body: { version: '2025-01', title: '使用者條款', body },
      }),
    ).toMatchObject({
      status: 409,
      json: { message: DOCUMENT_VERSION_TAKEN },
    });
    expect(
      await admin.call(ADMIN_ROUTES.publishDocument, {
        params: { key: 'loan_contract_template' },
        body: { version: '2026-12', title: '契約', body },
      }),
    ).toMatchObject({
      status: 409,
      json: { message: DOCUMENT_NOT_PUBLISHABLE },
    });
    expect(
      (await admin.call(ADMIN_ROUTES.publishDocument, { params: { key: 'user_agreement' }, body: { version: '2026-12', title: '', body } }))
        .status,
    ).toBe(400);
    const published = await admin.call(ADMIN_ROUTES.publishDocument, {
      params: { key: 'user_agreement' },
      body: { version: '2026-12', title: '使用者條款', body },
    });
    expect(published.status).toBe(200);

    // What the app shows from now on.
    const shown = bodyOf<{ version: string; html: string }>(await call(ENDPOINTS.commonDocument, { key: 'user_agreement' }));
    expect(shown.version).toBe('2026-12');
    expect(shown.html).toContain('2026 年 12 月 1 日');

    // A new user accepts the new version; one registered before keeps the one they accepted.
    const after = await createBorrower(server, database.handle, { stopBefore: 'contacts' });
    const accepted = async (userId: string) =>
      (
        await db()
          .select()
          .from(documentAcceptances)
          .where(eq(documentAcceptances.userId, Number(userId)))
      )
        .map((row) => `${row.key} ${row.version}`)
        .sort();
    expect(await accepted(before.userId)).toEqual(['privacy_policy 2025-01', 'user_agreement 2025-01']);
    expect(await accepted(after.userId)).toEqual(['privacy_policy 2025-01', 'user_agreement 2026-12']);

    const versions = (await admin.call(ADMIN_ROUTES.documentVersions, { params: { key: 'user_agreement' } }))
      .json as TDocumentVersionsResponse;
    expect(versions.items.map((item) => item.version)).toEqual(['2026-12', '2025-01']);
    const [newest, oldest] = versions.items;
    expect(newest).toMatchObject({ publishedBy: 'config-admin', body });
    // Every user this file registered before the new version accepted the old one.
    expect(oldest?.acceptedBy).toBeGreaterThanOrEqual(1);
    expect(newest?.acceptedBy).toBe(1);
    expect(oldest?.body).toContain('16%');
    expect(await auditOf('document.published')).toMatchObject([
      { target: 'document:user_agreement', before: { version: '2025-01' }, after: { version: '2026-12' } },
    ]);
  });
});

describe('the FAQ', () => {
  it('is edited and added to in the console, shown by the help centre at once, and an edit survives the seed at the next start', async () => {
    const faq = async () =>
      bodyOf<TUserQuestionQueryResponse>(await call(ENDPOINTS.userQuestionQuery, {})).faq.flatMap((group) =>
        group.items.map((item) => ({ group: group.group, ...item })),
      );
    const listed = ((await admin.call(ADMIN_ROUTES.listFaq)).json as TFaqListResponse).items;
    const first = listed[0];
    if (!first) throw new Error('no FAQ seeded');
    const edited = {
      groupName: first.groupName,
      groupOrder: first.groupOrder,
      sortOrder: first.sortOrder,
      question: first.question,
      answer: '年滿 20 歲的中華民國國民，持有本人的身分證與銀行帳戶即可申請。',
    };
    expect((await admin.call(ADMIN_ROUTES.updateFaq, { params: { faqId: first.id }, body: { ...edited, answer: '' } })).status).toBe(400);
    expect((await admin.call(ADMIN_ROUTES.updateFaq, { params: { faqId: 'no-such-item' }, body: edited })).status).toBe(404);
    expect((await admin.call(ADMIN_ROUTES.updateFaq, { params: { faqId: first.id }, body: edited })).status).toBe(200);
    const created = await admin.call(ADMIN_ROUTES.createFaq, {
      body: {
        groupName: '活動',
        groupOrder: 9,
        sortOrder: 0,
        question: '利率優惠活動怎麼計算？',
        answer: '活動期間的年利率直接降低，試算與總費用年百分率都已計入。',
      },
    });
    expect(created.status).toBe(200);
    const createdId = (created.json as { id: string }).id;

    expect((await faq()).find((item) => item.id === first.id)?.answer).toBe(edited.answer);
    expect((await faq()).find((item) => item.id === createdId)).toMatchObject({ group: '活動', question: '利率優惠活動怎麼計算？' });
    await seedDatabase(db());
    expect((await faq()).find((item) => item.id === first.id)?.answer).toBe(edited.answer);
    expect(await auditOf('faq.updated')).toMatchObject([
      { target: `faq:${first.id}`, before: { answer: first.answer }, after: { answer: edited.answer } },
    ]);
    expect(await auditOf('faq.created')).toMatchObject([{ target: `faq:${createdId}` }]);
  });
});
