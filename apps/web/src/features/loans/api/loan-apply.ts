import { ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';

export type CheckTips = ResponseOf<typeof ENDPOINTS.loanCheckTips>;
export type LoanApplyInput = RequestOf<typeof ENDPOINTS.loanApply>;
export type LoanApplied = ResponseOf<typeof ENDPOINTS.loanApply>;

/** What the user must read before applying: the quote and the statements. */
export function checkTips(input: RequestOf<typeof ENDPOINTS.loanCheckTips>): Promise<CheckTips> {
  return request(ENDPOINTS.loanCheckTips, input, { loading: true });
}

/** Creates the order awaiting signature; the same requestId repeated returns the same order. */
export function loanApply(input: LoanApplyInput): Promise<LoanApplied> {
  return request(ENDPOINTS.loanApply, input, { loading: true });
}
