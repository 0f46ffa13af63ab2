import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Selector from 'antd-mobile/es/components/selector';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { RETRY, TITLE_APPLY_FOR } from '@app/contract/messages/app-shell.ts';
import {
  APPLY_AMOUNT,
  APPLY_AMOUNT_DECREASE,
  APPLY_AMOUNT_INCREASE,
  APPLY_CARD_REQUIRED,
  APPLY_LOGIN_PROMPT,
  APPLY_NEXT,
  APPLY_NOT_AVAILABLE,
  APPLY_NO_PRODUCTS,
  APPLY_PRODUCT,
  APPLY_PURPOSE,
  APPLY_PURPOSE_REQUIRED,
  APPLY_RESUMED,
  APPLY_TERM,
  QUOTE_FAILED,
  amountInstalmentLine,
  amountRangeHint,
  creditLimitLine,
  termLabel,
} from '@app/contract/messages/loan-pages.ts';
import { isRequestError } from '../../../shared/api/request-error.ts';
import { showRequestError } from '../../../shared/api/request.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { asyncComponent } from '../../../shared/ui/async-component.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { toast } from '../../../shared/ui/feedback.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { checkTips, loanApply, type CheckTips } from '../api/loan-apply.ts';
import { useLoanInit, type LoanInit } from '../api/loan-init.ts';
import { useLoanQuote } from '../api/loan-quote.ts';
import { AmountSlider } from '../components/amount-slider.tsx';
import { ApplyGate } from '../components/apply-gate.tsx';
import { CardPicker } from '../components/card-picker.tsx';
import { QuotePanel } from '../components/quote-panel.tsx';
import { useDebounced } from '../hooks/use-debounced.ts';
import { applyRequestId, readApplyInfo, updateApplyInfo } from '../../../shared/store/apply-info.ts';
import { alignAmount, initialChoices, modestAmount, type ApplyChoices } from '../utils/apply-choices.ts';
import { formatMoney } from '../../../shared/utils/format.ts';
import './loan-flow.css';

/** The statements before the application: their code is fetched when 下一步 asks for them, beside the request. */
const CheckTipsPopup = asyncComponent(() => import('../components/check-tips-popup.tsx'), { loading: 'overlay' });

/** A slider dragged or a stepper held asks for one quote once it rests this long. */
const QUOTE_DEBOUNCE_MS = 350;

/**
 * /pages/loans/applyFor — amount (stepper and slider on the product's grid), term,
 * receiving card, purpose, and the live quote; 下一步 shows the statements (checkTips),
 * then creates the order (loan/apply) and opens its contract. The choices live in
 * applyInfo, so a reload or a return resumes them.
 */
export default function ApplyForPage() {
  return (
    <div className="page loan-flow-page apply-page">
      <NavBar title={TITLE_APPLY_FOR} />
      <main className="page-body">
        <LoginGate returnTo={ROUTES.applyFor} prompt={APPLY_LOGIN_PROMPT}>
          <CheckedApplyForm />
        </LoginGate>
      </main>
    </div>
  );
}

/**
 * loan/check and loan/init leave together: the form's data arrives with the gate's answer
 * instead of a round trip after it (init only reads, so it is harmless when the gate sends
 * the user elsewhere).
 */
function CheckedApplyForm() {
  const init = useLoanInit(true);
  return (
    <ApplyGate>
      <ApplyForm init={init} />
    </ApplyGate>
  );
}

function ApplyForm({ init }: { init: ReturnType<typeof useLoanInit> }) {
  return (
    <QueryState query={init}>
      {(data) => (data.products.length === 0 ? <EmptyState title={APPLY_NO_PRODUCTS} /> : <ApplyFormBody init={data} />)}
    </QueryState>
  );
}

