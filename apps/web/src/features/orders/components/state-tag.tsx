import type { TOrderState } from '@app/contract/schemas/orders.ts';

const TONES: Record<TOrderState, string> = {
  待簽約: 'warning',
  審核中: 'primary',
  已核准: 'primary',
  放款中: 'primary',
  待還款: 'primary',
  已逾期: 'danger',
  已結清: 'success',
  已拒絕: 'muted',
  已取消: 'muted',
};

/** The order's state, named as ORDER_STATES names it, coloured by what it asks of the borrower. */
export function StateTag({ state }: { state: TOrderState }) {
  return (
    <span className={`order-state order-state-${TONES[state]}`} data-testid="order-state">
      {state}
    </span>
  );
}
