import { useSearchParams } from 'react-router';
import { ZOrderIdSchema } from '@app/contract/schemas/common.ts';

/** The order a detail, pay or contract page is about (`?orderId=`), when it is a valid id. */
export function useOrderId(): string | undefined {
  const [params] = useSearchParams();
  const value = params.get('orderId');
  return value !== null && ZOrderIdSchema.safeParse(value).success ? value : undefined;
}
