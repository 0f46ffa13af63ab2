import { useSearchParams } from 'react-router';
import { ZOrderIdSchema } from '@app/contract/schemas/common.ts';

/**
 * The order a page is about: `?orderId=` when it is a valid id, else `fallback` (the
 * signing pages: the application in progress).
 */
export function useOrderId(fallback?: string): string | undefined {
  const [params] = useSearchParams();
  const value = params.get('orderId');
  if (value !== null && ZOrderIdSchema.safeParse(value).success) return value;
  return fallback !== undefined && ZOrderIdSchema.safeParse(fallback).success ? fallback : undefined;
}
