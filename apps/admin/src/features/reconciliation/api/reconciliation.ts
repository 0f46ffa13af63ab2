import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROUTES, adminUrl } from '@app/contract/admin/admin-routes.ts';
import type { TExportKind, TReconciliationResponse } from '@app/contract/admin/admin-report-schemas.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const reconciliationQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['reconciliation', from, to],
    queryFn: () => adminRequest<TReconciliationResponse>(ADMIN_ROUTES.reconciliation, { query: { from, to } }),
  });

export const useReconciliation = (from: string, to: string) => useQuery(reconciliationQueryOptions(from, to));

/** Where a CSV export answers: a plain link downloads it with the session cookie (a GET: no CSRF token needed). */
export const exportUrl = (kind: TExportKind, from: string, to: string) =>
  `${adminUrl(ADMIN_ROUTES.exportCsv, { kind })}?${new URLSearchParams({ from, to })}`;
