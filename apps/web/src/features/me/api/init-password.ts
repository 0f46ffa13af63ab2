import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ENDPOINTS, type RequestOf } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';
import { queryCashUserQueryOptions } from '../../../shared/api/query-cash-user.ts';

export type InitPasswordInput = RequestOf<typeof ENDPOINTS.initPassword>;

export function initPassword(input: InitPasswordInput): Promise<unknown> {
  return request(ENDPOINTS.initPassword, input, { loading: true });
}

export function useInitPassword() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: initPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryCashUserQueryOptions().queryKey }),
  });
}
