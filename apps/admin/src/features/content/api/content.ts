import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TFaqForm,
  TFaqListResponse,
  THomeContentForm,
  THomeContentKind,
  THomeContentListResponse,
  TServiceLine,
} from '@app/contract/admin/admin-config-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const serviceLineQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'service-line'],
    queryFn: () => adminRequest<Required<TServiceLine>>(ADMIN_ROUTES.getServiceLine),
  });
export const useServiceLine = () => useQuery(serviceLineQueryOptions());

export function useSaveServiceLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TServiceLine) => adminRequest<Required<TServiceLine>>(ADMIN_ROUTES.saveServiceLine, { body: values }),
    onSuccess: (saved) => queryClient.setQueryData(serviceLineQueryOptions().queryKey, saved),
  });
}

export const homeContentQueryOptions = (kind: THomeContentKind) =>
  queryOptions({
    queryKey: ['content', kind],
    queryFn: () => adminRequest<THomeContentListResponse>(ADMIN_ROUTES.listHomeContent, { params: { kind } }),
  });
export const useHomeContent = (kind: THomeContentKind) => useQuery(homeContentQueryOptions(kind));

export function useSaveHomeContent(kind: THomeContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; form: THomeContentForm }) =>
      input.id === null
        ? adminRequest<{ id: number }>(ADMIN_ROUTES.createHomeContent, { params: { kind }, body: input.form })
        : adminRequest<{ id: number }>(ADMIN_ROUTES.updateHomeContent, { params: { kind, id: input.id }, body: input.form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeContentQueryOptions(kind).queryKey }),
  });
}

export const faqQueryOptions = () =>
  queryOptions({ queryKey: ['faq'], queryFn: () => adminRequest<TFaqListResponse>(ADMIN_ROUTES.listFaq) });
export const useFaq = () => useQuery(faqQueryOptions());

export function useSaveFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; form: TFaqForm }) =>
      input.id === null
        ? adminRequest<{ id: string }>(ADMIN_ROUTES.createFaq, { body: input.form })
        : adminRequest<{ id: string }>(ADMIN_ROUTES.updateFaq, { params: { faqId: input.id }, body: input.form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: faqQueryOptions().queryKey }),
  });
}

/** Removes a FAQ item: the borrowers' help centre no longer shows it. */
export function useRemoveFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest<{ ok: true }>(ADMIN_ROUTES.removeFaq, { params: { faqId: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: faqQueryOptions().queryKey }),
  });
}
