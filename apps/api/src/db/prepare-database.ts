import type { Config } from '../config/env.ts';
import { AtRestKeys } from './at-rest.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { resealRows } from './sealed-tables.ts';
import { seedDatabase } from './seed.ts';

/**
 * The configured database opened, migrated, seeded and sealed, ready for the app or a
 * command (admin:create, operator, vitals…). It imports no module, so a command that needs
 * only the database does not load (and transform) the whole server.
 */
export async function prepareDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db);
    // Rows written before encryption at rest are sealed before the first request (a no-op
    // once done); several instances starting together share the work row by row.
    const keys = new AtRestKeys(config.atRest);
    await resealRows(handle.db, keys, { which: 'plain' });
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
