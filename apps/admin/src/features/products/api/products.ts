import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type {
  TProductCheckResponse,
  TProductForm,
  TProductListResponse,
  TProductSavedResponse,
  TProductVersionsResponse,
} from '@app/contract/admin/admin-config-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { adminRequest, AdminApiError } from '../../../shared/api/admin-request.ts';

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: () => adminRequest<TProductListResponse>(ADMIN_ROUTES.listProducts) });
export const useProducts = () => useQuery(productsQueryOptions());

export const useProductVersions = (productId: number | null) =>
  useQuery({
    queryKey: ['products', productId, 'versions'],
    queryFn: () => adminRequest<TProductVersionsResponse>(ADMIN_ROUTES.productVersions, { params: { productId: productId ?? 0 } }),
    enabled: productId !== null,
  });

function useProductMutation<Input>(run: (input: Input) => Promise<TProductSavedResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }) });
}

export const useSaveProduct = () =>
  useProductMutation((input: { id: number | null; form: TProductForm }) =>
    input.id === null
      ? adminRequest<TProductSavedResponse>(ADMIN_ROUTES.createProduct, { body: input.form })
      : adminRequest<TProductSavedResponse>(ADMIN_ROUTES.updateProduct, { params: { productId: input.id }, body: input.form }),
  );

export const useRetireProduct = () =>
  useProductMutation((id: number) => adminRequest<TProductSavedResponse>(ADMIN_ROUTES.retireProduct, { params: { productId: id } }));

/** How long typing pauses before the draft is checked. */
const CHECK_DELAY_MS = 300;

export type DraftCheck =
  | { state: 'idle' }
  | { state: 'incomplete' }
  | { state: 'checking' }
  | { state: 'checked'; result: TProductCheckResponse }
  | { state: 'invalid'; message: string };

/**
 * The server's check of a draft (the domain's APR computation, the same as saving runs),
 * asked again each time typing pauses; only the latest answer counts. A draft with a field
 * left empty is not asked ('incomplete'); one the API refuses is answered with its message,
 * not a popup.
 */
export function useProductCheck(draft: TProductForm | null | 'incomplete'): DraftCheck {
  const [check, setCheck] = useState<DraftCheck>({ state: 'idle' });
  const asked = useRef(0);
  const key = draft === null || draft === 'incomplete' ? '' : JSON.stringify(draft);
  useEffect(() => {
    if (key === '') {
      // A field left empty (being retyped): nothing to ask yet, and a late answer is dropped.
      asked.current += 1;
      setCheck({ state: draft === 'incomplete' ? 'incomplete' : 'idle' });
      return;
    }
    const ask = ++asked.current;
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      adminRequest<TProductCheckResponse>(ADMIN_ROUTES.checkProduct, { body: JSON.parse(key) as unknown }).then(
        (result) => ask === asked.current && setCheck({ state: 'checked', result }),
        (error: unknown) =>
          ask === asked.current && setCheck({ state: 'invalid', message: error instanceof AdminApiError ? error.message : String(error) }),
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, draft]);
  return check;
}
