import type { TLoginResponse } from '@app/contract/schemas/auth.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { recordConsentAtRegistration } from '../documents/index.ts';
import { findOrCreateUser, type Attribution } from '../users/index.ts';
import { consumeVerifyCode } from '../verification-codes/index.ts';
import { startLoginSession } from './start-login-session.ts';

/** Phone + code: the first successful login registers the number. */
export async function loginWithCode(options: {
  db: Db;
  now: Date;
  config: Config;
  mobile: string;
  code: string;
  attribution: Attribution;
}): Promise<TLoginResponse> {
  const { db, now, mobile } = options;
  await consumeVerifyCode({ db, now, config: options.config, mobile, purpose: 'login', code: options.code });
  const { user, isNew } = await findOrCreateUser({ db, phone: mobile, attribution: options.attribution });
  // The login form requires consent to the user agreement and the privacy policy: a new user accepted their current versions.
  if (isNew) await recordConsentAtRegistration({ db, userId: user.id, now });
  return startLoginSession({ db, now, user, isNewUser: isNew });
}
