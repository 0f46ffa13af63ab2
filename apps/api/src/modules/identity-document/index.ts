/**
 * What other modules may use of `identity-document` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { IdCardField } from '@app/contract/schemas/identity-document.ts';
import type { Db } from '../../db/client.ts';
import { selectLatestConfirmed } from './identity-document-repository.ts';

export { getIdCardReadingForReview } from './get-id-card-reading-for-review.ts';

/**
 * The step-1 fields the borrower's latest confirmed card differs in, accepted by them
 * (empty when it agrees): for the decision engine, which leaves such applications to staff.
 */
export async function getAcceptedIdCardDifferences(options: { db: Db; userId: number }): Promise<IdCardField[]> {
  const reading = await selectLatestConfirmed(options.db, options.userId);
  return (reading?.confirmed?.acceptedDifferences ?? []) as IdCardField[];
}
