import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_OK } from '@app/contract/envelope.ts';
import {
  aprDisclosureLine,
  aprFootnote,
  POPUP_NOT_FOUND,
  PRODUCT_NOT_FOUND,
  quoteAmountOffStep,
  quoteAmountOutOfRange,
  quoteTermNotOffered,
} from '@app/contract/messages/loans.ts';
import type { TGetPopResponse, TLoanIndexResponse, TQuoteResponse } from '@app/contract/schemas/loans.ts';
import { popupConfirmations, popups } from '../../db/schema/config.ts';
import {
  accountsServerPerFile,
  bodyOf,
  HOUR,
  loggedInUser,
  ManualClock,
  MINUTE,
  refusal,
  type LoggedIn,
} from '../../test/accounts-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';

// 2026-11-23 20:00 in Taipei (UTC+8): the Taipei day ends four hours later.
const START = Date.parse('2026-11-23T12:00:00Z');
const TAIPEI_MIDNIGHT = Date.parse('2026-11-23T16:00:00Z');

const { database, server } = accountsServerPerFile({ clock: new ManualClock(START) });

const homeOf = async (user?: LoggedIn) =>
  bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {}, user?.headers ?? {})).envelope);
const popOf = async (user?: LoggedIn) =>
  bodyOf<TGetPopResponse>((await server.client.call(ENDPOINTS.loanCommonGetPop, {}, user?.headers ?? {})).envelope).popup;
const adjust = async (user: LoggedIn, payload: { productId: string; amount: number; term: number }) =>
  (await server.client.call(ENDPOINTS.loanCommonAdjust, payload, user.headers)).envelope;

describe('loan/common/index: the whole home page in one request', () => {
  it('shows a visitor the products with their APR range, the highest product maximum, banners and notices', async () => {
    const home = await homeOf();
    expect(home).toMatchObject({
      productName: '小安貸',
      maxAmount: 100_000,
      // 12 % a year: dollar rounding moves the APR between 11.96 % and 12.04 %.
      aprMinPercent: 11.96,
      aprMaxPercent: 12.04,
      aprCapPercent: 16,
      aprLine: aprDisclosureLine(11.96, 12.04, 16),
      userState: 'visitor',
      openOrder: null,
      coolDownUntil: null,
    });
    expect(home.products).toEqual([
      expect.objectContaining({
        name: '90 天輕鬆借',
        method: 'singleRepayment',
        amountMin: 3_000,
        amountMax: 20_000,
        amountStep: 1_000,
        terms: [90],
        termUnit: 'day',
        aprMinPercent: 11.96,
        aprMaxPercent: 12.03,
        extension: { periodDays: 30, maxCount: 2, feePercentOfPrincipal: 0.25 },
      }),
      expect.objectContaining({
        name: '分期輕鬆還',
        method: 'equalInstalments',
        amountMin: 10_000,
        amountMax: 100_000,
        terms: [3, 6, 12],
        termUnit: 'month',
        extension: null,
      }),
    ]);
    expect(home.banners).toEqual([expect.objectContaining({ title: '年利率上限 16%，費用全部事先告知' })]);
    expect(home.notices).toEqual([expect.objectContaining({ text: expect.stringContaining('不會要求提供提款卡') })]);

    const banners = bodyOf<{ banners: unknown[] }>((await server.client.call(ENDPOINTS.loanCommonBanner, {})).envelope);
    expect(banners.banners).toEqual(home.banners);
    const notices = bodyOf<{ notices: unknown[] }>((await server.client.call(ENDPOINTS.loanCommonNotice, {})).envelope);
    expect(notices.notices).toEqual(home.notices);
  });

  it('tells a user still onboarding apart from one ready to apply (within the credit limit)', async () => {
    const newcomer = await loggedInUser(server);
    expect(await homeOf(newcomer)).toMatchObject({ userState: 'onboarding', maxAmount: 100_000, openOrder: null });

    const halfway = await createBorrower(server, database.handle, { stopBefore: 'face' });
    expect((await homeOf(halfway)).userState).toBe('onboarding');

    const ready = await createBorrower(server, database.handle);
    const home = await homeOf(ready);
    expect(home).toMatchObject({ userState: 'ready', maxAmount: 100_000, openOrder: null, coolDownUntil: null });
    expect(home.products).toHaveLength(2);
  });

  it('treats an unknown session token as a visitor', async () => {
    expect((await homeOf({ headers: { token: 'not-a-session' } } as LoggedIn)).userState).toBe('visitor');
  });
});

