import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { CODE_EXPIRED, CODE_RESEND_WAIT, CODE_SEND_LIMIT, CODE_TOO_MANY_TRIES, CODE_WRONG, smsVerifyCodeText } from '@app/contract/messages/accounts.ts';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema-accounts.ts';
import { AppError } from '../../errors/app-error.ts';
import type { AccountsDeps } from '../accounts/accounts-plugin.ts';
import { HOUR_MS } from '../accounts/accounts-settings.ts';
import { codeMatches, generateCode, hashCode, limiterTag } from './verification-code-crypto.ts';

export type CodePurpose = 'login' | 'destroy' | 'password';

export interface SendCodeRequest {
  mobile: string;
  purpose: CodePurpose;
  /** The caller's own number when logged in: destroy/password codes only go there. */
  callerPhone: string | null;
  clientAddress: string;
}

export interface SendCodeAnswer {
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
export async function sendVerifyCode(deps: AccountsDeps, db: Db, request: SendCodeRequest): Promise<SendCodeAnswer> {
  const { settings } = deps;
  const now = deps.clock.now();
  const number = limiterTag(deps.codeKey, request.mobile);
  const address = limiterTag(deps.codeKey, request.clientAddress);
  const refused = await deps.limiter.hitAll(
    [
      { key: `otp:resend:${number}`, limit: 1, windowMs: settings.resendSeconds * 1000 },
      { key: `otp:number:${number}`, limit: settings.sendsPerNumberPerHour, windowMs: HOUR_MS },
      { key: `otp:address:${address}`, limit: settings.sendsPerAddressPerHour, windowMs: HOUR_MS },
    ],
    now.getTime(),
  );
  if (refused === 0) throw refuse(CODE_RESEND_WAIT, 'code resend too soon');
  if (refused > 0) throw refuse(CODE_SEND_LIMIT, refused === 1 ? 'code sends per number' : 'code sends per address');

  const answer = { resendAfterSeconds: settings.resendSeconds, expiresInSeconds: settings.codeTtlSeconds };
  const deliver = request.purpose === 'login' || request.callerPhone === request.mobile;
  if (!deliver) return answer;

  // Codes past their hour are useless (only the latest counts, for minutes) but hold
  // phone numbers: every send sweeps them away (indexed on created_at).
  const keepMs = Math.max(HOUR_MS, settings.codeTtlSeconds * 1000);
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, new Date(now.getTime() - keepMs)));
  const code = generateCode();
  await db.insert(verificationCodes).values({
    phone: request.mobile,
    purpose: request.purpose,
    codeHash: hashCode(deps.codeKey, request.mobile, request.purpose, code),
    expiresAt: new Date(now.getTime() + settings.codeTtlSeconds * 1000),
    createdAt: now,
  });
  const minutes = Math.round(settings.codeTtlSeconds / 60);
  await deps.sms.send(request.mobile, smsVerifyCodeText(deps.productName, code, minutes), now);
  return answer;
}

/**
 * Checks and uses up the latest code sent to `mobile` for `purpose`. Each try is counted
 * atomically before comparing, so parallel guesses cannot exceed the allowed tries; the
 * try that uses up the last one answers CODE_TOO_MANY_TRIES and the code is dead after.
 * A used, replaced or missing code answers CODE_EXPIRED, like an expired one.
 */
export async function consumeVerifyCode(
  deps: AccountsDeps,
  db: Db,
  mobile: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const now = deps.clock.now();
  const max = deps.settings.maxCodeAttempts;
  const [latest] = await db
    .select({ id: verificationCodes.id, expiresAt: verificationCodes.expiresAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.phone, mobile), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() <= now.getTime()) throw refuse(CODE_EXPIRED, 'code expired or missing');

  const [reserved] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, max),
      ),
    )
    .returning({ attempts: verificationCodes.attempts, codeHash: verificationCodes.codeHash });
  if (!reserved) {
    const [row] = await db
      .select({ consumedAt: verificationCodes.consumedAt })
      .from(verificationCodes)
      .where(eq(verificationCodes.id, latest.id));
    if (row?.consumedAt) throw refuse(CODE_EXPIRED, 'code already used');
    throw refuse(CODE_TOO_MANY_TRIES, 'code burned');
  }
  if (!codeMatches(deps.codeKey, mobile, purpose, code, reserved.codeHash)) {
    if (reserved.attempts >= max) throw refuse(CODE_TOO_MANY_TRIES, 'code burned');
    throw refuse(CODE_WRONG, 'code wrong');
  }
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!used) throw refuse(CODE_EXPIRED, 'code already used');
}
