import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';

export type OcrProposal = ResponseOf<typeof ENDPOINTS.userAuthOcrCheck>;
export type OcrConfirmInput = RequestOf<typeof ENDPOINTS.userAuthOcrConfirm>;
export type OcrConfirmation = ResponseOf<typeof ENDPOINTS.userAuthOcrConfirm>;

/** The server reads the uploaded front photo and proposes its fields (nothing is saved to step 1). */
export function useOcrCheck() {
  return useSingleFlightMutation({
    mutationFn: (frontKey: string): Promise<OcrProposal> => request(ENDPOINTS.userAuthOcrCheck, { frontKey }, { loading: true }),
  });
}

/** The user's confirmed (or corrected) values for one reading. */
export function useOcrConfirm() {
  return useSingleFlightMutation({
    mutationFn: (input: OcrConfirmInput): Promise<OcrConfirmation> => request(ENDPOINTS.userAuthOcrConfirm, input, { loading: true }),
  });
}
