import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/accounts.ts';
import { request } from './request.ts';

export type CashUser = ResponseOf<typeof ACCOUNT_ENDPOINTS.queryCashUser>;

export function queryCashUser(): Promise<CashUser> {
  return request(ACCOUNT_ENDPOINTS.queryCashUser, {});
}

export function queryCashUserQueryOptions() {
  return queryOptions({ queryKey: ['user', 'queryCashUser'], queryFn: queryCashUser });
}

/** Who am I; only asked when a session exists (logged out, the page shows a login prompt). */
export function useQueryCashUser(enabled: boolean) {
  return useQuery({ ...queryCashUserQueryOptions(), enabled });
}
