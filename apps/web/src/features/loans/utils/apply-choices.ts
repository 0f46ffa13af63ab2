import type { TLoanProduct } from '@app/contract/schemas/loans.ts';
import type { ApplyInfo } from '../../../shared/store/apply-info.ts';

/**
 * Where the amount starts (docs/product.md, "Responsible defaults"): NT$10,000, or the
 * middle of the product's range when that is lower, on its grid; never the maximum (a
 * default is a suggestion, and people keep suggestions). The product's minimum when it
 * is higher.
 */
export const MODEST_AMOUNT = 10_000;

export function modestAmount(product: Pick<TLoanProduct, 'amountMin' | 'amountMax' | 'amountStep'>): number {
  const middle = product.amountMin + (product.amountMax - product.amountMin) / 2;
  const step = Math.max(product.amountStep, 1);
  // Down onto the grid, so the middle of a range never rounds up to its top.
  const target = Math.min(MODEST_AMOUNT, middle);
  const onGrid = product.amountMin + Math.floor(Math.max(0, target - product.amountMin) / step) * step;
  return alignAmount(product, onGrid);
}

/** The amount on the product's grid: min + k × step, within min and max. */
export function alignAmount(product: Pick<TLoanProduct, 'amountMin' | 'amountMax' | 'amountStep'>, amount: number): number {
  const { amountMin: min, amountMax: max } = product;
  const step = Math.max(product.amountStep, 1);
  if (!Number.isFinite(amount) || amount <= min) return min;
  const top = min + Math.floor((max - min) / step) * step;
  if (amount >= top) return top;
  return min + Math.round((amount - min) / step) * step;
}

export interface ApplyChoices {
  productId: string;
  amount: number;
  term: number;
  bankCardId: string | undefined;
  purpose: string | undefined;
}

/**
 * The choices applyFor starts with: the product asked for (else the one in progress,
 * else the first), and what applyInfo kept when it still fits that product, the user's
 * cards and the purposes; otherwise a modest amount (modestAmount), the first term, the default card.
 */
export function initialChoices(options: {
  products: readonly TLoanProduct[];
  cards: ReadonlyArray<{ id: string; isDefault: boolean }>;
  purposes: ReadonlyArray<{ code: string }>;
  askedProductId: string | null;
  saved: ApplyInfo | undefined;
}): ApplyChoices | null {
  const { products, cards, purposes, askedProductId, saved } = options;
  const product = products.find((p) => p.id === askedProductId) ?? products.find((p) => p.id === saved?.productId) ?? products[0];
  if (!product) return null;
  const sameProduct = saved?.productId === product.id;
  const amount = sameProduct && saved?.amount !== undefined ? alignAmount(product, saved.amount) : modestAmount(product);
  const term = sameProduct && saved?.term !== undefined && product.terms.includes(saved.term) ? saved.term : (product.terms[0] ?? 1);
  const card = cards.find((c) => c.id === saved?.bankCardId) ?? cards.find((c) => c.isDefault) ?? cards[0];
  const purpose = purposes.some((p) => p.code === saved?.purpose) ? saved?.purpose : undefined;
  return { productId: product.id, amount, term, bankCardId: card?.id, purpose };
}
