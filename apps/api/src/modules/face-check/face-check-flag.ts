import type { SQL } from 'drizzle-orm';
import { faceCheckCondition } from './face-check-repository.ts';

/**
 * Whether step 5 is done — passed, or handed to manual review after the configured number
 * of failures — as a flag for a combined read (placeholder `userId`).
 */
export function faceCheckFlag(): SQL<boolean> {
  return faceCheckCondition();
}
