import fp from 'fastify-plugin';
import type { Config } from '../../config/env.ts';
import type { SmsProvider } from '../auth/sms-provider.ts';
import { documentRoutes } from '../documents/routes.ts';
import { questionRoutes } from '../questions/routes.ts';
import { uploadRoutes } from '../uploads/routes.ts';
import { userRoutes } from '../users/routes.ts';
import { accountsPlugin, type Clock } from './accounts-plugin.ts';
import type { AccountsSettings } from './accounts-settings.ts';
import { accountRoutes } from './routes.ts';
import { accountsTestHooks } from './test-hooks.ts';

export interface AccountsOverrides {
  /** "Now" for codes, limits and sessions; tests move it instead of waiting. */
  clock?: Clock;
  sms?: SmsProvider;
  /** Redis key prefix, so test runs sharing one Redis keep apart. */
  limiterPrefix?: string;
}

export interface AccountsModuleOptions extends AccountsOverrides {
  config: Config;
}

/** Issue 4 in one registration: shared deps, then each module's routes in its own scope. */
export const accountsModule = fp<AccountsModuleOptions>(
  async (app, { config, clock, sms, limiterPrefix }) => {
    const settings: AccountsSettings = {
      codeTtlSeconds: config.otpTtlSeconds,
      resendSeconds: config.otpResendSeconds,
      sendsPerNumberPerHour: config.otpSendsPerNumberPerHour,
      sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
      maxCodeAttempts: config.otpMaxTries,
      passwordFailuresPerHour: config.passwordFailuresPerHour,
      passwordLockSeconds: config.passwordLockMinutes * 60,
      maxImageBytes: config.uploadMaxBytes,
    };
    await app.register(accountsPlugin, {
      redisUrl: config.redisUrl,
      codeSecret: config.otpSecret,
      settings,
      filesDir: config.filesDir,
      productName: config.productName,
      keepOutbox: config.nodeEnv !== 'production',
      ...(clock ? { clock } : {}),
      ...(sms ? { sms } : {}),
      ...(limiterPrefix ? { limiterPrefix } : {}),
    });
    await app.register(accountRoutes);
    await app.register(userRoutes);
    await app.register(documentRoutes);
    await app.register(questionRoutes);
    await app.register(uploadRoutes, {
      filesDir: config.filesDir,
      maxImageBytes: settings.maxImageBytes,
      // @fastify/multipart logs the request headers (the session token among them) at
      // trace level: that scope never logs below debug.
      logLevel: config.logLevel === 'trace' ? 'debug' : config.logLevel,
    });
    if (config.testHooks) await app.register(accountsTestHooks);
  },
  { name: 'accounts-module', dependencies: ['db', 'wire-cipher', 'session', 'envelope'] },
);
