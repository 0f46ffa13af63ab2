import { useQueryClient } from '@tanstack/react-query';
import { LOAN_ENDPOINTS } from '@app/contract/endpoints/loans.ts';
import { request } from '../../../shared/api/request.ts';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { clearApplyInfo } from '../../../shared/store/apply-info.ts';

/**
 * Withdraws the order before its payout (loan/cancel). The application in progress
 * (`applyInfo`) belonged to the user's one open order, so it goes too: a new
 * application starts afresh instead of resuming the cancelled one.
 */
export function useCancelOrder(orderId: string) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => request(LOAN_ENDPOINTS.loanCancel, { orderId }, { loading: true }),
    onSuccess: clearApplyInfo,
    // Refused or not, the order is read again: it shows what it became.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['order'] });
      void client.invalidateQueries({ queryKey: ['loan'] });
    },
  });
}
