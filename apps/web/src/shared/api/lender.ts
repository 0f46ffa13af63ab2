import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLender } from '@app/contract/schemas/config.ts';
import { request } from './request.ts';

/**
 * The lender as the server's configuration names it (common/config): name, 統一編號,
 * address, customer-service phone and hours; the same the contract and documents print.
 */
export async function getLender(): Promise<TLender> {
  // The endpoint table comes with the protocol chunk, not the first render.
  const { COMMON_ENDPOINTS } = await import('@app/contract/endpoints/common.ts');
  const config = await request(COMMON_ENDPOINTS.commonConfig, {});
  return config.lender;
}

/** Changes only with a deploy: read once a session. */
export function lenderQueryOptions() {
  return queryOptions({ queryKey: ['config', 'lender'] as const, queryFn: getLender, staleTime: Infinity });
}

export function useLender() {
  return useQuery(lenderQueryOptions());
}
