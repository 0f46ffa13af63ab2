import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_RELOGIN, type Envelope } from '@app/contract/envelope.ts';
import {
  BANK_ACCOUNT_RULE,
  BANK_BRANCH_NOT_OF_BANK,
  BANK_BRANCH_REQUIRED,
  BANK_CARD_DUPLICATE,
  BANK_CARD_NOT_FOUND,
  BANK_HOLDER_NAME_MISMATCH,
  BANK_PASSBOOK_IMAGE_INVALID,
  BANK_PERSONAL_INFO_REQUIRED,
  BANK_UNKNOWN,
  bankAccountLengthRule,
} from '@app/contract/messages/bank-accounts.ts';
import type { PathDef } from '@app/contract/paths.ts';
import type {
  TBankBranchListResponse,
  TBankCard,
  TBankCardListResponse,
  TBankCardResponse,
  TBankListResponse,
  TBindCardRequest,
} from '@app/contract/schemas/bank-accounts.ts';
import {
  accountsServerPerFile,
  bodyOf,
  loggedInUser,
  pngBytes,
  refusal,
  uploadedImage,
  type LoggedIn,
} from '../../test/accounts-test-kit.ts';
import { savePersonalDetails } from '../../test/lending-test-kit.ts';

const NAME = '王小明';
const LOG_LINES: string[] = [];

const { server } = accountsServerPerFile({
  env: { LOG_LEVEL: 'debug' },
  logStream: { write: (line) => void LOG_LINES.push(line) },
});
let alice: LoggedIn;
let bob: LoggedIn;
let carol: LoggedIn;
let dave: LoggedIn;

// Step 1 (個人明細) gives the verified name the holder must match: done by all but carol.
beforeAll(async () => {
  alice = await loggedInUser(server);
  bob = await loggedInUser(server);
  carol = await loggedInUser(server);
  dave = await loggedInUser(server);
  await savePersonalDetails(server, alice, { name: NAME });
  await savePersonalDetails(server, bob, { name: '林美華' });
  await savePersonalDetails(server, dave, { name: '張志豪' });
});

async function call(path: Pick<PathDef, 'method' | 'path'>, payload: unknown, user?: LoggedIn): Promise<Envelope | null> {
  return (await server.client.call(path, payload, user?.headers ?? {})).envelope;
}

const cardsOf = async (user: LoggedIn) => bodyOf<TBankCardListResponse>(await call(ENDPOINTS.bindCardList, {}, user)).cards;
const bind = (user: LoggedIn, payload: Partial<TBindCardRequest> & Record<string, unknown>) =>
  call(
    ENDPOINTS.bindCardBind,
    { bankCode: '004', branchCode: '0040037', accountNumber: '12345678901234', holderName: NAME, ...payload },
    user,
  );

describe('the bank directory', () => {
  it('lists the 39 banks of the data file by code, public, with whether each has branches', async () => {
    const { banks } = bodyOf<TBankListResponse>(await call(ENDPOINTS.bankList, {}));
    expect(banks).toHaveLength(39);
    expect(banks[0]).toEqual({ code: '004', name: '臺灣銀行', hasBranches: true });
    expect(banks.map((b) => b.code)).toEqual([...banks.map((b) => b.code)].sort());
    const without = banks.filter((b) => !b.hasBranches).map((b) => b.code);
    expect(without.sort()).toEqual(['018', '700', '824', '826']);
  });

  it('searches banks by name (台 finds 臺) or code', async () => {
    const byName = bodyOf<TBankListResponse>(await call(ENDPOINTS.bankList, { keyword: '台灣銀行' })).banks;
    expect(byName.map((b) => b.code)).toEqual(['004']);
    const byCode = bodyOf<TBankListResponse>(await call(ENDPOINTS.bankList, { keyword: '82' })).banks;
    expect(byCode.map((b) => b.code)).toEqual(['822', '823', '824', '826']);
  });

  it('lists the 7-digit branches of one bank, searchable by name', async () => {
    const all = bodyOf<TBankBranchListResponse>(await call(ENDPOINTS.bankBranchList, { bankCode: '004' }, alice));
    expect(all.hasBranches).toBe(true);
    expect(all.branches.length).toBeGreaterThan(100);
    expect(all.branches.every((b) => /^004\d{4}$/.test(b.code))).toBe(true);
    const found = bodyOf<TBankBranchListResponse>(await call(ENDPOINTS.bankBranchList, { bankCode: '004', keyword: '館前' }, alice));
    expect(found.branches).toEqual([expect.objectContaining({ code: '0040071', name: '臺灣銀行館前分行' })]);
  });

  it('answers an empty list for a bank without branches, and refuses an unknown bank', async () => {
    expect(bodyOf<TBankBranchListResponse>(await call(ENDPOINTS.bankBranchList, { bankCode: '824' }, alice))).toEqual({
      bankCode: '824',
      hasBranches: false,
      branches: [],
    });
    expect(await call(ENDPOINTS.bankBranchList, { bankCode: '999' }, alice)).toEqual(refusal(BANK_UNKNOWN));
  });
});

