import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import {
  FACE_DETECTION_REQUIRED,
  FACE_ID_CARD_NO_FACE,
  FACE_IMAGE_NOT_FOUND,
  FACE_LIVENESS_FAILED,
  FACE_LIVENESS_REQUIRED,
  FACE_MANUAL_REVIEW,
  FACE_MISMATCH,
  FACE_NO_FACE,
  FACE_RETAKE_REQUIRED,
  FACE_SEVERAL_FACES,
  FACE_TOO_DARK,
  FACE_TOO_SMALL,
  FACE_UNAVAILABLE,
  FACE_CHECK_LIMIT,
} from '@app/contract/messages/face-check.ts';
import type { TQueryCashUserResponse } from '@app/contract/schemas/user.ts';
import { faceCheckAttempts } from '../../db/schema/face-check.ts';
import { accountsServerPerFile, bodyOf, HOUR, loggedInUser, refusal, startAccountsServer, uploadedImage, type LoggedIn } from '../../test/accounts-test-kit.ts';
import * as photos from './face-test-images.ts';
import { confirmIdCardFront } from '../../test/id-card-test-kit.ts';

const { database, server } = accountsServerPerFile();

async function upload(user: LoggedIn, bytes: Buffer, target = server): Promise<string> {
  return (await uploadedImage(target, user, new Uint8Array(bytes), { type: 'image/jpeg', name: 'photo.jpg' })).key;
}

/** A new user with step 3's ID card photos: the card front shows `person`. */
async function userWithIdCard(person: number, target = server): Promise<LoggedIn> {
  const user = await loggedInUser(target);
  const frontKey = await upload(user, await photos.idCardFront(person), target);
  const backKey = await upload(user, await photos.noFace(), target);
  await confirmIdCardFront(target, user, frontKey);
  bodyOf((await target.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey }, user.headers)).envelope);
  return user;
}

const call = async (endpoint: (typeof ENDPOINTS)['userAuthDetection'], imageKey: string, user: LoggedIn, target = server) =>
  (await target.client.call(endpoint, { imageKey }, user.headers)).envelope;
const detection = (key: string, user: LoggedIn, target = server) => call(ENDPOINTS.userAuthDetection, key, user, target);
const silence = (key: string, user: LoggedIn) => call(ENDPOINTS.userAuthSilence, key, user);
const compare = (key: string, user: LoggedIn) => call(ENDPOINTS.userAuthFaceCompare, key, user);
const passed = { status: 200, message: expect.any(String), body: { passed: true } };

async function faceStepDone(user: LoggedIn, target = server): Promise<boolean> {
  const me = bodyOf<TQueryCashUserResponse>((await target.client.call(ENDPOINTS.queryCashUser, {}, user.headers)).envelope);
  return me.steps.find((step) => step.key === 'face')!.done;
}

async function attemptOf(user: LoggedIn, imageKey: string) {
  const [row] = await database.handle.db
    .select()
    .from(faceCheckAttempts)
    .where(and(eq(faceCheckAttempts.userId, Number(user.userId)), eq(faceCheckAttempts.imageKey, imageKey)));
  return row;
}

