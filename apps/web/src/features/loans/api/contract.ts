import { useQuery } from '@tanstack/react-query';
import { LOAN_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/loans.ts';
import { PATHS } from '@app/contract/paths.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request, requestRaw } from '../../../shared/api/request.ts';
import { uploadFiles } from '../../../shared/files/upload-files.ts';

/**
 * The contract of an order as raw HTML (the contract-view path is never an envelope):
 * the pending terms before signing.
 */
export function viewContract(orderId: string): Promise<string> {
  return requestRaw(PATHS.viewContract, { orderId });
}

export function useContractHtml(orderId: string | undefined) {
  return useQuery({
    queryKey: ['contract', 'view', orderId],
    queryFn: () => viewContract(orderId ?? ''),
    enabled: orderId !== undefined,
    meta: INLINE_ERROR_META,
    staleTime: Infinity,
  });
}

/** A signature image is a small PNG; anything larger is not a signature. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;

export type ContractSigned = ResponseOf<typeof LOAN_ENDPOINTS.contractAdd>;

/** The signature PNG uploaded (the caller's own file), then the contract signed with it. */
export async function signContract(orderId: string, signature: Blob): Promise<ContractSigned> {
  const [uploaded] = await uploadFiles({ url: PATHS.uploadImage.path, files: [signature], maxSize: SIGNATURE_MAX_BYTES, loading: true });
  if (!uploaded) throw new Error('no upload answer');
  return request(LOAN_ENDPOINTS.contractAdd, { orderId, signatureImageKey: uploaded.key }, { loading: true });
}

/** Submits the signed order to the decision (審核中). */
export function loanConfirm(orderId: string) {
  return request(LOAN_ENDPOINTS.loanConfirm, { orderId }, { loading: true });
}
