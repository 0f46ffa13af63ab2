import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { FACE_DATA_LIST_LABEL, FACE_DATA_LIST_VALUE, FACE_OUTCOME_LABELS } from '@app/contract/messages/face-check.ts';
import { faceCheckAttempts, faceCheckFrames } from '../../db/schema/face-check.ts';
import { readHookBody, TEST_PREFIX } from '../../plugins/test-hooks.ts';
import { isOwnUpload } from '../uploads/index.ts';
import { checkLiveness } from './check-liveness.ts';
import { compareFace } from './compare-face.ts';
import { detectFace } from './detect-face.ts';
import { deleteAttempts, insertRecordedAttempt, selectAttempts } from './face-check-repository.ts';
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

  // Browser tests only (TEST_HOOKS, which production refuses): a lending journey records its
  // borrower's (the `token` header's) step 5 as passed, as the API tests' borrowers have it,
  // instead of running the models each time; the face and onboarding journeys run them
  // (decision 0198).
  if (app.config.testHooks) {
    const ZRecordedAttemptSchema = z.object({
      imageKey: z.string().min(1),
      outcome: z.enum(['passed', 'manual_review']).default('passed'),
    });
    app.post(`${TEST_PREFIX}face-checks`, async (req, reply) => {
      await app.resolveIdentity(req);
      if (!req.user?.phone) return reply.code(401).send({ error: 'no session' });
      const input = readHookBody(req.body, ZRecordedAttemptSchema);
      if ('error' in input) return reply.code(400).send({ error: input.error });
      if (!(await isOwnUpload({ db: app.db, userId: req.user.id, key: input.data.imageKey }))) {
        return reply.code(404).send({ error: 'not an upload of this user' });
      }
      await insertRecordedAttempt(app.db, { userId: req.user.id, ...input.data });
      return { ok: true };
    });
  }
};
