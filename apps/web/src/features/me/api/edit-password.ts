import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ENDPOINTS, type RequestOf } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';

export type EditPasswordInput = RequestOf<typeof ENDPOINTS.editPassword>;

export function editPassword(input: EditPasswordInput): Promise<unknown> {
  return request(ENDPOINTS.editPassword, input, { loading: true });
}

export function useEditPassword() {
  return useSingleFlightMutation({ mutationFn: editPassword });
}
