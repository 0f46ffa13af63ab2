import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_CIPHER_KEY, loadConfig, loadCliConfig } from './env.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const OTHER = Buffer.alloc(32, 9).toString('base64');
const NOTIFY = 'gateway-notify-key-0123456789';
const ADMIN = Buffer.alloc(32, 5).toString('base64');
const DATA_KEY = Buffer.alloc(32, 3).toString('base64');
const BLIND = Buffer.alloc(32, 4).toString('base64');
/** The at-rest keys production requires (db/at-rest.ts). */
const AT_REST = { DATA_KEYS: `k2:${DATA_KEY}`, BLIND_INDEX_KEY: BLIND };
/** ECPay's public test merchant (全方位金流 測試介接資訊): the collection gateway production requires. */
const ECPAY = {
  ECPAY_MERCHANT_ID: '3002607',
  ECPAY_HASH_KEY: 'pwFHCqoQZGmho4w6',
  ECPAY_HASH_IV: 'EkRm7iFT261dpevs',
  ECPAY_ENDPOINT: 'https://payment-stage.ecpay.com.tw',
  PUBLIC_BASE_URL: 'https://lender.example.test',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      databaseUrl: undefined,
      cipherKey: DEV_CIPHER_KEY,
      cipherKeyIsDev: true,
      productName: '小安貸',
      packageName: 'tw.xiaoan.loan',
      apiBase: '',
      redisUrl: undefined,
      testHooks: false,
      logLevel: 'info',
      bodyLimit: 1_048_576,
      sessionIdleDays: 30,
    });
    // Resolved from the file's location, not the working directory.
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.pgliteDir).toBe(`${config.dataDir}/pglite`);
    expect(config.filesDir).toBe(`${config.dataDir}/files`);
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      NODE_ENV: 'staging',
      DATABASE_URL: 'not a url',
      APP_CIPHER_KEY: 'c2hvcnQ=',
      TEST_HOOKS: 'maybe',
      LOG_LEVEL: 'loud',
      BODY_LIMIT: '-1',
      SESSION_IDLE_DAYS: '0',
    });
    const named = problems.map((line) => line.split(':')[0]);
    expect(named).toEqual(
      expect.arrayContaining([
        'PORT',
        'NODE_ENV',
        'DATABASE_URL',
        'APP_CIPHER_KEY',
        'TEST_HOOKS',
        'LOG_LEVEL',
        'BODY_LIMIT',
        'SESSION_IDLE_DAYS',
      ]),
    );
  });

  it('refuses production without its own cipher key', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ...AT_REST,
        ...ECPAY,
        OTP_SECRET: KEY,
        PAYMENT_NOTIFY_SECRET: NOTIFY,
        ADMIN_SESSION_SECRET: ADMIN,
      }),
    ).toEqual(['APP_CIPHER_KEY: required in production (the built-in dev key is public)']);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ...AT_REST,
        ...ECPAY,
        APP_CIPHER_KEY: DEV_CIPHER_KEY,
        OTP_SECRET: KEY,
        PAYMENT_NOTIFY_SECRET: NOTIFY,
        ADMIN_SESSION_SECRET: ADMIN,
      }),
    ).toHaveLength(1);
  });

  it('refuses production without its own verification-code secret', () => {
    const problem = 'OTP_SECRET: required in production (base64 of 32 bytes, not the wire key)';
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ...AT_REST,
        ...ECPAY,
        APP_CIPHER_KEY: KEY,
        PAYMENT_NOTIFY_SECRET: NOTIFY,
        ADMIN_SESSION_SECRET: ADMIN,
      }),
    ).toEqual([problem]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ...AT_REST,
        ...ECPAY,
        APP_CIPHER_KEY: KEY,
        OTP_SECRET: KEY,
        PAYMENT_NOTIFY_SECRET: NOTIFY,
        ADMIN_SESSION_SECRET: ADMIN,
      }),
    ).toEqual([problem]);
    expect(problemsOf({ OTP_SECRET: 'short' })).toEqual(['OTP_SECRET: must be base64 of 32 bytes']);
  });

  it('parses the account limits', () => {
    const config = loadConfig({ OTP_SENDS_PER_NUMBER_PER_HOUR: '3', OTP_SENDS_PER_ADDRESS_PER_HOUR: '50', TRUST_PROXY: 'true' });
    expect(config).toMatchObject({ otpSendsPerNumberPerHour: 3, otpSendsPerAddressPerHour: 50, otpTtlSeconds: 300, trustProxy: true });
    expect(problemsOf({ OTP_TTL_SECONDS: '0' })).toEqual(['OTP_TTL_SECONDS: must be a positive integer']);
  });

  it("samples real users' vitals from one session in ten in production and every session elsewhere, unless set", () => {
    const production = {
      NODE_ENV: 'production',
      ...AT_REST,
      ...ECPAY,
      APP_CIPHER_KEY: KEY,
      OTP_SECRET: OTHER,
      PAYMENT_NOTIFY_SECRET: NOTIFY,
      ADMIN_SESSION_SECRET: ADMIN,
      DATABASE_URL: 'postgresql://db/loan',
    };
    expect(loadConfig(production).vitals).toEqual({ sampleRate: 0.1, keepDays: 35, beaconsPerMinute: 30 });
    expect(loadConfig({ ...production, VITALS_SAMPLE_RATE: '0.02' }).vitals.sampleRate).toBe(0.02);
    expect(loadConfig({}).vitals.sampleRate).toBe(1);
    expect(problemsOf({ VITALS_SAMPLE_RATE: '1.5', VITALS_KEEP_DAYS: '0' })).toEqual([
      'VITALS_SAMPLE_RATE: must be a number from 0 to 1',
      'VITALS_KEEP_DAYS: must be a positive integer',
    ]);
  });

  it('refuses test hooks in production', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ...AT_REST,
        ...ECPAY,
        APP_CIPHER_KEY: KEY,
        OTP_SECRET: OTHER,
        PAYMENT_NOTIFY_SECRET: NOTIFY,
        ADMIN_SESSION_SECRET: ADMIN,
        TEST_HOOKS: 'true',
      }),
    ).toEqual(['TEST_HOOKS: must not be enabled in production']);
  });

  it('accepts a production environment with its own key', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ...AT_REST,
      ...ECPAY,
      APP_CIPHER_KEY: KEY,
      OTP_SECRET: OTHER,
      PAYMENT_NOTIFY_SECRET: NOTIFY,
      ADMIN_SESSION_SECRET: ADMIN,
      DATABASE_URL: 'postgresql://db/loan',
    });
    expect(config.cipherKeyIsDev).toBe(false);
    expect(config.testHooks).toBe(false);
  });

  it('refuses production without its own payment-notification key', () => {
    const problem = "PAYMENT_NOTIFY_SECRET: required in production (the payment gateway's notification key, no other key)";
    const base = { NODE_ENV: 'production', ...AT_REST, ...ECPAY, APP_CIPHER_KEY: KEY, OTP_SECRET: OTHER, ADMIN_SESSION_SECRET: ADMIN };
    expect(problemsOf(base)).toEqual([problem]);
    expect(problemsOf({ ...base, PAYMENT_NOTIFY_SECRET: KEY })).toEqual([problem]);
    expect(problemsOf({ ...base, PAYMENT_NOTIFY_SECRET: OTHER })).toEqual([problem]);
    expect(problemsOf({ PAYMENT_NOTIFY_SECRET: 'short' })).toEqual(['PAYMENT_NOTIFY_SECRET: must be at least 16 characters']);
    // Development: a derived key, never the wire key itself.
    expect(loadConfig({}).paymentNotifySecret).not.toBe(DEV_CIPHER_KEY);
  });

  it('parses the job, decision and payout timings', () => {
    expect(loadConfig({})).toMatchObject({
      jobPollingMs: 1000,
      decisionDelayMs: 1500,
      decisionCoolDownDays: 30,
      payoutSandboxDelayMs: 3000,
    });
    expect(loadConfig({ JOB_POLLING_MS: '500', DECISION_DELAY_MS: '1', PAYOUT_SANDBOX_DELAY_MS: '20' })).toMatchObject({
      jobPollingMs: 500,
      decisionDelayMs: 1,
      payoutSandboxDelayMs: 20,
    });
    expect(problemsOf({ JOB_POLLING_MS: '100' })).toEqual(['JOB_POLLING_MS: must be an integer of at least 500']);
    expect(problemsOf({ DECISION_COOL_DOWN_DAYS: '0' })).toEqual(['DECISION_COOL_DOWN_DAYS: must be a positive integer']);
  });

  it('parses flags and numbers', () => {
    const config = loadConfig({ TEST_HOOKS: '1', PORT: '8080', BODY_LIMIT: '2048', DATA_DIR: '/srv/loan' });
    expect(config).toMatchObject({ testHooks: true, port: 8080, bodyLimit: 2048, pgliteDir: '/srv/loan/pglite' });
  });

  it('gives the CLI the same key rule', () => {
    expect(loadCliConfig({}).cipherKey).toBe(DEV_CIPHER_KEY);
    expect(loadCliConfig({ APP_CIPHER_KEY: KEY, API_URL: 'http://h:1/' })).toEqual({
      apiUrl: 'http://h:1',
      token: undefined,
      cipherKey: KEY,
    });
  });

  it('points the CLI at the server the same environment starts when API_URL is unset', () => {
    expect(loadCliConfig({}).apiUrl).toBe('http://127.0.0.1:3000');
    expect(loadCliConfig({ PORT: '4123' }).apiUrl).toBe('http://127.0.0.1:4123');
    expect(loadCliConfig({ PORT: '4123', API_URL: 'http://h:1' }).apiUrl).toBe('http://h:1');
  });
});

