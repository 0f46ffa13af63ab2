import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type RequestOf } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';

export type EditPasswordInput = RequestOf<typeof ENDPOINTS.editPassword>;

export function editPassword(input: EditPasswordInput): Promise<unknown> {
  return request(ENDPOINTS.editPassword, input, { loading: true });
}

export function useEditPassword() {
  return useMutation({ mutationFn: editPassword });
}
