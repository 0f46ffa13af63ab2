import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/**
 * Connections per server process when none is configured. On the 2-core machine of
 * docs/benchmarks.md, 10 served 100 concurrent clients better than 20 (fewer PostgreSQL
 * backends competing for the cores).
 */
export const DEFAULT_POOL_SIZE = 10;

/** The one database type modules see; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for PGlite, so tests can dump a migrated snapshot. */
  pglite?: PGlite;
  /** Set for PostgreSQL: migrations take a dedicated client for their advisory lock. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  /** PGlite data folder; undefined means in memory. */
  pgliteDir: string | undefined;
  /** A pre-built PGlite (e.g. loaded from a snapshot). */
  pglite?: PGlite;
  poolSize?: number;
  /** Sees the SQL of every query (tests count round trips with it). */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle client's error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
    pglite = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  }
  await pglite.waitReady;
  const client = pglite;
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
