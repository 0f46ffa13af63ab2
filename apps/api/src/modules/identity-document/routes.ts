import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
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

  app.endpoint(ENDPOINTS.userAuthOcrCheck, (payload, ctx) =>
    readIdCardFront({
      db: ctx.db,
      files: app.fileStorage,
      reader,
      userId: ctx.requireAccount().id,
      frontKey: payload.frontKey,
      log: app.log,
    }),
  );

  app.endpoint(ENDPOINTS.userAuthOcrConfirm, (payload, ctx) => {
    const { readingId, ...values } = payload;
    return confirmIdCardReading({ db: ctx.db, userId: ctx.requireAccount().id, now: ctx.now, readingId, values });
  });
};
