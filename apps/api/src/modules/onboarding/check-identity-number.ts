import type { Db } from '../../db/client.ts';
import { countIdentityProbe, type IdentityProbeLimit } from './identity-probe-limit.ts';
import { isIdNumberHeldByOther } from './onboarding-repository.ts';

/**
 * Whether the caller may use `idNumber` (already normalised and checksum-checked by the
 * contract): free, or already theirs. Taken by someone else answers only "not available".
 */
export async function checkIdentityNumber(
  options: IdentityProbeLimit & { db: Db; userId: number; now: Date; idNumber: string },
): Promise<{ available: boolean }> {
  const { db, userId, idNumber } = options;
  await countIdentityProbe(options);
  return { available: !(await isIdNumberHeldByOther(db, idNumber, userId)) };
}
