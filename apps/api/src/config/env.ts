import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { isStrictBase64, KEY_LENGTH } from '@app/contract/cipher-format.ts';
import type { TLender } from '@app/contract/schemas/config.ts';
import { KEY_ID_PATTERN, type MasterKeys } from '../db/at-rest.ts';

/**
 * The only reader of process.env in the API. Everything else receives a typed Config,
 * so tests can build an app from any environment without touching the process.
 */

/** apps/api/src/config → repo root; resolved from this file, never from the cwd. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Built-in key for local use only. The browser gets the wire key anyway (it is injected
 * into the page), so this key is public by construction; production must bring its own.
 */
export const DEV_CIPHER_KEY = 'fW8NDjUFxK6pMNyyqx23mejDzKUjcNnUJjhpwnFVad4=';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((value) => /^\d+$/.test(value) && Number(value) > 0, 'must be a positive integer')
    .transform(Number);

/** A number from 0 to 1 (a model score threshold or a ratio). */
const unitNumber = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((value) => /^(0(\.\d+)?|1(\.0+)?)$/.test(value), 'must be a number from 0 to 1')
    .transform(Number);

/** A whole number, zero allowed (a fee). */
const wholeNumber = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((value) => /^\d+$/.test(value), 'must be a whole number')
    .transform(Number);

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .refine((value) => value === undefined || URL.canParse(value), 'must be a URL');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** An http(s) base URL, kept without its trailing slash (paths are appended to it). */
const optionalBaseUrl = optionalText
  .refine((value) => value === undefined || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), 'must be an http(s) URL')
  .transform((value) => value?.replace(/\/+$/, ''));

/** ECPay's ATM banks (ChooseSubPayment of ChoosePayment=ATM, 全方位金流 付款方式一覽表). */
export const ECPAY_ATM_BANKS = ['BOT', 'CHINATRUST', 'FIRST', 'LAND', 'CATHAY', 'PANHSIN'] as const;

/** The variables without which the ECPay gateway cannot run: all of them, or none. */
const ECPAY_REQUIRED = ['ECPAY_MERCHANT_ID', 'ECPAY_HASH_KEY', 'ECPAY_HASH_IV', 'ECPAY_ENDPOINT', 'PUBLIC_BASE_URL'] as const;

const cipherKey = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .refine(
    (value) => value === undefined || (isStrictBase64(value) && Buffer.from(value, 'base64').length === KEY_LENGTH),
    `must be base64 of ${KEY_LENGTH} bytes`,
  );

/** `id:base64,id:base64`: the master keys of data at rest, the current one first. */
const dataKeys = optionalText.refine(
  (value) => value === undefined || parseDataKeys(value) !== null,
  `must be id:key pairs separated by commas (id: 1-16 letters, digits, - or _; key: base64 of ${KEY_LENGTH} bytes; ids distinct), the current key first`,
);

/** The master keys of DATA_KEYS, current first; null when malformed. */
export function parseDataKeys(value: string): Array<{ id: string; key: Buffer }> | null {
  const pairs = value.split(',').map((pair) => pair.trim());
  const keys: Array<{ id: string; key: Buffer }> = [];
  for (const pair of pairs) {
    const at = pair.indexOf(':');
    const id = pair.slice(0, at);
    const key = pair.slice(at + 1);
    if (at <= 0 || !KEY_ID_PATTERN.test(id) || !isStrictBase64(key)) return null;
    const bytes = Buffer.from(key, 'base64');
    if (bytes.length !== KEY_LENGTH || keys.some((other) => other.id === id)) return null;
    keys.push({ id, key: bytes });
  }
  return keys.length > 0 ? keys : null;
}

const FILE_STORES = ['local', 'postgres', 's3'] as const;

