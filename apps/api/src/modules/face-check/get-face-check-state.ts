import type { Db } from '../../db/client.ts';
import { selectStepState } from './face-check-repository.ts';

/**
 * Step 5's state: `done` (passed, or in manual review after repeated failures: the user
 * goes on, staff decide) and `passed` (the server's comparison succeeded).
 */
export async function getFaceCheckState(options: { db: Db; userId: number }): Promise<{ done: boolean; passed: boolean }> {
  return selectStepState(options.db, options.userId);
}
