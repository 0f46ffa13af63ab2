import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config/env.ts';
import { API_TEST_DATABASE_PREFIX } from './test-database-names.ts';

/**
 * Once per `vitest run` of the API tests: an id for the run, in the names of the databases
 * its files make on a PostgreSQL server (DATABASE_URL); at the end, those the workers kept
 * for a next file are dropped (decision 0191). On PGlite there is nothing to drop.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  project.provide('apiTestRun', run);
  return async () => {
    const adminUrl = loadConfig().databaseUrl;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where datname like $1', [
        `${API_TEST_DATABASE_PREFIX}${run}\\_%`,
      ]);
      for (const { name } of rows) await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
