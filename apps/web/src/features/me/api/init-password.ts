import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ACCOUNT_ENDPOINTS, type RequestOf } from '@app/contract/endpoints/accounts.ts';
import { request } from '../../../shared/api/request.ts';
import { queryCashUserQueryOptions } from '../../../shared/api/query-cash-user.ts';

export type InitPasswordInput = RequestOf<typeof ACCOUNT_ENDPOINTS.initPassword>;

export function initPassword(input: InitPasswordInput): Promise<unknown> {
  return request(ACCOUNT_ENDPOINTS.initPassword, input, { loading: true });
}

export function useInitPassword() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: initPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryCashUserQueryOptions().queryKey }),
  });
}
