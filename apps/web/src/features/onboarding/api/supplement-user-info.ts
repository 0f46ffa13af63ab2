import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ONBOARDING_ENDPOINTS, type RequestOf } from '@app/contract/endpoints/onboarding.ts';
import { onUserDetailSaved, type UserDetail } from '../../../shared/api/query-user-detail.ts';
import { request } from '../../../shared/api/request.ts';

export type SupplementUserInfoInput = RequestOf<typeof ONBOARDING_ENDPOINTS.userAuthSupplementUserInfo>;

export function supplementUserInfo(input: SupplementUserInfoInput): Promise<UserDetail> {
  return request(ONBOARDING_ENDPOINTS.userAuthSupplementUserInfo, input, { loading: true });
}

/** Saves the step; the answer is the detail as saved (numbers masked). */
export function useSupplementUserInfo() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: supplementUserInfo,
    onSuccess: (detail) => onUserDetailSaved(queryClient, detail),
  });
}