describe('the back office secret', () => {
  it('is required in production, and no other key', () => {
    const problem = 'ADMIN_SESSION_SECRET: required in production (base64 of 32 bytes, no other key)';
    const base = { NODE_ENV: 'production', ...AT_REST, ...ECPAY, APP_CIPHER_KEY: KEY, OTP_SECRET: OTHER, PAYMENT_NOTIFY_SECRET: NOTIFY };
    expect(problemsOf(base)).toEqual([problem]);
    expect(problemsOf({ ...base, ADMIN_SESSION_SECRET: KEY })).toEqual([problem]);
    expect(problemsOf({ ...base, ADMIN_SESSION_SECRET: OTHER })).toEqual([problem]);
    expect(loadConfig({ ...base, ADMIN_SESSION_SECRET: ADMIN }).admin.secret).toEqual(Buffer.alloc(32, 5));
    // Development: a derived 32-byte key.
    expect(loadConfig({}).admin.secret).toHaveLength(32);
  });
});

describe('the ECPay collection gateway variables', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    ...AT_REST,
    APP_CIPHER_KEY: KEY,
    OTP_SECRET: OTHER,
    PAYMENT_NOTIFY_SECRET: NOTIFY,
    ADMIN_SESSION_SECRET: ADMIN,
  };

  it('are all given or none: unset, no gateway (the sandbox outside production)', () => {
    expect(loadConfig({})).toMatchObject({ ecpay: undefined, publicBaseUrl: undefined });
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://lender.example.test/' }).publicBaseUrl).toBe('https://lender.example.test');
  });

  it('parse into the gateway configuration, with the trade prefix and ATM bank defaults', () => {
    expect(loadConfig({ ...ECPAY, ECPAY_ENDPOINT: 'https://payment-stage.ecpay.com.tw/' })).toMatchObject({
      publicBaseUrl: 'https://lender.example.test',
      ecpay: {
        merchantId: '3002607',
        hashKey: 'pwFHCqoQZGmho4w6',
        hashIv: 'EkRm7iFT261dpevs',
        endpoint: 'https://payment-stage.ecpay.com.tw',
        tradePrefix: 'XA',
        atmBank: 'BOT',
      },
    });
    expect(loadConfig({ ...ECPAY, ECPAY_TRADE_PREFIX: 'STAGE', ECPAY_ATM_BANK: 'CATHAY' }).ecpay).toMatchObject({
      tradePrefix: 'STAGE',
      atmBank: 'CATHAY',
    });
  });

  it('name every one missing when only some are given', () => {
    expect(problemsOf({ ECPAY_MERCHANT_ID: '3002607', ECPAY_HASH_KEY: 'pwFHCqoQZGmho4w6' })).toEqual([
      'ECPAY_HASH_IV, ECPAY_ENDPOINT, PUBLIC_BASE_URL: required with the other ECPay variables (set all of ECPAY_MERCHANT_ID, ECPAY_HASH_KEY, ECPAY_HASH_IV, ECPAY_ENDPOINT, PUBLIC_BASE_URL, or none)',
    ]);
    expect(problemsOf({ ...ECPAY, ECPAY_HASH_IV: '' })[0]).toMatch(/^ECPAY_HASH_IV: required with the other ECPay variables/);
  });

  it('refuse bad values', () => {
    expect(problemsOf({ ...ECPAY, ECPAY_MERCHANT_ID: '3002607-x' })).toEqual(['ECPAY_MERCHANT_ID: must be 1 to 10 letters or digits']);
    expect(problemsOf({ ...ECPAY, ECPAY_ENDPOINT: 'ftp://payment.ecpay.com.tw' })).toEqual(['ECPAY_ENDPOINT: must be an http(s) URL']);
    expect(problemsOf({ ...ECPAY, ECPAY_TRADE_PREFIX: 'xa1' })).toEqual(['ECPAY_TRADE_PREFIX: must be 1 to 8 capital letters']);
    expect(problemsOf({ ...ECPAY, ECPAY_ATM_BANK: 'ESUN' }).map((line) => line.split(':')[0])).toEqual(['ECPAY_ATM_BANK']);
  });

  it('refuse production without a real collection gateway, naming what is missing (the sandbox never runs there)', () => {
    expect(problemsOf(PRODUCTION)).toEqual([
      'ECPAY_MERCHANT_ID, ECPAY_HASH_KEY, ECPAY_HASH_IV, ECPAY_ENDPOINT, PUBLIC_BASE_URL: required in production (the ECPay collection gateway; the sandbox gateway never runs in production)',
    ]);
    expect(problemsOf({ ...PRODUCTION, ...ECPAY })).toEqual([]);
  });

  it('refuse plain http in production, where ECPay posts to the public URL', () => {
    expect(
      problemsOf({ ...PRODUCTION, ...ECPAY, ECPAY_ENDPOINT: 'http://payment.ecpay.com.tw', PUBLIC_BASE_URL: 'http://lender.example.test' }),
    ).toEqual(['ECPAY_ENDPOINT: must be https in production', 'PUBLIC_BASE_URL: must be https in production']);
  });
});

