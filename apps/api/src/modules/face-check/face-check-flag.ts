import type { SQL, SQLWrapper } from 'drizzle-orm';
import { faceCheckCondition } from './face-check-repository.ts';

/**
 * Whether step 5 is done — passed, or handed to manual review after the configured number
 * of failures — as a flag for a combined read (`userId`: a column or a placeholder).
 */
export function faceCheckFlag(userId: SQLWrapper): SQL<boolean> {
  return faceCheckCondition(userId);
}
