import { IDENTITY_DOCUMENT_ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints/identity-document.ts';
import { OCR_DIFFERENCES_NOT_ACCEPTED, OCR_UNREADABLE } from '@app/contract/messages/identity-document.ts';
import { RequestError } from '../../../shared/api/request-error.ts';
import { IMAGE_WORK_TIMEOUT_MS } from '../../../shared/api/request-core.ts';
import { request } from '../../../shared/api/request.ts';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';

export type OcrProposal = ResponseOf<typeof IDENTITY_DOCUMENT_ENDPOINTS.userAuthOcrCheck>;
export type OcrConfirmInput = RequestOf<typeof IDENTITY_DOCUMENT_ENDPOINTS.userAuthOcrConfirm>;
export type OcrConfirmation = ResponseOf<typeof IDENTITY_DOCUMENT_ENDPOINTS.userAuthOcrConfirm>;

/** The server's refusal with this exact text: the page answers it itself, not the toast. */
function isRefusal(error: unknown, message: string): boolean {
  return error instanceof RequestError && error.kind === 'business' && error.message === message;
}

/**
 * The server reads the uploaded front photo and proposes its fields (nothing is saved to
 * step 1). A photo it could read nothing from answers `unreadable`: the page asks for
 * another photo over the card outline.
 */
export function useOcrCheck() {
  return useSingleFlightMutation({
    mutationFn: async (frontKey: string): Promise<{ unreadable: true } | { unreadable: false; proposal: OcrProposal }> => {
      try {
        return {
          unreadable: false,
          proposal: await request(
            IDENTITY_DOCUMENT_ENDPOINTS.userAuthOcrCheck,
            { frontKey },
            { loading: true, timeoutMs: IMAGE_WORK_TIMEOUT_MS },
          ),
        };
      } catch (error) {
        if (isRefusal(error, OCR_UNREADABLE)) return { unreadable: true };
        throw error;
      }
    },
  });
}

/**
 * The user's confirmed (or corrected) values for one reading. Values that differ from
 * step 1 without `acceptDifferences` answer `differs`: the page asks the borrower.
 */
export function useOcrConfirm() {
  return useSingleFlightMutation({
    mutationFn: async (input: OcrConfirmInput): Promise<{ differs: true } | { differs: false; confirmation: OcrConfirmation }> => {
      try {
        return { differs: false, confirmation: await request(IDENTITY_DOCUMENT_ENDPOINTS.userAuthOcrConfirm, input, { loading: true }) };
      } catch (error) {
        if (isRefusal(error, OCR_DIFFERENCES_NOT_ACCEPTED)) return { differs: true };
        throw error;
      }
    },
  });
}
