import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { REPAYMENT_ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints/repayments.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type RepayOptions = ResponseOf<typeof REPAYMENT_ENDPOINTS.repayChannel>;
export type RepayChannel = RepayOptions['channels'][number];
export type RepayChoice = RepayOptions['choices'][number];
export type IssuedPayment = ResponseOf<typeof REPAYMENT_ENDPOINTS.repayCollect>['payment'];
export type ReplanAnswer = ResponseOf<typeof REPAYMENT_ENDPOINTS.replanRepay>;
export type ExtensionTrial = ResponseOf<typeof REPAYMENT_ENDPOINTS.extensionTrial>;
export type ManualTransfer = Omit<RequestOf<typeof REPAYMENT_ENDPOINTS.repayManual>, 'requestId' | 'orderId'>;

/** A new id per attempt: the server answers a retried request with its first answer. */
function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The channels (limits, fees) and what can be paid on the order now. */
export function useRepayOptions(orderId: string) {
  return useQuery({
    queryKey: ['repay', 'channel', orderId],
    queryFn: () => request(REPAYMENT_ENDPOINTS.repayChannel, { orderId }),
    meta: INLINE_ERROR_META,
  });
}

/** What paying early costs today (interest only up to today) and the interest it saves. */
export function useReplan(orderId: string, kind: 'nextInstalment' | 'payoff', enabled: boolean) {
  return useQuery({
    queryKey: ['repay', 'replan', orderId, kind],
    queryFn: () => request(REPAYMENT_ENDPOINTS.replanRepay, { orderId, kind }),
    enabled,
    meta: INLINE_ERROR_META,
  });
}

export function useExtensionTrial(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['extension', 'trial', orderId],
    queryFn: () => request(REPAYMENT_ENDPOINTS.extensionTrial, { orderId }),
    enabled,
    meta: INLINE_ERROR_META,
  });
}

/**
 * What the pay page derives from the order (the choices, the payoff, the extension trial)
 * read again: after the order changed (money credited, an extension applied), after a
 * code was issued, and after a refusal (the choice may cost something else now).
 */
export function useRefreshPayChoices(orderId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['repay', 'channel', orderId] });
    void client.invalidateQueries({ queryKey: ['repay', 'replan', orderId] });
    void client.invalidateQueries({ queryKey: ['extension', 'trial', orderId] });
  };
}

/** After a payment is issued or a transfer reported, the order, its list and the choices read again. */
function useRefreshOrder(orderId: string) {
  const client = useQueryClient();
  const refreshChoices = useRefreshPayChoices(orderId);
  return () => {
    void client.invalidateQueries({ queryKey: ['order'] });
    refreshChoices();
  };
}

/**
 * Issues a store code or a virtual account for the chosen amount; the amount (and the
 * instalment) the borrower was shown go with it, so a stale page issues nothing.
 */
export function useCollect(orderId: string) {
  const refresh = useRefreshOrder(orderId);
  return useSingleFlightMutation({
    mutationFn: (input: { kind: RepayChoice['kind']; channel: 'cvs' | 'atm'; amount: number; instalment?: number }) =>
      request(REPAYMENT_ENDPOINTS.repayCollect, { requestId: newRequestId(), orderId, ...input }, { loading: true }).then(
        (answer) => answer.payment,
      ),
    onSuccess: refresh,
    onError: refresh,
  });
}

/** Issues the payment of an extension at the price shown; the due date moves once it is paid. */
export function useExtensionRepay(orderId: string) {
  const refresh = useRefreshOrder(orderId);
  return useSingleFlightMutation({
    mutationFn: (input: { channel: 'cvs' | 'atm'; amount: number }) =>
      request(REPAYMENT_ENDPOINTS.extensionRepay, { requestId: newRequestId(), orderId, ...input }, { loading: true }).then(
        (answer) => answer.payment,
      ),
    onSuccess: refresh,
    onError: refresh,
  });
}

/** Reports a transfer the borrower made; it shows 待確認 until an operator confirms it. */
export function useRepayManual(orderId: string) {
  const refresh = useRefreshOrder(orderId);
  return useSingleFlightMutation({
    mutationFn: (input: ManualTransfer) =>
      request(REPAYMENT_ENDPOINTS.repayManual, { requestId: newRequestId(), orderId, ...input }, { loading: true }).then(
        (answer) => answer.payment,
      ),
    onSuccess: refresh,
  });
}
