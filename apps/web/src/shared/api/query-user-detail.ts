import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ONBOARDING_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/onboarding.ts';
import { INLINE_ERROR_META } from './query-meta.ts';
import { queryCashUserQueryOptions } from './query-cash-user.ts';
import { request } from './request.ts';

/** What the caller saved in onboarding steps 1-3: numbers masked, photos as upload keys. */
export type UserDetail = ResponseOf<typeof ONBOARDING_ENDPOINTS.userAuthQueryUserDetail>;

export function queryUserDetail(): Promise<UserDetail> {
  return request(ONBOARDING_ENDPOINTS.userAuthQueryUserDetail, {});
}

export function queryUserDetailQueryOptions() {
  return queryOptions({ queryKey: ['userAuth', 'queryUserDetail'], queryFn: queryUserDetail, meta: INLINE_ERROR_META });
}

/** Only asked with a session; the step pages show their own error state. */
export function useQueryUserDetail(enabled: boolean) {
  return useQuery({ ...queryUserDetailQueryOptions(), enabled });
}

/** A step saved: every save answers the detail as saved, and the steps' states changed. */
export function onUserDetailSaved(queryClient: QueryClient, detail: UserDetail): Promise<void> {
  queryClient.setQueryData(queryUserDetailQueryOptions().queryKey, detail);
  return queryClient.invalidateQueries({ queryKey: queryCashUserQueryOptions().queryKey });
}