describe('the keys of data at rest and the file store', () => {
  const base = {
    NODE_ENV: 'production',
    ...ECPAY,
    APP_CIPHER_KEY: KEY,
    OTP_SECRET: OTHER,
    PAYMENT_NOTIFY_SECRET: NOTIFY,
    ADMIN_SESSION_SECRET: ADMIN,
    DATABASE_URL: 'postgresql://db/loan',
  };

  it('reads DATA_KEYS current first, every key kept for reading, and the blind index key', () => {
    const old = Buffer.alloc(32, 1).toString('base64');
    const config = loadConfig({ ...base, DATA_KEYS: `k2:${DATA_KEY}, k1:${old}`, BLIND_INDEX_KEY: BLIND });
    expect(config.atRest.currentId).toBe('k2');
    expect([...config.atRest.keys.keys()]).toEqual(['k2', 'k1']);
    expect(config.atRest.keys.get('k1')).toEqual(Buffer.alloc(32, 1));
    expect(config.atRest.blindIndexKey).toEqual(Buffer.alloc(32, 4));
  });

  it('refuses production without its own data keys and blind index key, or with another key among them', () => {
    const dataProblem = 'DATA_KEYS: required in production (id:base64 of 32 bytes, current first; no other key)';
    const blindProblem = 'BLIND_INDEX_KEY: required in production (base64 of 32 bytes, no other key)';
    expect(problemsOf(base)).toEqual([dataProblem, blindProblem]);
    expect(problemsOf({ ...base, DATA_KEYS: `k1:${KEY}`, BLIND_INDEX_KEY: BLIND })).toEqual([dataProblem]);
    expect(problemsOf({ ...base, DATA_KEYS: `k1:${DATA_KEY}`, BLIND_INDEX_KEY: DATA_KEY })).toEqual([blindProblem]);
    expect(problemsOf({ ...base, ...AT_REST })).toEqual([]);
  });

  it('refuses malformed DATA_KEYS: a bad id, a short key, a repeated id', () => {
    for (const value of [`bad id:${DATA_KEY}`, 'k1:c2hvcnQ=', `k1:${DATA_KEY},k1:${KEY}`, DATA_KEY]) {
      expect(problemsOf({ DATA_KEYS: value })[0]).toMatch(/^DATA_KEYS: must be id:key pairs/);
    }
  });

  it('derives development keys from the wire key (id dev), apart from it', () => {
    const config = loadConfig({});
    expect(config.atRest.currentId).toBe('dev');
    expect(config.atRest.keys.get('dev')).not.toEqual(Buffer.from(config.cipherKey, 'base64'));
    expect(config.atRest.blindIndexKey).not.toEqual(config.atRest.keys.get('dev'));
  });

  it('keeps files in PostgreSQL with DATABASE_URL, in the local folder without; S3 by choice, with its bucket', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/loan' }).fileStore).toEqual({ kind: 'postgres' });
    expect(problemsOf({ FILE_STORE: 's3' })).toEqual(['S3_BUCKET: required with FILE_STORE=s3']);
    expect(problemsOf({ FILE_STORE: 'postgres' })[0]).toMatch(/^FILE_STORE: postgres needs DATABASE_URL/);
    expect(problemsOf({ ...base, ...AT_REST, FILE_STORE: 'local' })[0]).toMatch(/^FILE_STORE: local is refused in production/);
    expect(
      loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: true,
    });
  });
});
