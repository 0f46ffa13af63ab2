import { queryOptions } from '@tanstack/react-query';
import { DATA_INVALID } from '@app/contract/messages/request-errors.ts';
import type { TLineExtInfo } from '@app/contract/schemas/config.ts';
import { request } from '../../../shared/api/request.ts';

/** The customer-service contact (config key 'line'), fetched with the loading indicator. */
export async function getLineConfig(): Promise<TLineExtInfo> {
  // Schema modules come with the protocol chunk, not the first render.
  const [{ COMMON_ENDPOINTS }, { LINE_CONFIG_KEY, ZLineExtInfoSchema }] = await Promise.all([
    import('@app/contract/endpoints/common.ts'),
    import('@app/contract/schemas/config.ts'),
  ]);
  const answer = await request(COMMON_ENDPOINTS.commonConfigOne, { configKey: LINE_CONFIG_KEY }, { loading: true });
  const ext = ZLineExtInfoSchema.safeParse(answer.extInfoJSON);
  if (!ext.success) throw new Error(DATA_INVALID);
  return ext.data;
}

/** Operators change the contact without a deploy: every tap asks again. */
export function lineConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'one', 'line'] as const,
    queryFn: getLineConfig,
    staleTime: 0,
  });
}
