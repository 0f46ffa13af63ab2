import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ONBOARDING_ENDPOINTS, type RequestOf } from '@app/contract/endpoints/onboarding.ts';
import { onUserDetailSaved, type UserDetail } from '../../../shared/api/query-user-detail.ts';
import { request } from '../../../shared/api/request.ts';

export type IdCardPhotosInput = RequestOf<typeof ONBOARDING_ENDPOINTS.userAuthIdCardPhotos>;

export function idCardPhotos(input: IdCardPhotosInput): Promise<UserDetail> {
  return request(ONBOARDING_ENDPOINTS.userAuthIdCardPhotos, input, { loading: true });
}

/** Saves the step; the answer is the detail as saved (numbers masked). */
export function useIdCardPhotos() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: idCardPhotos,
    onSuccess: (detail) => onUserDetailSaved(queryClient, detail),
  });
}
