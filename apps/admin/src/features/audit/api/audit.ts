import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TAuditListResponse, TAuditQuery } from '@app/contract/admin/admin-schemas.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const auditQueryOptions = (query: TAuditQuery) =>
  queryOptions({
    queryKey: ['audit', query],
    queryFn: () => adminRequest<TAuditListResponse>(ADMIN_ROUTES.listAudit, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (query: TAuditQuery) => useQuery(auditQueryOptions(query));
