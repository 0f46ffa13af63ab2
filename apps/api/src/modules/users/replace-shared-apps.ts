import type { Db } from '../../db/client.ts';
import { replaceSharedAppRows } from './users-repository.ts';

/** Replaces what the user shares: the list sent is the whole consent, nothing older stays. */
export function replaceSharedApps(options: { db: Db; userId: number; apps: Array<{ name: string }> }): Promise<void> {
  return replaceSharedAppRows(
    options.db,
    options.userId,
    options.apps.map((app) => app.name),
  );
}
