import { z } from 'zod';

/**
 * The order's payout failed (its latest attempt), shown while the order is 放款中 and until
 * finance retries it (decision 0169); null otherwise. The order detail and the loans home
 * (decision 0173) both carry it: its own file, so the home's first-view chunk takes only this
 * of the order schemas.
 */
export const ZPayoutFailureSchema = z.object({
  /** ISO 8601: when the bank's result (or the gateway) marked it failed. */
  failedAt: z.string(),
  /** The reason in plain words (never the bank's raw code). */
  reason: z.string(),
  /** The account the attempt failed to, masked (臺灣銀行 ****1234). */
  failedAccount: z.string(),
  /** The account is why it failed (closed, wrong number, name…): the borrower is asked for another. */
  accountProblem: z.boolean(),
  /** The borrower may name another of their accounts now (failed and not yet retried). */
  canChangeAccount: z.boolean(),
  /** The account the borrower changed to since this failure (masked), null when not changed. */
  changedTo: z.string().nullable(),
});
export type TPayoutFailure = z.infer<typeof ZPayoutFailureSchema>;
