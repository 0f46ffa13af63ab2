import type { TLoginResponse } from '@app/contract/schemas/auth.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { findOrCreateUser, type Attribution } from '../users/find-or-create-user.ts';
import { consumeVerifyCode } from '../verification-codes/consume-verify-code.ts';
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
  return startLoginSession({ db, now, user, isNewUser: isNew });
}
