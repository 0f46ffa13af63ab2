import { useQuery } from '@tanstack/react-query';
import type { TPopup } from '@app/contract/schemas/loans.ts';
import { request } from '../../../shared/api/request.ts';

export type DailyPopup = TPopup;

/** The popup to show now (the server shows each at most once a day per user), or null. */
export async function getPop(): Promise<DailyPopup | null> {
  const { LOAN_HOME_ENDPOINTS } = await import('@app/contract/endpoints/loan-home.ts');
  return (await request(LOAN_HOME_ENDPOINTS.loanCommonGetPop, {})).popup;
}

/**
 * Asked once per visit of the app, by a user only (the server shows popups to accounts,
 * which confirmPop records them on); a failure shows nothing (a popup is not worth an
 * error message), hence the inline-error meta.
 */
export function useDailyPopup(loggedIn: boolean) {
  return useQuery({
    queryKey: ['loan', 'getPop'],
    queryFn: getPop,
    enabled: loggedIn,
    meta: { inlineError: true },
    staleTime: Infinity,
  });
}

/** Tells the server this user saw the popup, so it is not shown again today. */
export async function confirmPop(popupId: string): Promise<void> {
  const { LOAN_HOME_ENDPOINTS } = await import('@app/contract/endpoints/loan-home.ts');
  await request(LOAN_HOME_ENDPOINTS.loanCommonConfirmPop, { popupId });
}
