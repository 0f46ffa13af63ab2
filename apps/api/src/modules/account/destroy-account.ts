import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { DataSubject, PersonalDataEntry } from '../../plugins/personal-data.ts';
import { consumeVerifyCode } from '../verification-codes/index.ts';

/**
 * Account deletion (PDPA art. 11). Needs a fresh code for purpose 'destroy' and nothing
 * that refuses it (an open order). Every owner in the personal-data registry erases its
 * rows in one transaction: personal data is deleted, usage events are detached, every
 * session ends, and the user row stays as an anonymous tombstone (phone NULL) for the
 * loan records the law requires. Files go after the commit. The same phone can then
 * register as a new user.
 */
export async function destroyAccount(options: {
  db: Db;
  now: Date;
  config: Config;
  subject: DataSubject;
  code: string;
  registry: readonly PersonalDataEntry[];
}): Promise<void> {
  const { db, now, subject, registry } = options;
  // Checked before the code is used up, so a refused deletion does not cost the code.
  for (const entry of registry) {
    const refusal = await entry.refuseErasure?.({ db, subject });
    if (refusal) throw new AppError('BUSINESS_RULE', { userMessage: refusal, message: `destroy refused by ${entry.owner}` });
  }
  await consumeVerifyCode({ db, now, config: options.config, mobile: subject.phone, purpose: 'destroy', code: options.code });
  await db.transaction(async (tx) => {
    for (const entry of registry) await entry.erase({ db: tx, subject, now });
  });
  for (const entry of registry) await entry.afterErase?.({ subject });
}
