import type { Db } from '../../db/client.ts';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { checkIdentityNumber } from './check-identity-number.ts';
import { onboardingPersonalData } from './onboarding-personal-data.ts';
import { queryUserDetail } from './query-user-detail.ts';
import { saveEmergencyContacts } from './save-emergency-contacts.ts';
import { saveIdCardPhotos } from './save-id-card-photos.ts';
import { savePersonalDetails } from './save-personal-details.ts';
import { saveSecondDocument } from './save-second-document.ts';
import { TAIWAN_ADDRESSES } from './taiwan-addresses.ts';

/** The list is fixed for the life of the process; a minute per payload is plenty. */
const ADDRESS_CACHE_MS = 60_000;

/** Onboarding steps 1-3: personal details, emergency contacts, ID card photos; the address list. */
export interface OnboardingModuleOptions {
  /**
   * Whether the borrower confirmed the reading of an ID card front: identity-document owns
   * the readings and itself reads step 1, so app.ts hands the check in (no module cycle).
   */
  isIdCardFrontConfirmed: (check: { db: Db; userId: number; frontKey: string }) => Promise<boolean>;
}

export const onboardingModule: FastifyPluginAsync<OnboardingModuleOptions> = async (app, options) => {
  app.personalData.register(onboardingPersonalData);
  const probeLimit = { limiter: app.rateLimiter, limiterTag: app.limiterTag };

  app.endpoint(ENDPOINTS.userAuthSupplementUserInfo, async (details, ctx) => {
    const userId = ctx.requireAccount().id;
    await savePersonalDetails({ ...probeLimit, db: ctx.db, userId, now: ctx.now, details });
    return queryUserDetail({ db: ctx.db, userId });
  });

  app.endpoint(ENDPOINTS.userAuthQueryUserDetail, (_payload, ctx) => queryUserDetail({ db: ctx.db, userId: ctx.requireAccount().id }));

  app.endpoint(ENDPOINTS.userAuthIdentityCheck, (payload, ctx) =>
    checkIdentityNumber({ ...probeLimit, db: ctx.db, userId: ctx.requireAccount().id, now: ctx.now, idNumber: payload.idNumber }),
  );

  app.endpoint(ENDPOINTS.emergencyContactAdd, async (request, ctx) => {
    const caller = ctx.requireAccount();
    await saveEmergencyContacts({ db: ctx.db, userId: caller.id, userPhone: caller.phone, now: ctx.now, request });
    return queryUserDetail({ db: ctx.db, userId: caller.id });
  });

  app.endpoint(ENDPOINTS.userAuthIdCardPhotos, async (photos, ctx) => {
    const userId = ctx.requireAccount().id;
    await saveIdCardPhotos({
      db: ctx.db,
      userId,
      frontKey: photos.frontKey,
      backKey: photos.backKey,
      isFrontConfirmed: options.isIdCardFrontConfirmed,
    });
    return queryUserDetail({ db: ctx.db, userId });
  });

  app.endpoint(ENDPOINTS.userAuthLicense, async (document, ctx) => {
    const userId = ctx.requireAccount().id;
    await saveSecondDocument({ db: ctx.db, userId, kind: document.kind, imageKey: document.imageKey });
    return queryUserDetail({ db: ctx.db, userId });
  });

  app.endpoint(ENDPOINTS.loanCommonAddress, async () => TAIWAN_ADDRESSES, { cacheMs: ADDRESS_CACHE_MS });
};
