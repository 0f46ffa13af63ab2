import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_SERVER_ERROR, type TBankFileEncoding, type TPayoutStage } from '@app/contract/admin/admin-messages.ts';
import type {
  TBankBatchCreatedResponse,
  TBankBatchListResponse,
  TBankResultImportResponse,
  TPayoutListResponse,
  TPayoutReleaseResponse,
  TPayoutRetryResponse,
} from '@app/contract/admin/admin-payout-schemas.ts';
import { adminUrl, ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { AdminApiError, adminRequest } from '../../../shared/api/admin-request.ts';

export interface PayoutFilter {
  stage?: TPayoutStage;
  from?: string;
  to?: string;
  page: number;
}

export const payoutsQueryOptions = (filter: PayoutFilter) =>
  queryOptions({
    queryKey: ['payouts', 'list', filter],
    queryFn: () =>
      adminRequest<TPayoutListResponse>(ADMIN_ROUTES.listPayouts, {
        query: { stage: filter.stage, from: filter.from, to: filter.to, page: filter.page },
      }),
    placeholderData: keepPreviousData,
  });
export const usePayouts = (filter: PayoutFilter) => useQuery(payoutsQueryOptions(filter));

export const useBankBatches = () =>
  useQuery({ queryKey: ['payouts', 'batches'], queryFn: () => adminRequest<TBankBatchListResponse>(ADMIN_ROUTES.listBankBatches) });

function usePayoutMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: ['payouts'] }) });
}

export const useReleasePayout = () =>
  usePayoutMutation((id: number) => adminRequest<TPayoutReleaseResponse>(ADMIN_ROUTES.releasePayout, { params: { id } }));
export const useRetryPayout = () =>
  usePayoutMutation((id: number) => adminRequest<TPayoutRetryResponse>(ADMIN_ROUTES.retryPayout, { params: { id } }));
export const useCreateBankBatch = () => usePayoutMutation(() => adminRequest<TBankBatchCreatedResponse>(ADMIN_ROUTES.createBankBatch));
export const useImportBankResult = () =>
  usePayoutMutation((file: { fileName: string; contentBase64: string }) =>
    adminRequest<TBankResultImportResponse>(ADMIN_ROUTES.importBankResult, { body: file }),
  );

/** The batch file's address in an encoding (the browser sends the session cookie; each download is audited). */
export const bankBatchUrl = (batch: string, encoding: TBankFileEncoding = 'utf8') =>
  `${adminUrl(ADMIN_ROUTES.downloadBankBatch, { batch })}?${new URLSearchParams({ encoding })}`;

/**
 * Downloads a batch file: fetched first, so a refusal (a name Big5 cannot write) is shown
 * in words on the page instead of the browser opening an error; then saved under the
 * server's file name.
 */
export async function downloadBankBatch(batch: string, encoding: TBankFileEncoding): Promise<string> {
  let response: Response;
  try {
    response = await fetch(bankBatchUrl(batch, encoding), { credentials: 'same-origin' });
  } catch {
    throw new AdminApiError(ADMIN_SERVER_ERROR, 0);
  }
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new AdminApiError(json?.message ?? ADMIN_SERVER_ERROR, response.status);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `bank-batch-${batch}.csv`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return fileName;
}

/**
 * The bank's result file's bytes in base64, as sent: the server reads them (UTF-8 with or
 * without a BOM, or Big5) with the same decoder as `npm run operator -- import-bank-result`.
 */
export function bankFileBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let at = 0; at < view.length; at += 0x8000) binary += String.fromCharCode(...view.subarray(at, at + 0x8000));
  return btoa(binary);
}
