import {
  QUOTE_APR,
  QUOTE_FAILED,
  QUOTE_INTEREST,
  QUOTE_NO_FEES,
  QUOTE_PRINCIPAL,
  QUOTE_RATE,
  QUOTE_RECEIVED,
  QUOTE_RECEIVED_NOTE,
  QUOTE_SCHEDULE,
  QUOTE_TITLE,
  QUOTE_TOTAL,
  QUOTE_UPDATING,
  aprCapNote,
  instalmentLabel,
} from '@app/contract/messages/loan-pages.ts';
import type { LoanQuote } from '../api/loan-quote.ts';
import { formatDate, formatMoney, formatPercent } from '../../../shared/utils/format.ts';

function Row({ label, value, note, strong, testId }: { label: string; value: string; note?: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'quote-row quote-row-strong' : 'quote-row'}>
      <dt>
        {label}
        {note ? <span className="quote-note">{note}</span> : null}
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * Everything the loan costs, before signing (PRODUCT.md "Full cost before signing"):
 * principal, the amount received (the whole principal), interest, each fee, the total,
 * each instalment with its date, the rate and the APR with its footnote. While a newer
 * quote is on its way (or was refused) the last one stays, dimmed and marked so.
 */
export function QuotePanel({ quote, updating, failed }: { quote: LoanQuote; updating: boolean; failed: boolean }) {
  const count = quote.instalments.length;
  return (
    <section className="quote-panel" aria-busy={updating} aria-labelledby="quote-title" data-testid="quote-panel">
      <header className="quote-header">
        <h2 id="quote-title">{QUOTE_TITLE}</h2>
        {failed ? (
          <span className="quote-failed" role="alert">
            {QUOTE_FAILED}
          </span>
        ) : updating ? (
          <span className="quote-updating" role="status">
            {QUOTE_UPDATING}
          </span>
        ) : null}
      </header>
      <dl className="quote-rows">
        <Row label={QUOTE_PRINCIPAL} value={formatMoney(quote.principal)} testId="quote-principal" />
        <Row label={QUOTE_RECEIVED} note={QUOTE_RECEIVED_NOTE} value={formatMoney(quote.amountReceived)} testId="quote-received" />
        <Row label={QUOTE_INTEREST} value={formatMoney(quote.interest)} testId="quote-interest" />
        {quote.fees.length === 0 ? (
          <Row label={QUOTE_NO_FEES} value={formatMoney(0)} />
        ) : (
          quote.fees.map((fee) => <Row key={fee.code} label={fee.name} value={formatMoney(fee.amount)} />)
        )}
        <Row label={QUOTE_TOTAL} value={formatMoney(quote.totalRepayment)} strong testId="quote-total" />
      </dl>
      <h3 className="quote-subtitle">{QUOTE_SCHEDULE}</h3>
      <ol className="quote-schedule">
        {quote.instalments.map((instalment) => (
          <li key={instalment.number} data-testid="quote-instalment">
            <span className="quote-schedule-label">{instalmentLabel(instalment.number, count)}</span>
            <span className="quote-schedule-date">{formatDate(instalment.dueDate)}</span>
            <span className="quote-schedule-amount">{formatMoney(instalment.total)}</span>
          </li>
        ))}
      </ol>
      <div className="quote-apr">
        <div className="quote-apr-figures">
          <span>
            {QUOTE_APR} <strong data-testid="quote-apr">{formatPercent(quote.aprPercent)}</strong>
          </span>
          <span className="quote-rate">
            {QUOTE_RATE} {formatPercent(quote.annualRatePercent)}
          </span>
        </div>
        {quote.campaign ? (
          // A campaign's interest discount, already in the figures above (never a cash amount).
          <p className="quote-footnote quote-campaign" data-testid="quote-campaign">
            {quote.campaign.text}
          </p>
        ) : null}
        <p className="quote-footnote" data-testid="quote-apr-footnote">
          {quote.aprFootnote}
        </p>
        <p className="quote-footnote">{aprCapNote(quote.aprCapPercent)}</p>
      </div>
    </section>
  );
}
