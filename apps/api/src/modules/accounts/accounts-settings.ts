/** The numbers of issue 4, configurable through the environment (config/env.ts). */
export interface AccountsSettings {
  codeTtlSeconds: number;
  resendSeconds: number;
  sendsPerNumberPerHour: number;
  sendsPerAddressPerHour: number;
  /** Wrong tries after which a code is burned. */
  maxCodeAttempts: number;
  passwordFailuresPerHour: number;
  passwordLockSeconds: number;
  /** Upper bound of one uploaded image. */
  maxImageBytes: number;
}

export const DEFAULT_ACCOUNTS_SETTINGS: AccountsSettings = {
  codeTtlSeconds: 300,
  resendSeconds: 60,
  sendsPerNumberPerHour: 5,
  sendsPerAddressPerHour: 20,
  maxCodeAttempts: 5,
  passwordFailuresPerHour: 10,
  passwordLockSeconds: 3600,
  maxImageBytes: 5 * 1024 * 1024,
};

export const HOUR_MS = 3_600_000;