describe('face check (step 5) through HTTP, with the real models', () => {
  it('passes a live selfie of the person on the ID card: three server verdicts, scores stored, step 5 done', async () => {
    const user = await userWithIdCard(1);
    expect(await faceStepDone(user)).toBe(false);
    const key = await upload(user, await photos.transformedSelfie(1));

    expect(await silence(key, user)).toEqual(refusal(FACE_DETECTION_REQUIRED));
    expect(await detection(key, user)).toEqual(passed);
    expect(await compare(key, user)).toEqual(refusal(FACE_LIVENESS_REQUIRED));
    expect(await silence(key, user)).toEqual(passed);
    expect(await compare(key, user)).toEqual(passed);

    const row = await attemptOf(user, key);
    expect(row).toMatchObject({ outcome: 'passed', faceCount: 1, detectionPassed: true, livenessPassed: true, comparePassed: true });
    expect(row!.faceSizeRatio).toBeGreaterThan(0.2);
    expect(row!.livenessScore).toBeGreaterThanOrEqual(row!.livenessThreshold!);
    expect(row!.antispoofScore).toBeGreaterThanOrEqual(row!.antispoofThreshold!);
    expect(row!.similarity).toBeGreaterThanOrEqual(row!.similarityThreshold!);
    expect(await faceStepDone(user)).toBe(true);

    // An ended attempt is not run again: a new photo is needed.
    expect(await detection(key, user)).toEqual(refusal(FACE_RETAKE_REQUIRED));
  });

  it('answers each detection failure with its own message and stores the measures', async () => {
    const user = await userWithIdCard(1);
    const cases = [
      [await photos.noFace(), FACE_NO_FACE, 'no_face'],
      [await photos.twoFaces(), FACE_SEVERAL_FACES, 'several_faces'],
      [await photos.tinyFace(1), FACE_TOO_SMALL, 'too_small'],
      [await photos.darkSelfie(1), FACE_TOO_DARK, 'too_dark'],
    ] as const;
    for (const [bytes, message, reason] of cases) {
      const key = await upload(user, bytes);
      expect(await detection(key, user)).toEqual(refusal(message));
      expect(await attemptOf(user, key)).toMatchObject({ detectionPassed: false, detectionReason: reason, outcome: 'retake' });
    }
    // Detection failures ask for a new photo; they do not count towards manual review.
    expect(await faceStepDone(user)).toBe(false);
  });

  it("checks only the caller's own photos", async () => {
    const owner = await userWithIdCard(1);
    const other = await userWithIdCard(2);
    const key = await upload(owner, await photos.selfie(1));
    expect(await detection(key, other)).toEqual(refusal(FACE_IMAGE_NOT_FOUND));
    expect(await detection('not-a-key', other)).toEqual(refusal(FACE_IMAGE_NOT_FOUND));
    expect(await attemptOf(other, key)).toBeUndefined();
  });

  it('refuses a photo of a photo on liveness, a different person on comparison, and hands the third failure to manual review', async () => {
    const user = await userWithIdCard(0);

    const recaptured = await upload(user, await photos.recapturedSelfie(2));
    expect(await detection(recaptured, user)).toEqual(passed);
    expect(await silence(recaptured, user)).toEqual(refusal(FACE_LIVENESS_FAILED));
    expect(await attemptOf(user, recaptured)).toMatchObject({ livenessPassed: false, outcome: 'failed' });

    const stranger = await upload(user, await photos.selfie(3));
    expect(await detection(stranger, user)).toEqual(passed);
    expect(await silence(stranger, user)).toEqual(passed);
    expect(await compare(stranger, user)).toEqual(refusal(FACE_MISMATCH));
    const row = await attemptOf(user, stranger);
    expect(row).toMatchObject({ comparePassed: false, outcome: 'failed' });
    expect(row!.similarity).toBeLessThan(row!.similarityThreshold!);
    expect(await faceStepDone(user)).toBe(false);

    const another = await upload(user, await photos.selfie(4));
    expect(await detection(another, user)).toEqual(passed);
    expect(await silence(another, user)).toEqual(passed);
    expect(await compare(another, user)).toEqual(refusal(FACE_MANUAL_REVIEW));
    expect(await attemptOf(user, another)).toMatchObject({ outcome: 'manual_review' });
    // Not blocked forever: step 5 is done (staff decide), the user goes on.
    expect(await faceStepDone(user)).toBe(true);
  });

  it('asks for a new ID card photo when its front shows no face (not counted as a failure)', async () => {
    const user = await loggedInUser(server);
    const frontKey = await upload(user, await photos.noFace());
    await confirmIdCardFront(server, user, frontKey);
    bodyOf((await server.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey: frontKey }, user.headers)).envelope);
    const key = await upload(user, await photos.selfie(1));
    expect(await detection(key, user)).toEqual(passed);
    expect(await silence(key, user)).toEqual(passed);
    expect(await compare(key, user)).toEqual(refusal(FACE_ID_CARD_NO_FACE));
    expect(await attemptOf(user, key)).toMatchObject({ outcome: 'pending', comparePassed: null });
  });

  it('limits the model runs a user may ask for in an hour', async () => {
    const limited = await startAccountsServer(database.handle, { env: { FACE_CHECKS_PER_HOUR: '2' } });
    try {
      const user = await userWithIdCard(1, limited);
      const key = await upload(user, await photos.noFace(), limited);
      expect(await detection(key, user, limited)).toEqual(refusal(FACE_NO_FACE));
      expect(await detection(key, user, limited)).toEqual(refusal(FACE_NO_FACE));
      expect(await detection(key, user, limited)).toEqual(refusal(FACE_CHECK_LIMIT));
      limited.clock.advance(HOUR);
      expect(await detection(key, user, limited)).toEqual(refusal(FACE_NO_FACE));
    } finally {
      await limited.close();
    }
  });

  it('fails closed when the models cannot be loaded: no verdict, nothing stored, step 5 stays undone', async () => {
    const broken = await startAccountsServer(database.handle, { env: { FACE_MODEL_DIR: '/nonexistent/face-models' } });
    try {
      const user = await userWithIdCard(1, broken);
      const key = await upload(user, await photos.selfie(1), broken);
      expect(await detection(key, user, broken)).toEqual(refusal(FACE_UNAVAILABLE));
      expect(await attemptOf(user, key)).toBeUndefined();
      expect(await faceStepDone(user, broken)).toBe(false);
    } finally {
      await broken.close();
    }
  });
});