describe('binding a bank account', () => {
  // Each refusal leaves alice without a card: checked once after the matrix.
  it.each([
    ['an account of 9 digits', { accountNumber: '123456789' }, BANK_ACCOUNT_RULE],
    ['an account of 17 digits', { accountNumber: '12345678901234567' }, BANK_ACCOUNT_RULE],
    ['an account with letters', { accountNumber: '12345678ab1234' }, BANK_ACCOUNT_RULE],
    ['an unknown bank', { bankCode: '999' }, BANK_UNKNOWN],
    ['a bank code that is not 3 digits', { bankCode: '04' }, BANK_UNKNOWN],
    ['a branch of another bank', { branchCode: '0050018' }, BANK_BRANCH_NOT_OF_BANK],
    ['a branch code that does not exist', { branchCode: '0049999' }, BANK_BRANCH_NOT_OF_BANK],
    ['no branch for a bank with a list', { branchCode: undefined }, BANK_BRANCH_REQUIRED],
    ['a branch for a bank without a list', { bankCode: '824', branchCode: '8240001' }, BANK_BRANCH_NOT_OF_BANK],
    ['a holder name other than the verified one', { holderName: '王大明' }, BANK_HOLDER_NAME_MISMATCH],
    ['a passbook photo key nobody uploaded', { passbookImageKey: `${'a'.repeat(32)}.png` }, BANK_PASSBOOK_IMAGE_INVALID],
    [
      'a 中華郵政 account that is not 14 digits',
      { bankCode: '700', branchCode: undefined, accountNumber: '000123456789' },
      bankAccountLengthRule('中華郵政', 14),
    ],
  ])('refuses %s with its own message', async (_case, payload, message) => {
    expect(await bind(alice, payload)).toEqual(refusal(message));
  });

  it("refuses another user's passbook photo like a missing one", async () => {
    const bobKey = (await uploadedImage(server, bob, pngBytes(80))).key;
    expect(await bind(alice, { passbookImageKey: bobKey })).toEqual(refusal(BANK_PASSBOOK_IMAGE_INVALID));
  });

  it('refuses before step 1 is done', async () => {
    expect(await bind(carol, { holderName: '陳大文' })).toEqual(refusal(BANK_PERSONAL_INFO_REQUIRED));
    expect(await cardsOf(carol)).toEqual([]);
  });

  it('changed nothing while refusing', async () => {
    expect(await cardsOf(alice)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await call(ENDPOINTS.bindCardBind, {}))?.status).toBe(STATUS_RELOGIN);
    expect((await call(ENDPOINTS.bindCardList, {}))?.status).toBe(STATUS_RELOGIN);
  });

  it('binds the first account as the default, masked, with the bank and branch names', async () => {
    const aliceKey = (await uploadedImage(server, alice, pngBytes(80))).key;
    const { card } = bodyOf<TBankCardResponse>(
      await bind(alice, { accountNumber: '1234-5678-901234', holderName: ' 王 小明 ', passbookImageKey: aliceKey }),
    );
    expect(card).toEqual({
      id: expect.stringMatching(/^\d+$/),
      bankCode: '004',
      bankName: '臺灣銀行',
      branchCode: '0040037',
      branchName: '臺灣銀行營業部',
      accountMasked: '****1234',
      holderName: NAME,
      isDefault: true,
      hasPassbookImage: true,
      createdAt: expect.any(String),
    });
  });

  it('refuses the same account twice (as typed differently), and changes nothing', async () => {
    expect(await bind(alice, { accountNumber: '12345678901234', branchCode: '0040071' })).toEqual(refusal(BANK_CARD_DUPLICATE));
    expect(await cardsOf(alice)).toHaveLength(1);
  });

  it('binds a second account (a bank without branches, no branch) that is not the default', async () => {
    const { card } = bodyOf<TBankCardResponse>(
      await bind(alice, { bankCode: '700', branchCode: undefined, accountNumber: '00012345678905' }),
    );
    expect(card).toMatchObject({ bankName: '中華郵政', branchCode: null, branchName: null, accountMasked: '****8905', isDefault: false });
    // The same number at another bank is another account.
    bodyOf(await bind(alice, { bankCode: '822', branchCode: '8220015', accountNumber: '12345678901234' }));
  });

  it('lists the cards masked, the default first, never the full number', async () => {
    const response = await server.client.call(ENDPOINTS.bindCardList, {}, alice.headers);
    const { cards } = bodyOf<TBankCardListResponse>(response.envelope);
    expect(cards.map((c) => [c.bankCode, c.accountMasked, c.isDefault])).toEqual([
      ['004', '****1234', true],
      ['700', '****8905', false],
      ['822', '****1234', false],
    ]);
    const decrypted = JSON.stringify(response.envelope);
    expect(decrypted).not.toContain('12345678901234');
    expect(decrypted).not.toContain('00012345678905');
    expect(await cardsOf(bob)).toEqual([]);
  });

  it('never writes an account number to the log', () => {
    const log = LOG_LINES.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const number of ['12345678901234', '1234-5678-901234', '00012345678905', '12345678ab1234']) expect(log).not.toContain(number);
  });
});

