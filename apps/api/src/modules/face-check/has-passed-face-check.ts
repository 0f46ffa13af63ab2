import type { Db } from '../../db/client.ts';
import { selectStepState } from './face-check-repository.ts';

/** Whether the server's face comparison passed for the user (the decision engine's rule; manual review is not a pass). */
export async function hasPassedFaceCheck(options: { db: Db; userId: number }): Promise<boolean> {
  return (await selectStepState(options.db, options.userId)).passed;
}
