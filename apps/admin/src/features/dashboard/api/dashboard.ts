import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TDashboardResponse } from '@app/contract/admin/admin-report-schemas.ts';
import type { TVitalsP75Response } from '@app/contract/schemas/web-vitals.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: () => adminRequest<TDashboardResponse>(ADMIN_ROUTES.dashboard) });

export const useDashboard = () => useQuery(dashboardQueryOptions());

/** Real users' web vitals, p75 per Taipei day and page over the last 7 days (decision 0158). */
export const useWebVitals = () =>
  useQuery({ queryKey: ['dashboard', 'web-vitals'], queryFn: () => adminRequest<TVitalsP75Response>(ADMIN_ROUTES.webVitals) });
