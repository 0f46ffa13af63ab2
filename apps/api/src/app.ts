import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDatabase } from './db/seed.ts';
import { accountsModule, type AccountsOverrides } from './modules/accounts/accounts-module.ts';
import { configRoutes } from './modules/config/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { dbPlugin } from './plugins/db.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { sessionPlugin } from './plugins/session.ts';
import { testHooksPlugin } from './plugins/test-hooks.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { wireCipherPlugin } from './plugins/wire-cipher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  /**
   * An already migrated and seeded database, shared by the caller (tests share one
   * PGlite per file) and not closed with the app. Unset: opened from config, migrated,
   * seeded, and closed on app.close().
   */
  database?: DatabaseHandle;
  /** Where log lines go (tests capture them to check what is logged). */
  logStream?: { write(line: string): void };
  /** Clock, SMS provider and limiter prefix of the accounts module (tests). */
  accounts?: AccountsOverrides;
}

/** Opens the configured database and brings it to the current schema and seed. */
export async function prepareDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.bodyLimit,
    // Per-address code limits need the client's address, not the load balancer's.
    trustProxy: config.trustProxy,
    // Fastify's request log prints the URL, whose HCDCYL holds (encrypted) personal
    // data, once per request on the hot path; errors are logged by the envelope plugin.
    logController: new LogController({ disableRequestLogging: true }),
    // A hung test request must not keep app.close() waiting.
    forceCloseConnections: config.testHooks ? true : 'idle',
  });

  const handle = options.database ?? (await prepareDatabase(config));
  app.decorate('config', config);
  await app.register(dbPlugin, { handle, closeOnShutdown: !options.database });
  await app.register(wireCipherPlugin, { keyBase64: config.cipherKey });
  const clock = options.accounts?.clock;
  await app.register(sessionPlugin, { sessionIdleDays: config.sessionIdleDays, ...(clock ? { now: () => clock.now() } : {}) });
  await app.register(envelopePlugin);
  if (config.testHooks) await app.register(testHooksPlugin);

  if (config.logLevel === 'debug' || config.logLevel === 'trace') {
    app.addHook('onResponse', async (req, reply) => {
      req.log.debug(
        { method: req.method, path: req.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: reply.elapsedTime },
        'request done',
      );
    });
  }

  // Modules: one line each. A module is a folder under modules/ with routes.ts.
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(trackingRoutes);
  await app.register(accountsModule, { config, ...options.accounts });

  await app.register(webAppPlugin, {
    webDist: config.webDist,
    runtime: {
      productName: config.productName,
      packageName: config.packageName,
      cipherKey: config.cipherKey,
      apiBase: config.apiBase,
    },
  });
  return app;
}
