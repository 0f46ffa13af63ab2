import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@app/contract/paths.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { requestRaw, requestRawFile } from '../../../shared/api/request.ts';

/** The signed contract as raw HTML (the contract-view path is never an envelope). */
export function useSignedContractHtml(orderId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['contract', 'signed', orderId],
    queryFn: () => requestRaw(PATHS.viewContract, { orderId }),
    enabled: orderId !== undefined && enabled,
    meta: INLINE_ERROR_META,
    staleTime: Infinity,
  });
}

/** The signed contract's PDF (signed orders only). */
export function downloadContractPdf(orderId: string): Promise<Blob> {
  return requestRawFile(PATHS.viewContract, { orderId, format: 'pdf' }, { loading: true, timeoutMs: 30_000 });
}

/** The settlement certificate (結清證明) of a settled order, as a PDF. */
export function downloadSettlementCertificate(orderId: string): Promise<Blob> {
  return requestRawFile(PATHS.settlementCertificate, { orderId }, { loading: true, timeoutMs: 30_000 });
}

/** Hands a Blob to the browser as a download with this file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
