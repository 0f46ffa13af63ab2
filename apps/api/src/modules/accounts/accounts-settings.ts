/** The numbers of issue 4; set from the environment (config/env.ts, README's table). */
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

export const HOUR_MS = 3_600_000;
