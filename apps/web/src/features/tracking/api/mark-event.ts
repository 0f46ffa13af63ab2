import type { ENDPOINTS, RequestOf } from '@app/contract/endpoints.ts';
import { request, showRequestError } from '../../../shared/api/request.ts';

/** The contract's schema modules come with the protocol chunk, not the first render. */
async function contract() {
  const [{ ENDPOINTS }, { BACK_EVENT }] = await Promise.all([
    import('@app/contract/endpoints.ts'),
    import('@app/contract/schemas/tracking.ts'),
  ]);
  return { ENDPOINTS, BACK_EVENT };
}

export async function markEvent(payload: RequestOf<typeof ENDPOINTS.otherMark>) {
  const { ENDPOINTS } = await contract();
  return request(ENDPOINTS.otherMark, payload);
}

/**
 * SPEC.md section 7: every back action records event '-1' with the route left. It does
 * not hold the user up; a refusal is shown as an error when it arrives.
 */
export function markBack(route: string): void {
  contract()
    .then(({ BACK_EVENT }) => markEvent({ event: BACK_EVENT, eventContent: route }))
    .catch(showRequestError);
}