describe('popups: at most once a Taipei day per user', () => {
  it('gives a visitor none, a user the active popup until they close it, and again the next Taipei day', async () => {
    expect(await popOf()).toBeNull();
    const user = await loggedInUser(server);
    const other = await loggedInUser(server);
    const popup = await popOf(user);
    expect(popup).toMatchObject({ title: '防詐騙提醒' });
    // Asking again without closing it shows it again.
    expect(await popOf(user)).toEqual(popup);

    expect(bodyOf((await server.client.call(ENDPOINTS.loanCommonConfirmPop, { popupId: popup!.id }, user.headers)).envelope)).toEqual({
      ok: true,
    });
    expect(await popOf(user)).toBeNull();
    // A repeat the same day changes nothing; another user still sees it.
    expect((await server.client.call(ENDPOINTS.loanCommonConfirmPop, { popupId: popup!.id }, user.headers)).envelope?.status).toBe(
      STATUS_OK,
    );
    expect(await popOf(other)).toEqual(popup);

    // Still the same Taipei day a minute before midnight (16:00 UTC)…
    const now = server.clock.now().getTime();
    expect(now).toBeLessThan(TAIPEI_MIDNIGHT - MINUTE);
    server.clock.advance(TAIPEI_MIDNIGHT - now - MINUTE);
    expect(await popOf(user)).toBeNull();
    // …and shown again once the next one starts.
    server.clock.advance(2 * MINUTE);
    expect(await popOf(user)).toEqual(popup);

    const rows = await database.handle.db
      .select()
      .from(popupConfirmations)
      .where(eq(popupConfirmations.userId, Number(user.userId)));
    expect(rows).toHaveLength(1);
  });

  it('refuses to confirm an unknown or inactive popup, and lists the active ones', async () => {
    const user = await loggedInUser(server);
    expect((await server.client.call(ENDPOINTS.loanCommonConfirmPop, { popupId: '999999' }, user.headers)).envelope).toEqual(
      refusal(POPUP_NOT_FOUND),
    );
    const [hidden] = await database.handle.db.insert(popups).values({ title: '已下架', active: false }).returning({ id: popups.id });
    expect((await server.client.call(ENDPOINTS.loanCommonConfirmPop, { popupId: String(hidden!.id) }, user.headers)).envelope).toEqual(
      refusal(POPUP_NOT_FOUND),
    );
    const list = bodyOf<{ popups: Array<{ title: string }> }>((await server.client.call(ENDPOINTS.getPopList, {})).envelope);
    expect(list.popups.map((popup) => popup.title)).toEqual(['防詐騙提醒']);
  });

  it('needs a session to confirm', async () => {
    expect((await server.client.call(ENDPOINTS.loanCommonConfirmPop, { popupId: '1' })).envelope?.status).toBe(301);
  });
});

describe('loan/common/adjust: a quote as amount or term changes', () => {
  it('quotes the whole cost with the APR footnote and its base date', async () => {
    const user = await loggedInUser(server);
    const { products } = await homeOf();
    const instalments = products[1]!;
    const { quote } = bodyOf<TQuoteResponse>(await adjust(user, { productId: instalments.id, amount: 30_000, term: 6 }));
    const today = new Date(server.clock.now().getTime() + 8 * HOUR).toISOString().slice(0, 10);
    expect(quote).toMatchObject({
      productId: instalments.id,
      productName: '分期輕鬆還',
      term: 6,
      termUnit: 'month',
      principal: 30_000,
      amountReceived: 30_000,
      fees: [],
      aprCapPercent: 16,
      aprBaseDate: today,
      aprFootnote: aprFootnote(today),
    });
    expect(quote.instalments).toHaveLength(6);
    expect(quote.instalments.reduce((total, row) => total + row.principal, 0)).toBe(30_000);
    expect(quote.totalRepayment).toBe(30_000 + quote.interest);
    expect(quote.aprPercent).toBeGreaterThan(11.9);
    expect(quote.aprPercent).toBeLessThan(12.1);
  });

  it('refuses an amount, step or term the product does not allow, naming what it allows', async () => {
    const user = await loggedInUser(server);
    const [single, instalments] = (await homeOf()).products;
    expect(await adjust(user, { productId: single!.id, amount: 25_000, term: 90 })).toEqual(refusal(quoteAmountOutOfRange(3_000, 20_000)));
    expect(await adjust(user, { productId: single!.id, amount: 3_500, term: 90 })).toEqual(refusal(quoteAmountOffStep(3_000, 1_000)));
    expect(await adjust(user, { productId: single!.id, amount: 5_000, term: 30 })).toEqual(refusal(quoteTermNotOffered([90], 'day')));
    expect(await adjust(user, { productId: instalments!.id, amount: 10_000, term: 24 })).toEqual(
      refusal(quoteTermNotOffered([3, 6, 12], 'month')),
    );
    expect(await adjust(user, { productId: instalments!.id, amount: 9_000, term: 24 })).toEqual(
      refusal(`${quoteAmountOutOfRange(10_000, 100_000)}；${quoteTermNotOffered([3, 6, 12], 'month')}`),
    );
    expect(quoteAmountOutOfRange(3_000, 20_000)).toBe('借款金額須介於 NT$\u00a03,000 至 NT$\u00a020,000 之間');
    expect(await adjust(user, { productId: '999999', amount: 5_000, term: 90 })).toEqual(refusal(PRODUCT_NOT_FOUND));
  });
});
