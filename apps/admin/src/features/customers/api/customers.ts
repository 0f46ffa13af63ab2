import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type {
  TAdminOrderDetailResponse,
  TCustomerDetailResponse,
  TCustomerSearchResponse,
} from '@app/contract/admin/admin-customer-schemas.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['customers', 'search', q],
    queryFn: () => adminRequest<TCustomerSearchResponse>(ADMIN_ROUTES.searchCustomers, { query: { q } }),
    enabled: q !== '',
  });

export const customerQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['customers', 'detail', userId],
    queryFn: () => adminRequest<TCustomerDetailResponse>(ADMIN_ROUTES.customerDetail, { params: { userId } }),
  });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', orderId],
    queryFn: () => adminRequest<TAdminOrderDetailResponse>(ADMIN_ROUTES.orderDetail, { params: { orderId } }),
  });

export const useCustomerSearch = (q: string) => useQuery(customerSearchQueryOptions(q));
export const useCustomer = (userId: string) => useQuery(customerQueryOptions(userId));
export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));
