import { describe, expect, it } from 'vitest';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { priceLoan } from '../../domain/loan-quote.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { money } from '../../domain/money.ts';
import { contractHtmlBlocks } from './contract-html-blocks.ts';
import { contractNumber } from './contract-number.ts';
import type { ContractTerms } from './contract-terms.ts';
import { bankAndBranch, chineseNumber } from './templates/contract-format.ts';
import { LOAN_CONTRACT_V1 } from './templates/loan-contract-v1.ts';

/** A 1x1 PNG: what the template embeds is whatever the signature's bytes are. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const LENDER = {
  name: '小安資融股份有限公司',
  address: '臺北市中正區重慶南路一段 1 號',
  registrationNo: '83451206',
  servicePhone: '0800-080-123',
  serviceHours: '每日 09:00-21:00',
};

function termsFor(product: LoanProductTerms, principal: number, term: number, overrides: Partial<ContractTerms> = {}): ContractTerms {
  const { quote } = priceLoan(product, money(principal), term, '2026-11-23');
  return {
    orderNo: 'L20261123000042',
    offeredOn: '2026-11-23',
    lender: LENDER,
    borrower: { name: '陳志明', maskedIdNumber: 'A12****789', maskedMobile: '0912***678' },
    account: { bankName: '臺灣銀行', branchName: '臺灣銀行館前分行', holderName: '陳志明', maskedNumber: '****1234' },
    productName: '分期輕鬆還',
    purpose: '生活周轉',
    method: product.method,
    principal,
    term,
    annualRatePercent: product.annualRatePercent,
    fees: quote.fees,
    interest: quote.interest,
    totalRepayment: quote.totalRepayment,
    instalments: quote.instalments,
    aprPercent: quote.apr,
    aprCapPercent: 16,
    aprBaseDate: quote.aprBaseDate,
    aprFootnote: '總費用年百分率不等於借款利率。',
    extension: product.extension && {
      periodDays: product.extension.periodDays,
      maxCount: product.extension.maxCount,
      windowDays: product.extension.windowDays,
      feeFixed: product.extension.fee.fixed,
      feePercentOfPrincipal: product.extension.fee.percentOfPrincipal,
      feeAmount: 30,
    },
    reviewDays: 5,
    ...overrides,
  };
}

const signing = {
  contractNo: 'C2026112300000042',
  signedAt: new Date('2026-11-23T05:30:00Z'),
  signatureDataUri: `data:image/png;base64,${PNG.toString('base64')}`,
};

describe('the v1 loan contract', () => {
  it('escapes every value it prints', () => {
    const hostile = '<img src=x onerror="alert(1)">&';
    const html = LOAN_CONTRACT_V1.render(
      termsFor(DEFAULT_SINGLE_REPAYMENT_PRODUCT, 12_000, 90, {
        borrower: { name: hostile, maskedIdNumber: hostile, maskedMobile: hostile },
        account: { bankName: hostile, branchName: hostile, holderName: hostile, maskedNumber: hostile },
        lender: { name: hostile, address: hostile, registrationNo: hostile, servicePhone: hostile, serviceHours: hostile },
        productName: hostile,
        purpose: hostile,
        orderNo: hostile,
        aprFootnote: hostile,
      }),
      { ...signing, contractNo: hostile },
    );
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('onerror="');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;');
    // The only image is the signature.
    expect(html.match(/<img /g)).toHaveLength(1);
  });

  it('is the same text for the same terms, and the signed text adds only the signature part', () => {
    const terms = termsFor(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 36_000, 12);
    const pending = LOAN_CONTRACT_V1.render(terms, null);
    expect(LOAN_CONTRACT_V1.render(terms, null)).toBe(pending);
    const signed = LOAN_CONTRACT_V1.render(terms, signing);
    const articlesOf = (html: string) => html.slice(html.indexOf('<section>'), html.indexOf('<section class="signature">'));
    expect(articlesOf(signed)).toBe(articlesOf(pending));
    expect(signed).toContain('簽署時間：2026/11/23 13:30（臺北時間）');
    expect(pending).not.toContain('data:image/png');
  });

  it('numbers the articles in Chinese, with the extension article only for single-repayment products', () => {
    const single = LOAN_CONTRACT_V1.render(termsFor(DEFAULT_SINGLE_REPAYMENT_PRODUCT, 12_000, 90), null);
    const equal = LOAN_CONTRACT_V1.render(termsFor(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 36_000, 12), null);
    const titles = (html: string) => [...html.matchAll(/<h2>(第[^<]+條)\u3000([^<]+)<\/h2>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(titles(single)).toContain('第六條 展期');
    expect(titles(single).at(-1)).toBe('第十四條 其他');
    expect(titles(equal).some((t) => t.endsWith('展期'))).toBe(false);
    expect(titles(equal).at(-1)).toBe('第十三條 其他');
    expect([1, 9, 10, 11, 14, 20, 21].map(chineseNumber)).toEqual(['一', '九', '十', '十一', '十四', '二十', '二十一']);
  });
});

describe('what the contract names and dates', () => {
  it('names the configured lender with its 統一編號, address and customer-service phone and hours', () => {
    const html = LOAN_CONTRACT_V1.render(termsFor(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 36_000, 12), signing);
    expect(html).toContain(
      '貸與人：小安資融股份有限公司（以下稱「貸與人」），統一編號：83451206，地址：臺北市中正區重慶南路一段 1 號，客服電話：0800-080-123（每日 09:00-21:00）。',
    );
    expect(html).toContain('貸與人：小安資融股份有限公司（統一編號：83451206，地址：臺北市中正區重慶南路一段 1 號）');
    expect(html).not.toContain('小安金融');
  });

  it('prints the receiving bank once when the branch name already carries it', () => {
    const html = LOAN_CONTRACT_V1.render(termsFor(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 36_000, 12), null);
    expect(html).toContain('指定之帳戶：臺灣銀行館前分行，戶名 陳志明');
    expect(html).not.toContain('臺灣銀行 臺灣銀行');
    expect(bankAndBranch('玉山商業銀行', '玉山商業銀行板橋分行')).toBe('玉山商業銀行板橋分行');
    expect(bankAndBranch('玉山商業銀行', '板橋分行')).toBe('玉山商業銀行 板橋分行');
    expect(bankAndBranch('玉山商業銀行', null)).toBe('玉山商業銀行');
  });

  it('writes every date as 2026/11/23, in the text and the schedule table', () => {
    const html = LOAN_CONTRACT_V1.render(termsFor(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 36_000, 12), signing);
    expect(html).toContain('本契約於 2026/11/23 提供借款人審閱');
    expect(html).toContain('上表以 2026/11/23 撥款試算');
    expect(html).toMatch(/<td>1<\/td><td>2026\/12\/23<\/td>/);
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(html).not.toMatch(/\d{4} 年 \d{1,2} 月/);
  });
});

describe('the blocks the PDF is laid out from', () => {
  it('hold every paragraph, list item and schedule row of the signed text, and the signature image', () => {
    const terms = termsFor(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 36_000, 12);
    const blocks = contractHtmlBlocks(LOAN_CONTRACT_V1.render(terms, signing));
    expect(blocks[0]).toEqual({ kind: 'h1', text: '借款契約', className: '' });
    const rows = blocks.flatMap((b) => (b.kind === 'row' ? [b] : []));
    const schedule = rows.filter((b) => b.tableClass === 'schedule');
    // Header, 12 instalments, total.
    expect(schedule).toHaveLength(14);
    expect(schedule[0]).toMatchObject({ header: true, cells: ['期數', '應還日', '本金', '利息', '費用', '應還金額'] });
    expect(schedule[1]).toMatchObject({
      header: false,
      cells: ['1', terms.instalments[0]?.dueDate.replaceAll('-', '/'), expect.any(String), expect.any(String), '0', expect.any(String)],
    });
    expect(rows.filter((b) => b.tableClass === 'facts').map((b) => b.cells[0])).toContain('總費用年百分率');
    const items = blocks.flatMap((b) => (b.kind === 'li' ? [b.text] : []));
    expect(items.some((t) => t.startsWith('2. 逾期利息不計入本金'))).toBe(true);
    expect(items.some((t) => t.startsWith('1. 蒐集者：小安資融股份有限公司'))).toBe(true);
    const image = blocks.find((b) => b.kind === 'image');
    expect(image?.kind === 'image' && image.png.equals(PNG)).toBe(true);
    const texts = blocks.flatMap((b) => (b.kind === 'row' ? b.cells : b.kind === 'image' ? [] : [b.text]));
    expect(texts).toContain('契約編號：C2026112300000042');
    expect(texts.join('')).not.toMatch(/[<>]|&amp;/);
  });

  it('decode entities back to the characters the borrower saw', () => {
    const blocks = contractHtmlBlocks('<style>p{}</style><p class="small">A &amp; B &lt;C&gt; &#21512;&#x7d04;</p>');
    expect(blocks).toEqual([{ kind: 'p', text: 'A & B <C> 合約', className: 'small' }]);
  });
});

describe('contract numbers', () => {
  it('are C, the Taipei signing date and the order id on eight digits', () => {
    // 2026-11-23 17:00 UTC is already the 24th in Taipei.
    expect(contractNumber(42, new Date('2026-11-23T17:00:00Z'))).toBe('C2026112400000042');
  });
});
