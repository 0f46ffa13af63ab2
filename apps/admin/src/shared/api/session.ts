import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TSessionResponse } from '@app/contract/admin/admin-schemas.ts';
import { AdminApiError, adminRequest } from './admin-request.ts';

/** The signed-in operator, or null (no session, or an idle one). */
export async function fetchSession(): Promise<TSessionResponse | null> {
  try {
    return await adminRequest<TSessionResponse>(ADMIN_ROUTES.session);
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () => queryOptions({ queryKey: ['session'], queryFn: fetchSession, staleTime: 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
