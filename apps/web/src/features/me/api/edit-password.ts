import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ACCOUNT_ENDPOINTS, type RequestOf } from '@app/contract/endpoints/accounts.ts';
import { request } from '../../../shared/api/request.ts';

export type EditPasswordInput = RequestOf<typeof ACCOUNT_ENDPOINTS.editPassword>;

export function editPassword(input: EditPasswordInput): Promise<unknown> {
  return request(ACCOUNT_ENDPOINTS.editPassword, input, { loading: true });
}

export function useEditPassword() {
  return useSingleFlightMutation({ mutationFn: editPassword });
}
