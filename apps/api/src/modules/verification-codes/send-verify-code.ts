import { CODE_RESEND_WAIT, CODE_SEND_LIMIT, smsVerifyCodeText } from '@app/contract/messages/accounts.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { HOUR_MS, type LimiterTag, type RateLimiter } from '../../plugins/rate-limits.ts';
import type { SmsProvider } from '../../plugins/sms.ts';
import { generateCode, hashCode } from './verification-code-crypto.ts';
import { verificationCodeSettings } from './verification-code-settings.ts';
import { deleteCodesCreatedBefore, insertCode, type CodePurpose } from './verification-codes-repository.ts';

export type { CodePurpose };

export interface SendVerifyCodeOptions {
  db: Db;
  now: Date;
  config: Config;
  limiter: RateLimiter;
  limiterTag: LimiterTag;
  sms: SmsProvider;
  mobile: string;
  purpose: CodePurpose;
  /** The caller's own number when logged in: destroy/password codes only go there. */
  callerPhone: string | null;
  /** The client's address, reduced to its network (see domain/client-address.ts). */
  clientAddress: string;
}

export interface SendVerifyCodeAnswer {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

function refuse(userMessage: string, message: string): AppError {
  return new AppError('BUSINESS_RULE', { userMessage, message });
}

/**
 * Sends a code, or answers exactly as if it had. The answer never depends on whether the
 * number is registered: login codes go to any valid number (a first login registers),
 * and destroy/password codes go only to the caller's own number but are answered the
 * same (and counted the same) otherwise, so no path tells who is a customer.
 */
export async function sendVerifyCode(options: SendVerifyCodeOptions): Promise<SendVerifyCodeAnswer> {
  const { db, now, limiter, mobile, purpose } = options;
  const settings = verificationCodeSettings(options.config);
  const number = options.limiterTag(mobile);
  const address = options.limiterTag(options.clientAddress);
  const refused = await limiter.hitAll(
    [
      { key: `otp:resend:${number}`, limit: 1, windowMs: settings.resendSeconds * 1000 },
      { key: `otp:number:${number}`, limit: settings.sendsPerNumberPerHour, windowMs: HOUR_MS },
      { key: `otp:address:${address}`, limit: settings.sendsPerAddressPerHour, windowMs: HOUR_MS },
    ],
    now.getTime(),
  );
  if (refused === 0) throw refuse(CODE_RESEND_WAIT, 'code resend too soon');
  if (refused > 0) throw refuse(CODE_SEND_LIMIT, refused === 1 ? 'code sends per number' : 'code sends per address');

  const answer = { resendAfterSeconds: settings.resendSeconds, expiresInSeconds: settings.ttlSeconds };
  const deliver = purpose === 'login' || options.callerPhone === mobile;
  if (!deliver) return answer;

  // Codes past their hour are useless (only the latest counts, for minutes) but hold
  // phone numbers: every send sweeps them away (indexed on created_at).
  const keepMs = Math.max(HOUR_MS, settings.ttlSeconds * 1000);
  await deleteCodesCreatedBefore(db, new Date(now.getTime() - keepMs));
  const code = generateCode();
  await insertCode(db, {
    phone: mobile,
    purpose,
    codeHash: hashCode(settings.codeKey, mobile, purpose, code),
    expiresAt: new Date(now.getTime() + settings.ttlSeconds * 1000),
    createdAt: now,
  });
  const minutes = Math.round(settings.ttlSeconds / 60);
  await options.sms.send(mobile, smsVerifyCodeText(settings.productName, code, minutes), now);
  return answer;
}
