import { CODE_EXPIRED, CODE_TOO_MANY_TRIES, CODE_WRONG } from '@app/contract/messages/accounts.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { codeMatches } from './verification-code-crypto.ts';
import { verificationCodeSettings } from './verification-code-settings.ts';
import { countAttempt, isConsumed, markConsumed, selectLatestCode, type CodePurpose } from './verification-codes-repository.ts';

export interface ConsumeVerifyCodeOptions {
  db: Db;
  now: Date;
  config: Config;
  mobile: string;
  purpose: CodePurpose;
  code: string;
}

function refuse(userMessage: string, message: string): AppError {
  return new AppError('BUSINESS_RULE', { userMessage, message });
}

/**
 * Checks and uses up the latest code sent to `mobile` for `purpose`. Each try is counted
 * atomically before comparing, so parallel guesses cannot exceed the allowed tries; the
 * try that uses up the last one answers CODE_TOO_MANY_TRIES and the code is dead after.
 * A used, replaced or missing code answers CODE_EXPIRED, like an expired one.
 */
export async function consumeVerifyCode(options: ConsumeVerifyCodeOptions): Promise<void> {
  const { db, now, mobile, purpose } = options;
  const { codeKey, maxAttempts } = verificationCodeSettings(options.config);
  const latest = await selectLatestCode(db, mobile, purpose);
  if (!latest || latest.expiresAt.getTime() <= now.getTime()) throw refuse(CODE_EXPIRED, 'code expired or missing');

  const reserved = await countAttempt(db, latest.id, maxAttempts);
  if (!reserved) {
    if (await isConsumed(db, latest.id)) throw refuse(CODE_EXPIRED, 'code already used');
    throw refuse(CODE_TOO_MANY_TRIES, 'code burned');
  }
  if (!codeMatches(codeKey, mobile, purpose, options.code, reserved.codeHash)) {
    if (reserved.attempts >= maxAttempts) throw refuse(CODE_TOO_MANY_TRIES, 'code burned');
    throw refuse(CODE_WRONG, 'code wrong');
  }
  if (!(await markConsumed(db, latest.id, now))) throw refuse(CODE_EXPIRED, 'code already used');
}
