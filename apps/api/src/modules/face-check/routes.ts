import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { FACE_DATA_LIST_LABEL, FACE_DATA_LIST_VALUE, FACE_OUTCOME_LABELS } from '@app/contract/messages/face-check.ts';
import { faceCheckAttempts, faceCheckFrames } from '../../db/schema/face-check.ts';
import { checkLiveness } from './check-liveness.ts';
import { compareFace } from './compare-face.ts';
import { detectFace } from './detect-face.ts';
import { deleteAttempts, selectAttempts } from './face-check-repository.ts';
import { sharedHumanFaceEngine } from './human-face-engine.ts';

/**
 * Onboarding step 5 (face): detection, silent liveness and the comparison with the ID card
 * front, each judged on the server with the configured thresholds. The models load on the
 * first check and are shared by the whole process.
 */
export const faceCheckModule: FastifyPluginAsync = async (app) => {
  const engine = sharedHumanFaceEngine({ modelDir: app.config.face.modelDir });

  app.personalData.register({
    owner: 'face-check',
    tables: [faceCheckAttempts, faceCheckFrames],
    list: async ({ db, subject }) => {
      const attempts = await selectAttempts(db, subject.id);
      const last = attempts.at(-1);
      const value = last ? FACE_DATA_LIST_VALUE(attempts.length, FACE_OUTCOME_LABELS[last.outcome] ?? last.outcome) : '0';
      return [{ category: 'identity', label: FACE_DATA_LIST_LABEL, value }];
    },
    erase: ({ db, subject }) => deleteAttempts(db, subject.id),
  });

  const limit = { limiter: app.rateLimiter, limiterTag: app.limiterTag, perHour: app.config.face.checksPerHour };
  const optionsOf = (imageKey: string, ctx: { db: typeof app.db; now: Date; requireAccount(): { id: number } }) => ({
    db: ctx.db,
    files: app.fileStorage,
    engine,
    config: app.config.face,
    limit,
    now: ctx.now,
    userId: ctx.requireAccount().id,
    imageKey,
  });

  app.endpoint(ENDPOINTS.userAuthDetection, (payload, ctx) => detectFace(optionsOf(payload.imageKey, ctx)));
  app.endpoint(ENDPOINTS.userAuthSilence, (payload, ctx) => checkLiveness({ ...optionsOf(payload.imageKey, ctx), capture: payload }));
  app.endpoint(ENDPOINTS.userAuthFaceCompare, (payload, ctx) => compareFace(optionsOf(payload.imageKey, ctx)));
};