describe('changing the default and the branch', () => {
  let cards: TBankCard[];
  beforeAll(async () => {
    cards = await cardsOf(alice);
  });

  it('makes another own card the default, leaving exactly one', async () => {
    const post = cards.find((c) => c.bankCode === '700');
    const after = bodyOf<TBankCardListResponse>(await call(ENDPOINTS.updateBank, { cardId: post?.id }, alice)).cards;
    expect(after.filter((c) => c.isDefault).map((c) => c.id)).toEqual([post?.id]);
    expect(after[0]?.id).toBe(post?.id);
    // Again on the same card: still exactly one.
    const again = bodyOf<TBankCardListResponse>(await call(ENDPOINTS.updateBank, { cardId: post?.id }, alice)).cards;
    expect(again.filter((c) => c.isDefault)).toHaveLength(1);
    expect(again).toHaveLength(3);
  });

  it('changes the branch of an own card, by the same rules as binding', async () => {
    const taiwanBank = cards.find((c) => c.bankCode === '004');
    const { card } = bodyOf<TBankCardResponse>(
      await call(ENDPOINTS.updateBranchBank, { cardId: taiwanBank?.id, branchCode: '0040071' }, alice),
    );
    expect(card).toMatchObject({ branchCode: '0040071', branchName: '臺灣銀行館前分行', accountMasked: '****1234' });
    expect(await call(ENDPOINTS.updateBranchBank, { cardId: taiwanBank?.id, branchCode: '0050018' }, alice)).toEqual(
      refusal(BANK_BRANCH_NOT_OF_BANK),
    );
    expect(await call(ENDPOINTS.updateBranchBank, { cardId: taiwanBank?.id, branchCode: null }, alice)).toEqual(
      refusal(BANK_BRANCH_REQUIRED),
    );
    expect((await cardsOf(alice)).find((c) => c.id === taiwanBank?.id)?.branchCode).toBe('0040071');
  });

  it("answers another user's card id like a missing card, and changes nothing", async () => {
    const before = await cardsOf(alice);
    const target = before.find((c) => !c.isDefault);
    for (const user of [bob, carol]) {
      expect(await call(ENDPOINTS.updateBank, { cardId: target?.id }, user)).toEqual(refusal(BANK_CARD_NOT_FOUND));
      expect(await call(ENDPOINTS.updateBranchBank, { cardId: target?.id, branchCode: '0040093' }, user)).toEqual(
        refusal(BANK_CARD_NOT_FOUND),
      );
      const bobKey = (await uploadedImage(server, user, pngBytes(80))).key;
      expect(await call(ENDPOINTS.bindCardImg, { cardId: target?.id, imageKey: bobKey }, user)).toEqual(refusal(BANK_CARD_NOT_FOUND));
    }
    expect(await call(ENDPOINTS.updateBank, { cardId: '999999' }, alice)).toEqual(refusal(BANK_CARD_NOT_FOUND));
    expect(await call(ENDPOINTS.updateBank, { cardId: 'abc' }, alice)).toEqual(refusal(BANK_CARD_NOT_FOUND));
    expect(await cardsOf(alice)).toEqual(before);
  });

  it('sets a passbook photo on an own card from an own upload only', async () => {
    const target = (await cardsOf(alice)).find((c) => !c.hasPassbookImage);
    const bobKey = (await uploadedImage(server, bob, pngBytes(80))).key;
    expect(await call(ENDPOINTS.bindCardImg, { cardId: target?.id, imageKey: bobKey }, alice)).toEqual(
      refusal(BANK_PASSBOOK_IMAGE_INVALID),
    );
    const aliceKey = (await uploadedImage(server, alice, pngBytes(80))).key;
    const { card } = bodyOf<TBankCardResponse>(await call(ENDPOINTS.bindCardImg, { cardId: target?.id, imageKey: aliceKey }, alice));
    expect(card.hasPassbookImage).toBe(true);
  });
});

describe('binding at the same moment', () => {
  it('makes exactly one of several first cards the default, and binds one account once', async () => {
    const numbers = ['20000000000001', '20000000000002', '20000000000003', '20000000000004', '20000000000004'];
    const answers = await Promise.all(numbers.map((accountNumber) => bind(dave, { accountNumber, holderName: '張志豪' })));
    expect(answers.filter((a) => a?.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a?.message === BANK_CARD_DUPLICATE)).toHaveLength(1);
    const cards = await cardsOf(dave);
    expect(cards).toHaveLength(4);
    expect(cards.filter((c) => c.isDefault)).toHaveLength(1);
  });
});
