import { useQueryClient } from '@tanstack/react-query';
import { ORDER_ENDPOINTS } from '@app/contract/endpoints/orders.ts';
import { request } from '../../../shared/api/request.ts';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';

/**
 * Names another of the borrower's cards as the receiving account of an order whose payout
 * failed (order/changePayoutAccount, decision 0169). Refused or not, the order is read
 * again: it shows the account it has now — and so is the loans home, which tells of the
 * failed payout too (decision 0173).
 */
export function useChangePayoutAccount(orderId: string) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (cardId: string) => request(ORDER_ENDPOINTS.changePayoutAccount, { orderId, cardId }, { loading: true }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['order'] });
      void client.invalidateQueries({ queryKey: ['loan', 'index'] });
    },
  });
}
