import type { SQL } from 'drizzle-orm';
import { openOrderCondition } from './orders-repository.ts';

/** Whether a user has an open order, as a flag for a combined read (placeholder `userId`). */
export function openOrderFlag(): SQL<boolean> {
  return openOrderCondition();
}
