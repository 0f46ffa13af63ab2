import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { BANK_ACCOUNT_ENDPOINTS, type RequestOf } from '@app/contract/endpoints/bank-accounts.ts';
import { queryCashUserQueryOptions } from '../../../shared/api/query-cash-user.ts';
import { request } from '../../../shared/api/request.ts';
import { bindCardListQueryOptions } from './bind-card-list.ts';

export type BindCardInput = RequestOf<typeof BANK_ACCOUNT_ENDPOINTS.bindCardBind>;

export function bindCard(input: BindCardInput) {
  return request(BANK_ACCOUNT_ENDPOINTS.bindCardBind, input, { loading: true });
}

/** Adds a card; the list and the onboarding steps change with it. */
export function useBindCard() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: bindCard,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bindCardListQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: queryCashUserQueryOptions().queryKey }),
      ]),
  });
}
