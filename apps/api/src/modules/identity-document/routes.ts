import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { OCR_CHECK_LIMIT } from '@app/contract/messages/identity-document.ts';
import { ZOcrConfirmRequestSchema } from '@app/contract/schemas/identity-document.ts';
import { AppError } from '../../errors/app-error.ts';
import { hitHourlyUserBudget } from '../../plugins/rate-limits.ts';
import { readHookBody, TEST_PREFIX } from '../../plugins/test-hooks.ts';
import { isOwnUpload } from '../uploads/index.ts';
import { confirmIdCardReading } from './confirm-id-card-reading.ts';
import { identityDocumentPersonalData } from './identity-document-personal-data.ts';
import type { IdCardReader } from './ocr-engine.ts';
import { readIdCardFront } from './read-id-card-front.ts';
import { recordConfirmedReading, recordProposedReading } from './record-confirmed-reading.ts';
import { TesseractIdCardReader } from './tesseract-ocr-engine.ts';

/**
 * The ID card's front read on the server (ocrCheck), then confirmed or corrected by the
 * user (ocrConfirm). `reader` replaces the built-in tesseract.js reader (a hosted KYC
 * provider, or a test double).
 */
export const identityDocumentModule: FastifyPluginAsync<{ reader?: IdCardReader }> = async (app, options) => {
  app.personalData.register(identityDocumentPersonalData);
  let builtIn: TesseractIdCardReader | null = null;
  const reader = options.reader ?? (builtIn = new TesseractIdCardReader());
  app.addHook('onClose', async () => {
    await builtIn?.release();
  });

  app.endpoint(ENDPOINTS.userAuthOcrCheck, async (payload, ctx) => {
    const userId = ctx.requireAccount().id;
    // Each reading costs about 0.4 s of CPU (docs/benchmarks.md): an hourly budget per user.
    const allowed = await hitHourlyUserBudget({
      limiter: app.rateLimiter,
      limiterTag: app.limiterTag,
      budget: 'ocr-check',
      userId,
      perHour: app.config.ocrChecksPerHour,
      now: ctx.now,
    });
    if (!allowed) throw new AppError('BUSINESS_RULE', { userMessage: OCR_CHECK_LIMIT, message: 'ocr checks over the hourly limit' });
    return readIdCardFront({ db: ctx.db, files: app.fileStorage, reader, userId, frontKey: payload.frontKey, log: app.log });
  });

  app.endpoint(ENDPOINTS.userAuthOcrConfirm, (payload, ctx) => {
    const { readingId, ...values } = payload;
    return confirmIdCardReading({ db: ctx.db, userId: ctx.requireAccount().id, now: ctx.now, readingId, values });
  });

  // Browser tests only (TEST_HOOKS, which production refuses): a lending journey records
  // step 3's reading for its borrower (the `token` header's) as the API tests' borrowers have
  // it, instead of running the reader each time; the onboarding journeys run it (decision 0198).
  // `confirm: false` stores the reading only, as ocrCheck leaves one, for the test to confirm
  // through ocrConfirm (the back office's journeys: a card that differs from step 1, accepted).
  if (app.config.testHooks) {
    // The fields as ocrConfirm takes them (the same checks), and the front they were read from.
    const ZRecordedReadingSchema = ZOcrConfirmRequestSchema.pick({ name: true, idNumber: true, birthDate: true, gender: true }).extend({
      frontKey: z.string().min(1),
      confirm: z.boolean().default(true),
    });
    app.post(`${TEST_PREFIX}id-card-readings`, async (req, reply) => {
      await app.resolveIdentity(req);
      if (!req.user?.phone) return reply.code(401).send({ error: 'no session' });
      const input = readHookBody(req.body, ZRecordedReadingSchema);
      if ('error' in input) return reply.code(400).send({ error: input.error });
      const { frontKey, confirm, ...values } = input.data;
      if (!(await isOwnUpload({ db: app.db, userId: req.user.id, key: frontKey }))) {
        return reply.code(404).send({ error: 'not an upload of this user' });
      }
      const recorded = { db: app.db, userId: req.user.id, frontKey, values };
      const readingId = confirm
        ? await recordConfirmedReading({ ...recorded, now: app.clock.now() })
        : await recordProposedReading(recorded);
      return { readingId };
    });
  }
};
