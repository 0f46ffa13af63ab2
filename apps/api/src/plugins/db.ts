import fp from 'fastify-plugin';
import type { DatabaseHandle, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    databaseKind: DatabaseHandle['kind'];
    /**
     * What modules write into the database when the app starts (idempotent: the loan
     * products), kept so that the test hooks' reset can write it again after emptying the
     * database (db/seed.ts's seedDatabase is the rest).
     */
    startSeeds: Array<() => Promise<void>>;
  }
}

export interface DbPluginOptions {
  handle: DatabaseHandle;
  /** False when the caller (a test sharing one PGlite) closes the database itself. */
  closeOnShutdown: boolean;
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, { handle, closeOnShutdown }) => {
    app.decorate('db', handle.db);
    app.decorate('databaseKind', handle.kind);
    app.decorate('startSeeds', []);
    if (closeOnShutdown) app.addHook('onClose', () => handle.close());
  },
  { name: 'db' },
);
