import { LOAN_ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints/loans.ts';
import { request } from '../../../shared/api/request.ts';

export type CheckTips = ResponseOf<typeof LOAN_ENDPOINTS.loanCheckTips>;
export type LoanApplyInput = RequestOf<typeof LOAN_ENDPOINTS.loanApply>;
export type LoanApplied = ResponseOf<typeof LOAN_ENDPOINTS.loanApply>;

/** What the user must read before applying: the quote and the statements. */
export function checkTips(input: RequestOf<typeof LOAN_ENDPOINTS.loanCheckTips>): Promise<CheckTips> {
  return request(LOAN_ENDPOINTS.loanCheckTips, input, { loading: true });
}

/** Creates the order awaiting signature; the same requestId repeated returns the same order. */
export function loanApply(input: LoanApplyInput): Promise<LoanApplied> {
  return request(LOAN_ENDPOINTS.loanApply, input, { loading: true });
}
