import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TDashboardResponse } from '@app/contract/admin/admin-report-schemas.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const dashboardQueryOptions = () => queryOptions({ queryKey: ['dashboard'], queryFn: () => adminRequest<TDashboardResponse>(ADMIN_ROUTES.dashboard) });

export const useDashboard = () => useQuery(dashboardQueryOptions());
