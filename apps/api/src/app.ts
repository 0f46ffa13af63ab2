import { PATHS } from '@app/contract/paths.ts';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import { AtRestKeys, bindAtRestKeys } from './db/at-rest.ts';
import type { DatabaseHandle } from './db/client.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { accountModule } from './modules/account/routes.ts';
import { adminModule } from './modules/admin/routes.ts';
import { authModule } from './modules/auth/routes.ts';
import { bankAccountsModule } from './modules/bank-accounts/routes.ts';
import { crossOriginApiPlugin } from './modules/config/cross-origin-api.ts';
import { configModule } from './modules/config/routes.ts';
import { decisionsModule } from './modules/decisions/routes.ts';
import { contractsModule } from './modules/contracts/routes.ts';
import { documentsModule } from './modules/documents/routes.ts';
import { faceCheckModule } from './modules/face-check/routes.ts';
import { healthModule } from './modules/health/routes.ts';
import { identityDocumentModule } from './modules/identity-document/routes.ts';
import { getLoanHome } from './modules/loans/get-loan-home.ts';
import { loansModule } from './modules/loans/routes.ts';
import { isIdCardFrontConfirmed } from './modules/identity-document/is-id-card-front-confirmed.ts';
import { onboardingModule } from './modules/onboarding/routes.ts';
import { ordersModule } from './modules/orders/routes.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import { paymentsModule } from './modules/payments/routes.ts';
import { questionsModule } from './modules/questions/routes.ts';
import { repaymentsModule } from './modules/repayments/routes.ts';
import { trackingModule } from './modules/tracking/routes.ts';
import { uploadsModule } from './modules/uploads/routes.ts';
import { usersModule } from './modules/users/routes.ts';
import { verificationCodesModule } from './modules/verification-codes/routes.ts';
import { adminWebAppPlugin } from './plugins/admin-web-app.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { clockPlugin, type Clock } from './plugins/clock.ts';
import { dbPlugin } from './plugins/db.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { fileStoragePlugin } from './plugins/file-storage.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { personalDataPlugin } from './plugins/personal-data.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { smsPlugin, type SmsProvider } from './plugins/sms.ts';
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
  /** "Now" for codes, limits and sessions; tests move it instead of waiting. */
  clock?: Clock;
  /** A real SMS gateway adapter; the console provider when absent. */
  sms?: SmsProvider;
  /** Redis key prefix of the limits, so test runs sharing one Redis keep apart. */
  limiterPrefix?: string;
  /** A real payment gateway adapter; the sandbox when absent (refused in production). */
  paymentProvider?: PaymentProvider;
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
    // One id per request in every log line and in the X-Request-Id answer header: the
    // caller's own when it sends a sane one (a load balancer's), else a new one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const handle = options.database ?? (await prepareDatabase(config));
  app.decorate('config', config);

  // Cross-cutting plugins: named, each declaring what it depends on.
  // Personal data and files are sealed at rest under the configured keys (db/at-rest.ts).
  bindAtRestKeys(handle.db, new AtRestKeys(config.atRest));
  await app.register(dbPlugin, { handle, closeOnShutdown: !options.database });
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(clockPlugin, { clock: options.clock });
  await app.register(wireCipherPlugin, { keyBase64: config.cipherKey });
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { apiBase: config.apiBase });
  // Pages of the API origins an administrator lists may call this one (the app's origin switch).
  await app.register(crossOriginApiPlugin, { fixedOrigins: [config.publicBaseUrl, config.apiBase] });
  // Answers of 1 KB and more (the raw contract HTML, bank and branch lists; index.html) go
  // out brotli or gzip by Accept-Encoding; the web app's files come precompressed instead.
  await app.register(compressionPlugin, { threshold: 1024 });
  await app.register(personalDataPlugin);
  await app.register(sessionPlugin, { sessionIdleDays: config.sessionIdleDays });
  await app.register(envelopePlugin);
  await app.register(rateLimitsPlugin, { redisUrl: config.redisUrl, prefix: options.limiterPrefix, tagSecret: config.otpSecret });
  await app.register(smsPlugin, {
    provider: options.sms,
    keepOutbox: config.nodeEnv !== 'production',
    exposeOutbox: config.testHooks,
  });
  await app.register(fileStoragePlugin, { filesDir: config.filesDir, store: config.fileStore });
  await app.register(jobsPlugin, { handle, pollingMs: config.jobPollingMs });
  if (config.testHooks) await app.register(testHooksPlugin);

  if (config.logLevel === 'debug' || config.logLevel === 'trace') {
    app.addHook('onResponse', async (req, reply) => {
      req.log.debug(
        { method: req.method, path: req.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: reply.elapsedTime },
        'request done',
      );
    });
  }

  // Modules: one capability each, one line each (modules/README.md).
  await app.register(healthModule);
  await app.register(configModule);
  await app.register(documentsModule);
  await app.register(trackingModule);
  await app.register(usersModule);
  await app.register(verificationCodesModule);
  await app.register(authModule);
  await app.register(uploadsModule);
  await app.register(questionsModule);
  await app.register(ordersModule);
  await app.register(repaymentsModule);
  await app.register(paymentsModule, { provider: options.paymentProvider });
  await app.register(decisionsModule);
  await app.register(onboardingModule, { isIdCardFrontConfirmed });
  await app.register(loansModule);
  await app.register(bankAccountsModule);
  await app.register(contractsModule);
  await app.register(faceCheckModule);
  await app.register(identityDocumentModule);
  await app.register(accountModule);
  await app.register(adminModule);

  await app.register(adminWebAppPlugin, { adminDist: config.admin.webDist });
  await app.register(webAppPlugin, {
    webDist: config.webDist,
    runtime: {
      productName: config.productName,
      packageName: config.packageName,
      cipherKey: config.cipherKey,
      apiBase: config.apiBase,
      vitalsSampleRate: config.vitals.sampleRate,
    },
    apiOrigins: () => app.apiOrigins(),
    // The public first views' data (decision 0166): the loans home as a visitor gets it, the lender.
    firstViewData: async () => ({
      home: await getLoanHome({ db: app.db, userId: null, now: app.clock.now(), productName: config.productName }),
      lender: config.lender,
    }),
    ...(config.testHooks ? { firstViewDataFailing: () => app.hasTestFault(PATHS.loanCommonIndex.path) } : {}),
  });
  return app;
}
