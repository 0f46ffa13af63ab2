import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { BANK_ACCOUNT_ENDPOINTS } from '@app/contract/endpoints/bank-accounts.ts';
import { request } from '../../../shared/api/request.ts';
import { bindCardListQueryOptions, type BankCard } from './bind-card-list.ts';

/** Makes one own card the default; the answer is the whole list. */
export function updateDefaultBank(cardId: string): Promise<BankCard[]> {
  return request(BANK_ACCOUNT_ENDPOINTS.updateBank, { cardId }, { loading: true }).then((answer) => answer.cards);
}

export function useUpdateDefaultBank() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateDefaultBank,
    onSuccess: (cards) => queryClient.setQueryData(bindCardListQueryOptions().queryKey, cards),
  });
}
