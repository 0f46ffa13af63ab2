/**
 * What other modules may use of `face-check` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { faceCheckCondition, selectStepState } from './face-check-repository.ts';
import type { Db } from '../../db/client.ts';

export { faceFrameKeyForStaff, faceStillKeyForStaff, listFaceAttemptsForStaff } from './list-face-attempts-for-staff.ts';
export { listFaceCheckScores } from './list-face-check-scores.ts';

/**
 * Whether step 5 is done — passed, or handed to manual review after the configured number
 * of failures — as a flag for a combined read (`userId`: a column or a placeholder).
 */
export function faceCheckFlag(userId: SQLWrapper): SQL<boolean> {
  return faceCheckCondition(userId);
}

/**
 * Step 5's state: `done` (passed, or in manual review after repeated failures: the user
 * goes on, staff decide) and `passed` (the server's comparison succeeded).
 */
export async function getFaceCheckState(options: { db: Db; userId: number }): Promise<{ done: boolean; passed: boolean }> {
  return selectStepState(options.db, options.userId);
}
