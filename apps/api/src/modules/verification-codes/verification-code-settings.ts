import type { Config } from '../../config/env.ts';
import { deriveCodeKey } from './verification-code-crypto.ts';

/** The verification-code numbers of the configuration (README's environment table). */
export interface VerificationCodeSettings {
  /** HMAC key of stored codes, derived from OTP_SECRET. */
  codeKey: Buffer;
  ttlSeconds: number;
  resendSeconds: number;
  sendsPerNumberPerHour: number;
  sendsPerAddressPerHour: number;
  /** Wrong tries after which a code is burned. */
  maxAttempts: number;
  productName: string;
}

const derived = new WeakMap<Config, VerificationCodeSettings>();

/** Derived once per configuration (the key derivation is not free). */
export function verificationCodeSettings(config: Config): VerificationCodeSettings {
  let settings = derived.get(config);
  if (!settings) {
    settings = {
      codeKey: deriveCodeKey(config.otpSecret),
      ttlSeconds: config.otpTtlSeconds,
      resendSeconds: config.otpResendSeconds,
      sendsPerNumberPerHour: config.otpSendsPerNumberPerHour,
      sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
      maxAttempts: config.otpMaxTries,
      productName: config.productName,
    };
    derived.set(config, settings);
  }
  return settings;
}
