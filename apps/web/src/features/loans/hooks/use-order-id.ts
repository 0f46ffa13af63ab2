import { useSearchParams } from 'react-router';
import { readApplyInfo } from '../store/apply-info.ts';

/** The order a sign, signature or success page is about: `?orderId=`, else the one in applyInfo. */
export function useOrderId(): string | undefined {
  const [params] = useSearchParams();
  const fromQuery = params.get('orderId');
  if (fromQuery && /^[1-9]\d{0,15}$/.test(fromQuery)) return fromQuery;
  return readApplyInfo()?.orderId;
}
