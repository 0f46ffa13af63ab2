import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type {
  TBooksResponse,
  TCreditListResponse,
  TPaymentActionResponse,
  TPaymentListResponse,
  TTransferReviewRequest,
} from '@app/contract/admin/admin-schemas.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const transfersQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'transfers'], queryFn: () => adminRequest<TPaymentListResponse>(ADMIN_ROUTES.listTransfers) });
export const heldQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'held'], queryFn: () => adminRequest<TPaymentListResponse>(ADMIN_ROUTES.listHeld) });
export const creditsQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'credits'], queryFn: () => adminRequest<TCreditListResponse>(ADMIN_ROUTES.listCredits) });

export const useTransfers = () => useQuery(transfersQueryOptions());
export const useHeld = () => useQuery(heldQueryOptions());
export const useCredits = () => useQuery(creditsQueryOptions());

function usePaymentMutation<Input>(run: (input: Input) => Promise<TPaymentActionResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: ['payments'] }) });
}

export const useReviewTransfer = () =>
  usePaymentMutation((input: { id: number; review: TTransferReviewRequest }) =>
    adminRequest<TPaymentActionResponse>(ADMIN_ROUTES.reviewTransfer, { params: { id: input.id }, body: input.review }),
  );

export const useResolveHeld = () =>
  usePaymentMutation((input: { id: number; verdict: 'credit' | 'refund'; note: string }) =>
    adminRequest<TPaymentActionResponse>(ADMIN_ROUTES.resolveHeld, {
      params: { id: input.id },
      body: { verdict: input.verdict, note: input.note },
    }),
  );

export const useRefundCredit = () =>
  usePaymentMutation((input: { orderId: number; note: string }) =>
    adminRequest<TPaymentActionResponse>(ADMIN_ROUTES.refundCredit, { params: { orderId: input.orderId }, body: { note: input.note } }),
  );

export const useCheckBooks = () => useMutation({ mutationFn: () => adminRequest<TBooksResponse>(ADMIN_ROUTES.checkBooks) });
