import type { COMMON_ENDPOINTS, RequestOf } from '@app/contract/endpoints/common.ts';
import { request, showRequestError } from '../../../shared/api/request.ts';

/** The contract's schema modules come with the protocol chunk, not the first render. */
async function contract() {
  const [{ COMMON_ENDPOINTS }, { BACK_EVENT, LAUNCH_EVENT }] = await Promise.all([
    import('@app/contract/endpoints/common.ts'),
    import('@app/contract/schemas/tracking.ts'),
  ]);
  return { COMMON_ENDPOINTS, BACK_EVENT, LAUNCH_EVENT };
}

export async function markEvent(payload: RequestOf<typeof COMMON_ENDPOINTS.otherMark>) {
  const { COMMON_ENDPOINTS } = await contract();
  return request(COMMON_ENDPOINTS.otherMark, payload);
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

/**
 * Once per start of the app: the launch, with the route it opened on (read at start: the
 * mark leaves after the API origins are known, when the user may be elsewhere), which the
 * back office's funnel counts per device and channel. In the background: a failure shows nothing.
 */
export function markLaunch(route: string): void {
  contract()
    .then(({ COMMON_ENDPOINTS, LAUNCH_EVENT }) =>
      request(COMMON_ENDPOINTS.otherMark, { event: LAUNCH_EVENT, eventContent: route }, { quiet: true }),
    )
    .catch(() => undefined);
}
