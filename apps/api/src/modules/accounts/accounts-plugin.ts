import fp from 'fastify-plugin';
import { createRateLimiter, type RateLimiter } from '../auth/rate-limiter.ts';
import { ConsoleSmsProvider, type SmsProvider } from '../auth/sms-provider.ts';
import { deriveCodeKey } from '../auth/verification-code-crypto.ts';
import type { AccountsSettings } from './accounts-settings.ts';

/** "Now", passed in: tests move it instead of waiting (expired codes, idle sessions). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What the accounts modules share: limits, SMS, time, the code key and the settings. */
export interface AccountsDeps {
  limiter: RateLimiter;
  sms: SmsProvider;
  /** Set when the provider is the console one and keeps an outbox (never in production). */
  outbox: ConsoleSmsProvider | null;
  clock: Clock;
  codeKey: Buffer;
  settings: AccountsSettings;
  filesDir: string;
  productName: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsDeps;
  }
}

export interface AccountsPluginOptions {
  redisUrl: string | undefined;
  /** Secret the verification-code HMAC key is derived from. */
  codeSecret: Buffer;
  settings: AccountsSettings;
  filesDir: string;
  productName: string;
  /** Outside production: the console provider keeps an outbox for tests and test hooks. */
  keepOutbox: boolean;
  clock?: Clock;
  /** A real gateway adapter; the console provider when absent. */
  sms?: SmsProvider;
  /** Redis key prefix, so test runs sharing one Redis do not see each other's counters. */
  limiterPrefix?: string;
}

export const accountsPlugin = fp<AccountsPluginOptions>(
  async (app, options) => {
    const limiter = createRateLimiter(options.redisUrl, options.limiterPrefix ?? 'rl:');
    const consoleSms = options.sms ? null : new ConsoleSmsProvider(app.log, options.keepOutbox);
    const sms = options.sms ?? (consoleSms as ConsoleSmsProvider);
    app.decorate('accounts', {
      limiter,
      sms,
      outbox: options.keepOutbox ? consoleSms : null,
      clock: options.clock ?? systemClock,
      codeKey: deriveCodeKey(options.codeSecret),
      settings: options.settings,
      filesDir: options.filesDir,
      productName: options.productName,
    });
    app.addHook('onClose', () => limiter.close());
  },
  { name: 'accounts' },
);
