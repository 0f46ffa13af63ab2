import type { TLoanProduct } from '@app/contract/schemas/loans.ts';
import {
  PRODUCT_AMOUNT_RANGE,
  PRODUCT_APR_RANGE,
  PRODUCT_EXTENSION,
  PRODUCT_METHOD_INSTALMENTS,
  PRODUCT_METHOD_SINGLE,
  PRODUCT_RATE,
  PRODUCT_TERMS,
  aprRange,
  termsLabel,
} from '@app/contract/messages/loan-home.ts';
import { formatMoney, formatPercent } from '../../../shared/utils/format.ts';
import './product-summary.css';

/** A product's facts: amount range, terms, rate and APR range, how it is repaid. */
export function ProductFacts({ product }: { product: TLoanProduct }) {
  return (
    <dl className="product-facts">
      <div>
        <dt>{PRODUCT_AMOUNT_RANGE}</dt>
        <dd>
          {formatMoney(product.amountMin)} – {formatMoney(product.amountMax)}
        </dd>
      </div>
      <div>
        <dt>{PRODUCT_TERMS}</dt>
        <dd>{termsLabel(product.terms, product.termUnit)}</dd>
      </div>
      <div>
        <dt>{PRODUCT_RATE}</dt>
        <dd>{formatPercent(product.annualRatePercent)}</dd>
      </div>
      <div>
        <dt>{PRODUCT_APR_RANGE}</dt>
        <dd>{aprRange(product.aprMinPercent, product.aprMaxPercent)}</dd>
      </div>
    </dl>
  );
}

export function productMethodLabel(product: TLoanProduct): string {
  const method = product.method === 'singleRepayment' ? PRODUCT_METHOD_SINGLE : PRODUCT_METHOD_INSTALMENTS;
  return product.extension ? `${method}・${PRODUCT_EXTENSION}` : method;
}
