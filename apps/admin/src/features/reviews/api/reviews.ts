import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type {
  TReviewDecisionRequest,
  TReviewDecisionResponse,
  TReviewDetailResponse,
  TReviewListResponse,
} from '@app/contract/admin/admin-schemas.ts';
import type { TReviewFaceAttemptsResponse } from '@app/contract/admin/admin-face-review-schemas.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: () => adminRequest<TReviewListResponse>(ADMIN_ROUTES.listReviews) });

export const reviewDetailQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['reviews', orderId],
    queryFn: () => adminRequest<TReviewDetailResponse>(ADMIN_ROUTES.reviewDetail, { params: { orderId } }),
  });

/** The borrower's face attempts with their frames (each view audited by the API). */
export const reviewFaceAttemptsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['reviews', orderId, 'face-attempts'],
    queryFn: () => adminRequest<TReviewFaceAttemptsResponse>(ADMIN_ROUTES.reviewFaceAttempts, { params: { orderId } }),
  });

export const useReviews = () => useQuery(reviewsQueryOptions());
export const useReviewDetail = (orderId: number | null) =>
  useQuery({ ...reviewDetailQueryOptions(orderId ?? 0), enabled: orderId !== null });
export const useReviewFaceAttempts = (orderId: number) => useQuery(reviewFaceAttemptsQueryOptions(orderId));

export function useDecideReview(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TReviewDecisionRequest) =>
      adminRequest<TReviewDecisionResponse>(ADMIN_ROUTES.decideReview, { params: { orderId }, body: decision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions().queryKey }),
  });
}
