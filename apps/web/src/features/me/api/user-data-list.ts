import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/accounts.ts';
import { request } from '../../../shared/api/request.ts';

export type UserDataList = ResponseOf<typeof ACCOUNT_ENDPOINTS.userDataList>;

export function getUserDataList(): Promise<UserDataList> {
  return request(ACCOUNT_ENDPOINTS.userDataList, {}, { loading: true });
}

export function userDataListQueryOptions() {
  return queryOptions({ queryKey: ['user', 'dataList'], queryFn: getUserDataList, staleTime: 0 });
}

/** PDPA access: the personal data held about the caller, by category. */
export function useUserDataList(enabled: boolean) {
  return useQuery({ ...userDataListQueryOptions(), enabled });
}
