import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';

/** How long a shutdown may wait for in-flight requests before the process gives up on them. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Starts the process and nothing else; app.ts builds the instance. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  if (config.cipherKeyIsDev) app.log.warn('using the built-in development cipher key (refused in production)');
  if (config.testHooks) app.log.warn('test hooks are enabled');

  // Drains in-flight requests, then closes the database (the db plugin's onClose).
  // Ctrl-C reaches the server both from the terminal and through the npm launcher, so a
  // repeated signal must not interrupt the drain: with the default handler back in
  // place, it would kill the process mid-drain, before the database is closed.
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A request that never ends must not keep the process alive forever.
    const deadline = setTimeout(() => {
      app.log.error({ ms: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ error: error instanceof Error ? error.message : String(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.databaseKind, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `serving http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
