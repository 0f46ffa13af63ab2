import { queryOptions, useQuery } from '@tanstack/react-query';
import { ONBOARDING_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/onboarding.ts';
import { INLINE_ERROR_META } from './query-meta.ts';
import { request } from './request.ts';

/** Taiwan's 22 counties and cities with their districts (public, changes rarely). */
export type AddressList = ResponseOf<typeof ONBOARDING_ENDPOINTS.loanCommonAddress>;

export function commonAddress(): Promise<AddressList> {
  return request(ONBOARDING_ENDPOINTS.loanCommonAddress, {});
}

export function commonAddressQueryOptions() {
  return queryOptions({
    queryKey: ['loan', 'common', 'address'],
    queryFn: commonAddress,
    staleTime: Infinity,
    meta: INLINE_ERROR_META,
  });
}

export function useCommonAddress() {
  return useQuery(commonAddressQueryOptions());
}

/** The list as antd-mobile CascadePicker options: county → district. */
export function addressPickerOptions(list: AddressList | undefined) {
  return (list?.counties ?? []).map((county) => ({
    label: county.name,
    value: county.name,
    children: county.districts.map((district) => ({ label: district.name, value: district.name })),
  }));
}
