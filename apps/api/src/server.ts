import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';

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

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
