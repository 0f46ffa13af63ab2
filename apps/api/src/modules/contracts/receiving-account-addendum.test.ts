import { describe, expect, it } from 'vitest';
import {
  PAYOUT_ADDENDUM_LABELS,
  PAYOUT_ADDENDUM_TITLE,
  payoutAccountAddendumText,
  payoutAddendumPaidTo,
  payoutAddendumTime,
} from '@app/contract/messages/payout-account.ts';
import { contractHtmlBlocks } from './contract-html-blocks.ts';
import { receivingAccountAddendum, withAddendum } from './receiving-account-addendum.ts';

/**
 * The contract's addendum for a receiving-account change (decision 0174) in the contract's
 * markup: after the signed text, which stays as it was, and read by the PDF's layout as the
 * contract's own blocks.
 */

const SIGNED = '<!doctype html><html><body><article class="loan-contract"><h1>借款契約</h1><p>條款</p></article></body></html>';
const change = (from: string, to: string, at: string, confirmedText: string | null) => ({
  failedPayoutId: 1,
  from,
  to,
  cause: 'borrower',
  at: new Date(at),
  confirmedText,
});

describe('the receiving-account addendum', () => {
  it('is nothing when the account never changed: the signed text is shown as stored', () => {
    expect(withAddendum(SIGNED, receivingAccountAddendum([], { bankAccountLabel: '臺灣銀行 ****1234', disbursedOn: null }))).toBe(SIGNED);
  });

  it('follows the signed text with each change and the account paid to, and the PDF reads them as rows and paragraphs', () => {
    const confirmed = payoutAccountAddendumText({ from: '臺灣銀行 ****1234', to: '玉山銀行 ****2345' });
    const addendum = receivingAccountAddendum(
      [
        change('臺灣銀行 ****1234', '玉山銀行 ****2345', '2026-11-28T02:05:00Z', confirmed),
        // A change made before the confirmed words were kept: written from the labels.
        change('玉山銀行 ****2345', '國泰世華 ****9876', '2026-11-29T03:00:00Z', null),
      ],
      { bankAccountLabel: '國泰世華 ****9876', disbursedOn: '2026-11-30' },
    );
    const shown = withAddendum(SIGNED, addendum);
    expect(shown.startsWith(SIGNED.replace('</body></html>', ''))).toBe(true);
    expect(shown.endsWith('</body></html>')).toBe(true);

    const blocks = contractHtmlBlocks(shown);
    const texts = blocks.flatMap((block) => ('text' in block ? [block.text] : []));
    const rows = blocks.flatMap((block) => (block.kind === 'row' ? [block.cells] : []));
    // The signed text first, untouched; then the addendum.
    expect(texts.slice(0, 2)).toEqual(['借款契約', '條款']);
    expect(texts).toContain(PAYOUT_ADDENDUM_TITLE);
    expect(rows).toEqual(
      expect.arrayContaining([
        [PAYOUT_ADDENDUM_LABELS.at, payoutAddendumTime('2026/11/28 10:05')],
        [PAYOUT_ADDENDUM_LABELS.from, '臺灣銀行 ****1234'],
        [PAYOUT_ADDENDUM_LABELS.to, '玉山銀行 ****2345'],
        [PAYOUT_ADDENDUM_LABELS.text, confirmed],
        [PAYOUT_ADDENDUM_LABELS.from, '玉山銀行 ****2345'],
        [PAYOUT_ADDENDUM_LABELS.text, payoutAccountAddendumText({ from: '玉山銀行 ****2345', to: '國泰世華 ****9876' })],
      ]),
    );
    expect(texts.at(-1)).toBe(payoutAddendumPaidTo('2026/11/30', '國泰世華 ****9876'));
  });

  it('escapes what it prints', () => {
    const addendum = receivingAccountAddendum([change('<b>銀行</b> ****1', 'A&B ****2', '2026-11-28T02:05:00Z', null)], {
      bankAccountLabel: 'A&B ****2',
      disbursedOn: null,
    });
    expect(addendum).not.toContain('<b>');
    expect(addendum).toContain('&lt;b&gt;');
    expect(addendum).toContain('A&amp;B ****2');
  });
});