const ZEnvSchema = z.object({
  // 0 asks the OS for a free port (tests, benches).
  PORT: z
    .string()
    .default('3000')
    .refine((value) => /^\d+$/.test(value) && Number(value) < 65536, 'must be a port number')
    .transform(Number),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  APP_CIPHER_KEY: cipherKey,
  // Personal data and files at rest (db/at-rest.ts): master keys (current first) and the blind index key.
  DATA_KEYS: dataKeys,
  BLIND_INDEX_KEY: cipherKey,
  // Where uploaded files live: unset = postgres with DATABASE_URL, else the local folder.
  FILE_STORE: z
    .enum(FILE_STORES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalBaseUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag,
  PRODUCT_NAME: z.string().min(1).default('小安貸'),
  // The lender as every contract, document and page names it (docs/decisions.md: one
  // lender identity): legal entity, registered address, unified business number (統一編號,
  // 8 digits), customer-service phone and hours. Set the real ones in production.
  LENDER_NAME: z.string().min(1).default('小安資融股份有限公司'),
  LENDER_ADDRESS: z.string().min(1).default('臺北市中正區重慶南路一段 1 號'),
  LENDER_REGISTRATION_NO: z
    .string()
    .regex(/^\d{8}$/, 'must be the 8-digit 統一編號')
    .default('83451206'),
  LENDER_SERVICE_PHONE: z.string().min(1).default('0800-080-123'),
  LENDER_SERVICE_HOURS: z.string().min(1).default('每日 09:00-21:00'),
  PACKAGE_NAME: z.string().min(1).default('tw.xiaoan.loan'),
  API_BASE: z.string().default(''),
  WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  REDIS_URL: optionalUrl,
  TEST_HOOKS: booleanFlag,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  BODY_LIMIT: positiveInt(1_048_576),
  // Real users' vitals (decision 0158): the share of sessions that report (unset: 0.1 in
  // production, every session elsewhere), days the samples are kept, beacons per address and minute.
  VITALS_SAMPLE_RATE: z
    .string()
    .refine((value) => /^(0(\.\d+)?|1(\.0+)?)$/.test(value), 'must be a number from 0 to 1')
    .transform(Number)
    .optional(),
  VITALS_KEEP_DAYS: positiveInt(35),
  VITALS_BEACONS_PER_MINUTE: positiveInt(30),
  SESSION_IDLE_DAYS: positiveInt(30),
  // Accounts: verification codes, passwords, uploads.
  OTP_SECRET: cipherKey,
  OTP_TTL_SECONDS: positiveInt(300),
  OTP_RESEND_SECONDS: positiveInt(60),
  OTP_SENDS_PER_NUMBER_PER_HOUR: positiveInt(5),
  OTP_SENDS_PER_ADDRESS_PER_HOUR: positiveInt(20),
  OTP_MAX_TRIES: positiveInt(5),
  PASSWORD_FAILURES_PER_HOUR: positiveInt(10),
  PASSWORD_LOCK_MINUTES: positiveInt(60),
  UPLOAD_MAX_BYTES: positiveInt(5 * 1024 * 1024),
  TRUST_PROXY: booleanFlag,
  // GET /metrics (Prometheus) answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset: no /metrics.
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, 'at least 16 characters'),
  // Face check (onboarding step 5): thresholds of the server's verdicts.
  FACE_MIN_SIZE_RATIO: unitNumber(0.2),
  FACE_MAX_CENTRE_OFFSET: unitNumber(0.25),
  FACE_MIN_BRIGHTNESS: positiveInt(60),
  // The median over a capture's frames (decision 0153); a floor only: copies score high too.
  FACE_MIN_ANTISPOOF: unitNumber(0.4),
  FACE_MIN_LIVENESS: unitNumber(0.7),
  // From the measured false-accept curve of dlib's ResNet descriptor, 1 − distance (decision 0186, npm run bench:face).
  FACE_MIN_SIMILARITY: unitNumber(0.615),
  FACE_MAX_FAILURES: positiveInt(3),
  FACE_CHECKS_PER_HOUR: positiveInt(40),
  OCR_CHECKS_PER_HOUR: positiveInt(20),
  FACE_MODEL_DIR: z.string().optional(),
  // Active liveness: the challenges the server picks from (decision 0153) and how long one holds.
  FACE_CHALLENGES: z
    .string()
    .default('turn_left,turn_right')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['turn_left', 'turn_right', 'blink', 'move_closer'])).min(1)),
  FACE_CHALLENGE_SECONDS: positiveInt(90),
  // Jobs, decisions and payments.
  JOB_POLLING_MS: z
    .string()
    .default('1000')
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 500, 'must be an integer of at least 500')
    .transform(Number),
  DECISION_DELAY_MS: positiveInt(1500),
  DECISION_COOL_DOWN_DAYS: positiveInt(30),
  PAYOUT_SANDBOX_DELAY_MS: positiveInt(3000),
  // Payouts above this (NT$) wait for finance's release, above the second by two operators (decision 0148).
  PAYOUT_RELEASE_ABOVE: wholeNumber(30_000),
  PAYOUT_TWO_PEOPLE_ABOVE: wholeNumber(60_000),
  // How payouts leave: the gateway's API, or a batch file uploaded to the corporate bank (decision 0149).
  PAYOUT_CHANNEL: z.enum(['gateway', 'bank']).default('gateway'),
  PAYMENT_NOTIFY_SECRET: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters'),
  // Repayments (modules/repayments): channel limits and fees, how long a code stays valid.
  REPAY_CODE_VALID_HOURS: positiveInt(72),
  REPAY_CVS_MIN_AMOUNT: positiveInt(33),
  REPAY_CVS_MAX_AMOUNT: positiveInt(20_000),
  REPAY_CVS_PAYER_FEE: wholeNumber(0),
  REPAY_ATM_MIN_AMOUNT: positiveInt(1),
  REPAY_ATM_MAX_AMOUNT: positiveInt(30_000),
  REPAY_ATM_PAYER_FEE: wholeNumber(15),
  // The ECPay (綠界) collection gateway: all of the required ones, or none.
  ECPAY_MERCHANT_ID: optionalText.refine(
    (value) => value === undefined || /^[0-9A-Za-z]{1,10}$/.test(value),
    'must be 1 to 10 letters or digits',
  ),
  ECPAY_HASH_KEY: optionalText.refine(
    (value) => value === undefined || /^[0-9A-Za-z]{8,64}$/.test(value),
    'must be 8 to 64 letters or digits',
  ),
  ECPAY_HASH_IV: optionalText.refine(
    (value) => value === undefined || /^[0-9A-Za-z]{8,64}$/.test(value),
    'must be 8 to 64 letters or digits',
  ),
  ECPAY_ENDPOINT: optionalBaseUrl,
  // ECPay keeps a merchant trade number forever: each environment sharing a merchant needs its own prefix.
  ECPAY_TRADE_PREFIX: z
    .string()
    .default('XA')
    .refine((value) => /^[A-Z]{1,8}$/.test(value), 'must be 1 to 8 capital letters'),
  ECPAY_ATM_BANK: z.enum(ECPAY_ATM_BANKS).default('BOT'),
  PUBLIC_BASE_URL: optionalBaseUrl,
  // The back office (modules/admin, apps/admin): its secret, sign-in limits and maker-checker amount.
  ADMIN_SESSION_SECRET: cipherKey,
  ADMIN_IDLE_MINUTES: positiveInt(15),
  ADMIN_LOGIN_FAILURES: positiveInt(5),
  ADMIN_LOCK_MINUTES: positiveInt(15),
  ADMIN_ENROLMENT_HOURS: positiveInt(24),
  ADMIN_SECOND_APPROVAL_ABOVE: wholeNumber(50_000),
  ADMIN_WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/admin/dist')),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'test' | 'production';
  /** Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where PGlite keeps its files. */
  pgliteDir: string;
  /** Uploaded files, outside any public folder. */
  filesDir: string;
  cipherKey: string;
  cipherKeyIsDev: boolean;
  /** Master keys of personal data and files at rest, and the blind index key (db/at-rest.ts). */
  atRest: MasterKeys;
  /** Where uploaded files live (plugins/file-storage.ts). */
  fileStore: FileStoreConfig;
  productName: string;
  /** The lender as every contract, document and page names it (served by modules/config). */
  lender: TLender;
  packageName: string;
  apiBase: string;
  webDist: string;
  /** Unset: shared limits live in-process (one instance). */
  redisUrl: string | undefined;
  testHooks: boolean;
  /** The bearer token of /metrics; undefined: /metrics is not served. */
  metricsToken: string | undefined;
  logLevel: LogLevel;
  bodyLimit: number;
  /** Real users' vitals: sampling, how long samples stay, beacons per address and minute. */
  vitals: { sampleRate: number; keepDays: number; beaconsPerMinute: number };
  sessionIdleDays: number;
  /**
   * Key material of the verification-code HMAC. Not the wire key: that one is injected
   * into every page, so codes hashed under it could be brute-forced from a leaked table.
   * Development derives one from the wire key; production must bring its own.
   */
  otpSecret: Buffer;
  otpTtlSeconds: number;
  otpResendSeconds: number;
  otpSendsPerNumberPerHour: number;
  otpSendsPerAddressPerHour: number;
  otpMaxTries: number;
  passwordFailuresPerHour: number;
  passwordLockMinutes: number;
  uploadMaxBytes: number;
  /** Behind a load balancer: the client address (per-address limits) from X-Forwarded-For. */
  trustProxy: boolean;
  /** Face check thresholds (modules/face-check); the model folder, unset = the package's own. */
  face: FaceCheckConfig;
  /** ID-card readings (ocrCheck) one user may request in any hour; each runs OCR. */
  ocrChecksPerHour: number;
  /** How often an idle job worker looks for due jobs (plugins/jobs.ts). */
  jobPollingMs: number;
  /** Decisions (modules/decisions): the wait before an order is decided (審核中 stays visible) and a refusal's cool-down. */
  decisionDelayMs: number;
  decisionCoolDownDays: number;
  /** Payments (modules/payments): the sandbox's payout delay and the key of the gateway notifications' check value. */
  payoutSandboxDelayMs: number;
  paymentNotifySecret: string;
  /** Payouts: finance's release thresholds (NT$) and the channel a new payout goes by. */
  payouts: PayoutConfig;
  /** Repayments (modules/repayments): how long an issued code or account stays valid, and each channel's limits and payer fee. */
  repay: RepayConfig;
  /** How the world reaches this server (gateways post their notifications there); unset when nothing needs it. */
  publicBaseUrl: string | undefined;
  /** The ECPay collection gateway; unset: the sandbox outside production (production refuses to start without it). */
  ecpay: EcpayConfig | undefined;
  /** The back office (modules/admin). */
  admin: AdminConfig;
}

