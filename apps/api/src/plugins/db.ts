import fp from 'fastify-plugin';
import type { DatabaseHandle, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    databaseKind: DatabaseHandle['kind'];
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
    if (closeOnShutdown) app.addHook('onClose', () => handle.close());
  },
  { name: 'db' },
);