function ApplyFormBody({ init }: { init: LoanInit }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [start] = useState(() => {
    const saved = readApplyInfo();
    const choices = initialChoices({
      products: init.products,
      cards: init.bankCards,
      purposes: init.purposes,
      askedProductId: params.get('productId'),
      saved,
    });
    const resumed = saved?.amount !== undefined && saved.productId === choices?.productId;
    return { choices, resumed };
  });
  const [choices, setChoices] = useState<ApplyChoices>(start.choices as ApplyChoices);
  const [tips, setTips] = useState<CheckTips | null>(null);
  const [tipsAsked, setTipsAsked] = useState(false);
  const [busy, setBusy] = useState(false);

  const product = init.products.find((p) => p.id === choices.productId) ?? init.products[0];
  const cardId = init.bankCards.some((card) => card.id === choices.bankCardId)
    ? choices.bankCardId
    : (init.bankCards.find((card) => card.isDefault) ?? init.bankCards[0])?.id;

  useEffect(() => {
    updateApplyInfo({ ...choices, bankCardId: cardId });
  }, [choices, cardId]);

  const available = product !== undefined && product.amountMax >= product.amountMin;
  const quoteInput = useMemo(
    () => (available ? { productId: choices.productId, amount: choices.amount, term: choices.term } : null),
    [available, choices.productId, choices.amount, choices.term],
  );
  const settled = useDebounced(quoteInput, QUOTE_DEBOUNCE_MS);
  const quote = useLoanQuote(settled);
  const settling = settled !== quoteInput;
  const quoteReady = quote.data !== undefined && !quote.isPlaceholderData && !settling && !quote.isFetching;

  if (!product) return <EmptyState title={APPLY_NO_PRODUCTS} />;

  const change = (patch: Partial<ApplyChoices>) => setChoices((current) => ({ ...current, ...patch }));
  const chooseProduct = (id: string) => {
    const next = init.products.find((p) => p.id === id);
    if (!next || next.id === choices.productId) return;
    change({ productId: next.id, amount: modestAmount(next), term: next.terms[0] ?? 1 });
  };
  const setAmount = (value: number) => change({ amount: alignAmount(product, value) });

  async function next(): Promise<void> {
    if (!cardId) {
      toast(APPLY_CARD_REQUIRED);
      return;
    }
    if (!choices.purpose) {
      toast(APPLY_PURPOSE_REQUIRED);
      return;
    }
    setBusy(true);
    setTipsAsked(true);
    try {
      setTips(await checkTips({ productId: choices.productId, amount: choices.amount, term: choices.term }));
    } catch (error) {
      showRequestError(error);
    } finally {
      setBusy(false);
    }
  }

  async function apply(): Promise<void> {
    if (!cardId || !choices.purpose) return;
    setBusy(true);
    try {
      const requestId = applyRequestId();
      const applied = await loanApply({ ...choices, bankCardId: cardId, purpose: choices.purpose, requestId });
      updateApplyInfo({ orderId: applied.orderId });
      setTips(null);
      void navigate(routeWithQuery(ROUTES.sign, { orderId: applied.orderId }));
    } catch (error) {
      // A refusal ends this attempt (a retry is a new one); a lost answer keeps the id,
      // so trying again cannot create a second order.
      if (isRequestError(error) && error.kind === 'business') updateApplyInfo({ requestId: undefined });
      showRequestError(error);
    } finally {
      setBusy(false);
    }
  }

  const top = alignAmount(product, product.amountMax);
  const one = product.amountMin === top;
  return (
    <>
      {start.resumed ? <p className="loan-flow-intro">{APPLY_RESUMED}</p> : null}
      {init.products.length > 1 ? (
        <section className="apply-section">
          <h2 className="apply-label">{APPLY_PRODUCT}</h2>
          <Selector
            columns={2}
            value={[choices.productId]}
            options={init.products.map((p) => ({ label: p.name, value: p.id }))}
            onChange={([id]) => id && chooseProduct(id)}
            data-testid="apply-product"
          />
        </section>
      ) : null}
      <section className="apply-section apply-amount">
        <h2 className="apply-label">{APPLY_AMOUNT}</h2>
        {available ? (
          <>
            <div className="apply-amount-row">
              <Button
                className="apply-amount-step"
                shape="rounded"
                aria-label={APPLY_AMOUNT_DECREASE}
                disabled={choices.amount <= product.amountMin}
                onClick={() => setAmount(choices.amount - product.amountStep)}
              >
                <MinusOutline aria-hidden />
              </Button>
              <output className="apply-amount-figure" data-testid="apply-amount" aria-live="polite">
                {formatMoney(choices.amount)}
              </output>
              <Button
                className="apply-amount-step"
                shape="rounded"
                aria-label={APPLY_AMOUNT_INCREASE}
                disabled={choices.amount >= top}
                onClick={() => setAmount(choices.amount + product.amountStep)}
              >
                <AddOutline aria-hidden />
              </Button>
            </div>
            {/* What this amount costs, beside it: from the quote for exactly this amount and term. */}
            <p className="apply-amount-instalment" data-testid="apply-amount-instalment" aria-live="polite">
              {quote.data && quoteReady && quote.data.instalments[0]
                ? amountInstalmentLine(product.method, formatMoney(quote.data.instalments[0].total), quote.data.instalments.length)
                : '\u00a0'}
            </p>
            {one ? null : (
              <AmountSlider
                value={choices.amount}
                min={product.amountMin}
                max={top}
                step={product.amountStep}
                label={APPLY_AMOUNT}
                valueText={formatMoney(choices.amount)}
                onChange={setAmount}
              />
            )}
            <p className="apply-hint">
              {amountRangeHint(formatMoney(product.amountMin), formatMoney(top), formatMoney(product.amountStep))}
            </p>
            <p className="apply-hint">{creditLimitLine(formatMoney(init.creditLimit))}</p>
          </>
        ) : (
          <p className="apply-warning">{APPLY_NOT_AVAILABLE}</p>
        )}
      </section>
      <section className="apply-section">
        <h2 className="apply-label">{APPLY_TERM}</h2>
        <Selector
          columns={3}
          value={[choices.term]}
          options={product.terms.map((term) => ({ label: termLabel(term, product.termUnit), value: term }))}
          onChange={([term]) => term !== undefined && change({ term })}
          data-testid="apply-term"
        />
      </section>
      <CardPicker cards={init.bankCards} value={cardId} onChange={(id) => change({ bankCardId: id })} />
      <section className="apply-section">
        <h2 className="apply-label">{APPLY_PURPOSE}</h2>
        <Selector
          columns={3}
          value={choices.purpose ? [choices.purpose] : []}
          options={init.purposes.map((purpose) => ({ label: purpose.label, value: purpose.code }))}
          onChange={([code]) => change({ purpose: code })}
          data-testid="apply-purpose"
        />
      </section>
      {available ? (
        quote.data ? (
          <QuotePanel quote={quote.data} updating={!quoteReady} failed={quote.isError && !settling && !quote.isFetching} />
        ) : quote.isError ? (
          <p className="apply-warning apply-quote-failed">
            {QUOTE_FAILED}
            <Button size="mini" shape="rounded" onClick={() => void quote.refetch()}>
              {RETRY}
            </Button>
          </p>
        ) : (
          <div className="quote-panel quote-loading" aria-busy="true" />
        )
      ) : null}
      <div className="loan-flow-actions">
        <Button
          color="primary"
          block
          shape="rounded"
          size="large"
          disabled={!quoteReady || busy}
          loading={busy && tips === null}
          onClick={() => void next()}
        >
          {APPLY_NEXT}
        </Button>
      </div>
      {tipsAsked ? <CheckTipsPopup tips={tips} busy={busy} onCancel={() => setTips(null)} onConfirm={() => void apply()} /> : null}
    </>
  );
}