export type FileStoreConfig =
  | { kind: 'local' }
  | { kind: 'postgres' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS's own endpoint for the region. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's own chain (instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export interface PayoutConfig {
  releaseAbove: number;
  twoPeopleAbove: number;
  channel: 'gateway' | 'bank';
}

export interface AdminConfig {
  /** Key of the TOTP secrets' encryption and of the session tokens' hashes (32 bytes). */
  secret: Buffer;
  /** A session ends after this many idle minutes. */
  idleMinutes: number;
  /** Wrong sign-ins in a row that lock the operator, and for how long. */
  loginFailures: number;
  lockMinutes: number;
  /** How long an enrolment link stays valid. */
  enrolmentHours: number;
  /** An application above this principal (NT$) needs a second operator's approval. */
  secondApprovalAbove: number;
  /** The built console to serve under /admin. */
  webDist: string;
}

export interface EcpayConfig {
  merchantId: string;
  hashKey: string;
  hashIv: string;
  /** `https://payment-stage.ecpay.com.tw` (test), `https://payment.ecpay.com.tw` (production), or a fake's base URL. */
  endpoint: string;
  /** Capital letters before the request id in the merchant trade number. */
  tradePrefix: string;
  /** The ATM bank of the virtual accounts. */
  atmBank: (typeof ECPAY_ATM_BANKS)[number];
}

export interface RepayChannelLimits {
  minAmount: number;
  maxAmount: number;
  payerFee: number;
}

export interface RepayConfig {
  codeValidHours: number;
  cvs: RepayChannelLimits;
  atm: RepayChannelLimits;
}

export interface FaceCheckConfig {
  minSizeRatio: number;
  maxCentreOffset: number;
  minBrightness: number;
  minAntispoof: number;
  minLiveness: number;
  minSimilarity: number;
  maxFailures: number;
  checksPerHour: number;
  modelDir: string | undefined;
  /** Active liveness: the challenges picked from, and seconds a challenge's nonce holds. */
  challenges: Array<'turn_left' | 'turn_right' | 'blink' | 'move_closer'>;
  challengeSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment; throws ConfigError naming every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnvSchema.safeParse(env);
  const problems: string[] = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  // Dev defaults are refused in production; reported together with the parse errors.
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && (!env.APP_CIPHER_KEY || env.APP_CIPHER_KEY === DEV_CIPHER_KEY)) {
    problems.push('APP_CIPHER_KEY: required in production (the built-in dev key is public)');
  }
  if (isProduction && (!env.OTP_SECRET || env.OTP_SECRET === env.APP_CIPHER_KEY)) {
    problems.push('OTP_SECRET: required in production (base64 of 32 bytes, not the wire key)');
  }
  if (
    isProduction &&
    (!env.PAYMENT_NOTIFY_SECRET || env.PAYMENT_NOTIFY_SECRET === env.APP_CIPHER_KEY || env.PAYMENT_NOTIFY_SECRET === env.OTP_SECRET)
  ) {
    problems.push("PAYMENT_NOTIFY_SECRET: required in production (the payment gateway's notification key, no other key)");
  }
  if (isProduction && parsed.success && parsed.data.TEST_HOOKS) {
    problems.push('TEST_HOOKS: must not be enabled in production');
  }
  if (isProduction && (!env.ADMIN_SESSION_SECRET || [env.APP_CIPHER_KEY, env.OTP_SECRET].includes(env.ADMIN_SESSION_SECRET))) {
    problems.push('ADMIN_SESSION_SECRET: required in production (base64 of 32 bytes, no other key)');
  }
  if (
    isProduction &&
    (!env.DATA_KEYS || parseDataKeys(env.DATA_KEYS)?.some(({ key }) => otherKeys(env).includes(key.toString('base64'))))
  ) {
    problems.push('DATA_KEYS: required in production (id:base64 of 32 bytes, current first; no other key)');
  }
  if (
    isProduction &&
    (!env.BLIND_INDEX_KEY || otherKeys(env).includes(env.BLIND_INDEX_KEY) || env.DATA_KEYS?.includes(env.BLIND_INDEX_KEY))
  ) {
    problems.push('BLIND_INDEX_KEY: required in production (base64 of 32 bytes, no other key)');
  }
  problems.push(...fileStoreProblems(env, isProduction));
  problems.push(...ecpayProblems(env, isProduction));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const data = parsed.data;
  return {
    port: data.PORT,
    host: data.HOST,
    nodeEnv: data.NODE_ENV,
    databaseUrl: data.DATABASE_URL,
    dataDir: data.DATA_DIR,
    pgliteDir: path.join(data.DATA_DIR, 'pglite'),
    filesDir: path.join(data.DATA_DIR, 'files'),
    cipherKey: data.APP_CIPHER_KEY ?? DEV_CIPHER_KEY,
    cipherKeyIsDev: data.APP_CIPHER_KEY === undefined || data.APP_CIPHER_KEY === DEV_CIPHER_KEY,
    atRest: atRestKeysOfEnv(data.DATA_KEYS, data.BLIND_INDEX_KEY, data.APP_CIPHER_KEY ?? DEV_CIPHER_KEY),
    fileStore: fileStoreOf(data),
    productName: data.PRODUCT_NAME,
    lender: {
      name: data.LENDER_NAME,
      address: data.LENDER_ADDRESS,
      registrationNo: data.LENDER_REGISTRATION_NO,
      servicePhone: data.LENDER_SERVICE_PHONE,
      serviceHours: data.LENDER_SERVICE_HOURS,
    },
    packageName: data.PACKAGE_NAME,
    apiBase: data.API_BASE,
    webDist: data.WEB_DIST,
    redisUrl: data.REDIS_URL,
    testHooks: data.TEST_HOOKS,
    metricsToken: data.METRICS_TOKEN,
    logLevel: data.LOG_LEVEL,
    bodyLimit: data.BODY_LIMIT,
    vitals: {
      sampleRate: data.VITALS_SAMPLE_RATE ?? (data.NODE_ENV === 'production' ? 0.1 : 1),
      keepDays: data.VITALS_KEEP_DAYS,
      beaconsPerMinute: data.VITALS_BEACONS_PER_MINUTE,
    },
    sessionIdleDays: data.SESSION_IDLE_DAYS,
    otpSecret: Buffer.from(data.OTP_SECRET ?? `dev-otp:${data.APP_CIPHER_KEY ?? DEV_CIPHER_KEY}`, data.OTP_SECRET ? 'base64' : 'utf8'),
    otpTtlSeconds: data.OTP_TTL_SECONDS,
    otpResendSeconds: data.OTP_RESEND_SECONDS,
    otpSendsPerNumberPerHour: data.OTP_SENDS_PER_NUMBER_PER_HOUR,
    otpSendsPerAddressPerHour: data.OTP_SENDS_PER_ADDRESS_PER_HOUR,
    otpMaxTries: data.OTP_MAX_TRIES,
    passwordFailuresPerHour: data.PASSWORD_FAILURES_PER_HOUR,
    passwordLockMinutes: data.PASSWORD_LOCK_MINUTES,
    uploadMaxBytes: data.UPLOAD_MAX_BYTES,
    trustProxy: data.TRUST_PROXY,
    ocrChecksPerHour: data.OCR_CHECKS_PER_HOUR,
    jobPollingMs: data.JOB_POLLING_MS,
    decisionDelayMs: data.DECISION_DELAY_MS,
    decisionCoolDownDays: data.DECISION_COOL_DOWN_DAYS,
    payoutSandboxDelayMs: data.PAYOUT_SANDBOX_DELAY_MS,
    payouts: { releaseAbove: data.PAYOUT_RELEASE_ABOVE, twoPeopleAbove: data.PAYOUT_TWO_PEOPLE_ABOVE, channel: data.PAYOUT_CHANNEL },
    paymentNotifySecret: data.PAYMENT_NOTIFY_SECRET ?? `dev-payment-notify:${data.APP_CIPHER_KEY ?? DEV_CIPHER_KEY}`,
    publicBaseUrl: data.PUBLIC_BASE_URL,
    ecpay:
      data.ECPAY_MERCHANT_ID && data.ECPAY_HASH_KEY && data.ECPAY_HASH_IV && data.ECPAY_ENDPOINT
        ? {
            merchantId: data.ECPAY_MERCHANT_ID,
            hashKey: data.ECPAY_HASH_KEY,
            hashIv: data.ECPAY_HASH_IV,
            endpoint: data.ECPAY_ENDPOINT,
            tradePrefix: data.ECPAY_TRADE_PREFIX,
            atmBank: data.ECPAY_ATM_BANK,
          }
        : undefined,
    admin: {
      secret: data.ADMIN_SESSION_SECRET
        ? Buffer.from(data.ADMIN_SESSION_SECRET, 'base64')
        : createHash('sha256')
            .update(`dev-admin:${data.APP_CIPHER_KEY ?? DEV_CIPHER_KEY}`)
            .digest(),
      idleMinutes: data.ADMIN_IDLE_MINUTES,
      loginFailures: data.ADMIN_LOGIN_FAILURES,
      lockMinutes: data.ADMIN_LOCK_MINUTES,
      enrolmentHours: data.ADMIN_ENROLMENT_HOURS,
      secondApprovalAbove: data.ADMIN_SECOND_APPROVAL_ABOVE,
      webDist: data.ADMIN_WEB_DIST,
    },
    repay: {
      codeValidHours: data.REPAY_CODE_VALID_HOURS,
      cvs: { minAmount: data.REPAY_CVS_MIN_AMOUNT, maxAmount: data.REPAY_CVS_MAX_AMOUNT, payerFee: data.REPAY_CVS_PAYER_FEE },
      atm: { minAmount: data.REPAY_ATM_MIN_AMOUNT, maxAmount: data.REPAY_ATM_MAX_AMOUNT, payerFee: data.REPAY_ATM_PAYER_FEE },
    },
    face: {
      minSizeRatio: data.FACE_MIN_SIZE_RATIO,
      maxCentreOffset: data.FACE_MAX_CENTRE_OFFSET,
      minBrightness: data.FACE_MIN_BRIGHTNESS,
      minAntispoof: data.FACE_MIN_ANTISPOOF,
      minLiveness: data.FACE_MIN_LIVENESS,
      minSimilarity: data.FACE_MIN_SIMILARITY,
      maxFailures: data.FACE_MAX_FAILURES,
      checksPerHour: data.FACE_CHECKS_PER_HOUR,
      modelDir: data.FACE_MODEL_DIR || undefined,
      challenges: data.FACE_CHALLENGES,
      challengeSeconds: data.FACE_CHALLENGE_SECONDS,
    },
  };
}

/** The keys the wire key must never double as (the at-rest keys are checked against them). */
function otherKeys(env: Record<string, string | undefined>): string[] {
  return [env.APP_CIPHER_KEY, env.OTP_SECRET, env.ADMIN_SESSION_SECRET].filter((key): key is string => Boolean(key));
}

/**
 * DATA_KEYS and BLIND_INDEX_KEY; outside production, when unset, keys derived from the wire
 * key (id `dev`): public like it, fit for local data only.
 */
function atRestKeysOfEnv(dataKeys: string | undefined, blindIndexKey: string | undefined, wireKey: string): MasterKeys {
  const parsed = dataKeys ? parseDataKeys(dataKeys) : null;
  const keys = parsed ?? [{ id: 'dev', key: createHash('sha256').update(`dev-data-key:${wireKey}`).digest() }];
  return {
    currentId: keys[0]?.id ?? 'dev',
    keys: new Map(keys.map(({ id, key }) => [id, key])),
    blindIndexKey: blindIndexKey
      ? Buffer.from(blindIndexKey, 'base64')
      : createHash('sha256').update(`dev-blind-index:${wireKey}`).digest(),
  };
}

function fileStoreOf(data: z.output<typeof ZEnvSchema>): FileStoreConfig {
  const kind = data.FILE_STORE ?? (data.DATABASE_URL ? 'postgres' : 'local');
  if (kind !== 's3') return { kind };
  return {
    kind,
    bucket: data.S3_BUCKET ?? '',
    endpoint: data.S3_ENDPOINT,
    region: data.S3_REGION,
    credentials:
      data.S3_ACCESS_KEY_ID && data.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: data.S3_ACCESS_KEY_ID, secretAccessKey: data.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: data.S3_FORCE_PATH_STYLE,
  };
}

/**
 * The file store: s3 needs its bucket; postgres needs DATABASE_URL; production keeps files
 * where every instance reads them (never the local folder of one machine).
 */
function fileStoreProblems(env: Record<string, string | undefined>, isProduction: boolean): string[] {
  const store = env.FILE_STORE || (env.DATABASE_URL ? 'postgres' : 'local');
  const problems: string[] = [];
  if (store === 's3' && !env.S3_BUCKET) problems.push('S3_BUCKET: required with FILE_STORE=s3');
  if (store === 'postgres' && !env.DATABASE_URL)
    problems.push('FILE_STORE: postgres needs DATABASE_URL (the embedded database keeps files in the local folder)');
  if (isProduction && store === 'local' && env.DATABASE_URL) {
    problems.push(
      'FILE_STORE: local is refused in production with DATABASE_URL (other instances could not read the files): postgres or s3',
    );
  }
  return problems;
}

/**
 * The ECPay variables come all together or not at all, and production has them: without a
 * real gateway it would have no way to take repayments (the sandbox never runs there),
 * and it says so at start rather than on a borrower's first payment.
 */
function ecpayProblems(env: Record<string, string | undefined>, isProduction: boolean): string[] {
  const given = (name: string) => (env[name] ?? '') !== '';
  const anyEcpay = Object.keys(env).some((name) => name.startsWith('ECPAY_') && given(name));
  const missing = ECPAY_REQUIRED.filter((name) => !given(name));
  const problems: string[] = [];
  if (missing.length > 0 && anyEcpay) {
    problems.push(`${missing.join(', ')}: required with the other ECPay variables (set all of ${ECPAY_REQUIRED.join(', ')}, or none)`);
  } else if (missing.length > 0 && isProduction) {
    problems.push(
      `${missing.join(', ')}: required in production (the ECPay collection gateway; the sandbox gateway never runs in production)`,
    );
  }
  if (isProduction) {
    for (const name of ['ECPAY_ENDPOINT', 'PUBLIC_BASE_URL'] as const) {
      const value = env[name];
      if (value && URL.canParse(value) && new URL(value).protocol !== 'https:') problems.push(`${name}: must be https in production`);
    }
  }
  return problems;
}

export interface CliConfig {
  apiUrl: string;
  token: string | undefined;
  cipherKey: string;
}

/**
 * The protocol CLI's settings: API_URL, TOKEN, and the key by the server's own rule.
 * Without API_URL it talks to the server this environment would start: same PORT.
 */
export function loadCliConfig(env: Record<string, string | undefined> = process.env): CliConfig {
  const config = loadConfig(env);
  const apiUrl = env.API_URL || `http://127.0.0.1:${config.port}`;
  if (!URL.canParse(apiUrl)) throw new ConfigError(['API_URL: must be a URL']);
  return { apiUrl: apiUrl.replace(/\/$/, ''), token: env.TOKEN || undefined, cipherKey: config.cipherKey };
}
