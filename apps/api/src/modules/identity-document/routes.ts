import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { OCR_CHECK_LIMIT } from '@app/contract/messages/identity-document.ts';
import { AppError } from '../../errors/app-error.ts';
import { hitHourlyUserBudget } from '../../plugins/rate-limits.ts';
import { confirmIdCardReading } from './confirm-id-card-reading.ts';
import { identityDocumentPersonalData } from './identity-document-personal-data.ts';
import type { IdCardReader } from './ocr-engine.ts';
import { readIdCardFront } from './read-id-card-front.ts';
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
};
