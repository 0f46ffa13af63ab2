import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import {
  FACE_CAPTURE_FRAMES,
  FACE_CAPTURE_NOT_DONE,
  FACE_CAPTURE_REPLAYED,
  FACE_CHALLENGE_EXPIRED,
  FACE_IMAGE_NOT_FOUND,
  FACE_LIVENESS_FAILED,
  faceRefusalWithTriesLeft,
  FACE_LIVENESS_REQUIRED,
  FACE_NO_FACE,
  FACE_SEVERAL_FACES,
  FACE_TOO_DARK,
  FACE_TOO_SMALL,
  FACE_UNAVAILABLE,
  FACE_CHECK_LIMIT,
} from '@app/contract/messages/face-check.ts';
import type { TQueryCashUserResponse } from '@app/contract/schemas/user.ts';
import { type TFaceChallenge, type TFaceDetectionResponse, type TFaceSilenceRequest } from '@app/contract/schemas/face-check.ts';
import { faceCheckAttempts, faceCheckFrames } from '../../db/schema/face-check.ts';
import {
  facematchCell,
  facematchTurnSequence,
  idCardOfCell,
  stillSequence,
  turnedPhotoSequence,
  TURN_LEFT_CELLS,
  TURN_RIGHT_CELLS,
} from './liveness-test-frames.ts';
import {
  accountsServerPerFile,
  bodyOf,
  HOUR,
  latestCode,
  loggedInUser,
  loginWithCode,
  MINUTE,
  randomMobile,
  refusal,
  startAccountsServer,
  uploadedImage,
  type LoggedIn,
} from '../../test/accounts-test-kit.ts';
import { getFaceCheckState } from './index.ts';
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

type Envelope = Awaited<ReturnType<typeof server.client.call>>['envelope'];
const detection = async (imageKey: string, user: LoggedIn, target = server) =>
  (await target.client.call(ENDPOINTS.userAuthDetection, { imageKey }, user.headers)).envelope;
const compare = async (imageKey: string, user: LoggedIn) =>
  (await server.client.call(ENDPOINTS.userAuthFaceCompare, { imageKey }, user.headers)).envelope;
const silence = async (user: LoggedIn, request: TFaceSilenceRequest): Promise<Envelope> =>
  (await server.client.call(ENDPOINTS.userAuthSilence, request, user.headers)).envelope;
const detected = {
  status: 200,
  message: expect.any(String),
  body: { passed: true, challenge: expect.any(String), nonce: expect.any(String), expiresInSeconds: 90 },
};
const ok = (body: unknown) => ({ status: 200, message: expect.any(String), body });

/** Uploads a still, runs detection and answers the challenge given. */
async function begin(user: LoggedIn, still: Buffer): Promise<{ key: string; challenge: TFaceChallenge; nonce: string }> {
  const key = await upload(user, still);
  const envelope = await detection(key, user);
  expect(envelope).toEqual(detected);
  const answer = bodyOf<TFaceDetectionResponse>(envelope);
  return { key, challenge: answer.challenge, nonce: answer.nonce };
}

/** Uploads the frames of a capture (400 ms apart) and sends them with the nonce. */
async function sendCapture(
  user: LoggedIn,
  key: string,
  nonce: string,
  frames: Buffer[],
): Promise<{ envelope: Envelope; request: TFaceSilenceRequest }> {
  const keys: string[] = [];
  for (const frame of frames) keys.push(await upload(user, frame));
  const request = { imageKey: key, nonce, frames: keys.map((k, i) => ({ key: k, t: i * 400 })) };
  return { envelope: await silence(user, request), request };
}

/** The man of the facematch row doing `challenge` (turns only: the configured set). */
function genuineCells(challenge: TFaceChallenge): readonly number[] {
  return challenge === 'turn_left' ? TURN_LEFT_CELLS : [...TURN_RIGHT_CELLS, ...TURN_RIGHT_CELLS.slice(-2)];
}

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

async function framesOf(attemptId: number) {
  return database.handle.db.select().from(faceCheckFrames).where(eq(faceCheckFrames.attemptId, attemptId));
}

/**
 * A user whose ID card shows the facematch row's man: his cell-1 photo (the still's) as
 * the card's portrait, re-compressed. (Matching his other photos against a card is what
 * `npm run bench:face` measures — decision 0155; here the comparison's path is tested.)
 */
async function manWithIdCard(): Promise<LoggedIn> {
  const user = await loggedInUser(server);
  const frontKey = await upload(user, await idCardOfCell(1));
  const backKey = await upload(user, await photos.noFace());
  await confirmIdCardFront(server, user, frontKey);
  bodyOf((await server.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey }, user.headers)).envelope);
  return user;
}

describe('face check (step 5) through HTTP, with the real models', () => {
  it('passes the person turning the head as asked: a challenge and nonce at detection, the frames judged and kept, the card compared; the same request or the same frames again are refused', async () => {
    const user = await manWithIdCard();
    expect(await faceStepDone(user)).toBe(false);
    const still = await facematchCell(1);
    const { key, challenge, nonce } = await begin(user, still);
    expect(['turn_left', 'turn_right']).toContain(challenge);
    expect(await compare(key, user)).toEqual(refusal(FACE_LIVENESS_REQUIRED));

    const frames = await facematchTurnSequence(genuineCells(challenge), 1);
    const { envelope, request } = await sendCapture(user, key, nonce, frames);
    expect(envelope).toEqual(ok({ passed: true, review: false }));
    const row = await attemptOf(user, key);
    expect(row).toMatchObject({ challenge, captureMode: 'camera', livenessPassed: true, livenessReason: null, outcome: 'pending' });
    expect(row!.turnDegrees).toBeGreaterThanOrEqual(10);
    expect(row!.planarResidual).toBeGreaterThanOrEqual(0.03);
    const kept = await framesOf(row!.id);
    expect(kept).toHaveLength(frames.length);
    expect(kept.every((frame) => frame.faceCount === 1 && frame.sha256.length === 64)).toBe(true);

    // The same request again (same nonce, same frames): refused by the used nonce, nothing changes.
    expect(await silence(user, request)).toEqual(refusal(FACE_CAPTURE_REPLAYED));
    expect(await compare(key, user)).toEqual(ok({ passed: true, review: false }));
    const done = await attemptOf(user, key);
    expect(done).toMatchObject({ outcome: 'passed', comparePassed: true });
    expect(done!.similarity).toBeGreaterThanOrEqual(done!.similarityThreshold!);
    expect(await faceStepDone(user)).toBe(true);

    // The same frames uploaded again under a fresh challenge: refused by their content.
    const again = await begin(user, await photos.transformedSelfie(1));
    const replay = await sendCapture(user, again.key, again.nonce, frames);
    expect(replay.envelope).toEqual(refusal(FACE_CAPTURE_REPLAYED));
    expect(await framesOf((await attemptOf(user, again.key))!.id)).toHaveLength(0);
  });

  it("passes the person's turn through the small changes of light between one camera and another, and refuses a capture another face takes over", async () => {
    // Turned left 23°, the man's frames score 0.47-0.50 against his first one with the
    // descriptor in use: a threshold of 0.5 refused a third of these captures (bench:kyc,
    // 2026-11-28). The challenge is the server's random pick: asked until it is the left turn.
    const turnLeftAttempt = async () => {
      for (let tries = 0; tries < 16; tries++) {
        const user = await manWithIdCard();
        const attempt = await begin(user, await facematchCell(1));
        if (attempt.challenge === 'turn_left') return { user, ...attempt };
      }
      throw new Error('no turn_left challenge in 16 detections');
    };
    for (const brightness of [0.96, 1.04]) {
      const { user, key, challenge, nonce } = await turnLeftAttempt();
      const frames = await Promise.all(
        (await facematchTurnSequence(genuineCells(challenge), 1)).map((frame) =>
          sharp(frame).linear(brightness, 0).jpeg({ quality: 90 }).toBuffer(),
        ),
      );
      expect((await sendCapture(user, key, nonce, frames)).envelope).toEqual(ok({ passed: true, review: false }));
    }
    // The same turn whose last two frames are another person's face.
    const user = await manWithIdCard();
    const { key, challenge, nonce } = await begin(user, await facematchCell(1));
    const frames = await facematchTurnSequence(genuineCells(challenge), 1);
    const other = await photos.selfie(2);
    const { envelope } = await sendCapture(user, key, nonce, [...frames.slice(0, -2), other, await photos.transformedSelfie(2)]);
    // The user's first refusal: two tries are left before staff review (FACE_MAX_FAILURES 3).
    expect(envelope).toEqual(refusal(faceRefusalWithTriesLeft(FACE_LIVENESS_FAILED, 2)));
    expect(await attemptOf(user, key)).toMatchObject({ livenessPassed: false, livenessReason: 'different_faces' });
  });

  it('refuses a still photo sent as every frame (no motion) and one photo turned as a plane (flat), and counts both', async () => {
    const user = await manWithIdCard();
    const still = await begin(user, await photos.selfie(1));
    expect((await sendCapture(user, still.key, still.nonce, await stillSequence(1))).envelope).toEqual(
      refusal(faceRefusalWithTriesLeft(FACE_CAPTURE_NOT_DONE, 2)),
    );
    expect(await attemptOf(user, still.key)).toMatchObject({ livenessPassed: false, livenessReason: 'no_motion', outcome: 'failed' });

    const photo = await facematchCell(1);
    const printed = await begin(user, photo);
    const degrees = printed.challenge === 'turn_left' ? 40 : -40;
    const warped = await sendCapture(user, printed.key, printed.nonce, await turnedPhotoSequence(photo, degrees));
    expect(warped.envelope?.status).not.toBe(200);
    // The second refusal: one try left.
    expect([FACE_CAPTURE_NOT_DONE, FACE_LIVENESS_FAILED].map((message) => faceRefusalWithTriesLeft(message, 1))).toContain(
      warped.envelope?.message,
    );
    const row = await attemptOf(user, printed.key);
    expect(row).toMatchObject({ livenessPassed: false, outcome: 'failed' });
    expect(['flat', 'challenge_not_done']).toContain(row!.livenessReason);
    // Measured flat either way: the landmarks of a turned photo fit one homography.
    expect(row!.planarResidual).toBeLessThan(0.03);
    expect(await faceStepDone(user)).toBe(false);
  });

  it('refuses the movement in the wrong order (turned first, facing the camera last)', async () => {
    const user = await manWithIdCard();
    const { key, challenge, nonce } = await begin(user, await facematchCell(1));
    const frames = (await facematchTurnSequence(genuineCells(challenge), 1)).reverse();
    expect((await sendCapture(user, key, nonce, frames)).envelope).toEqual(refusal(faceRefusalWithTriesLeft(FACE_CAPTURE_NOT_DONE, 2)));
    expect(await attemptOf(user, key)).toMatchObject({ livenessPassed: false, livenessReason: 'challenge_not_done' });
  });

  it('refuses a capture after the challenge expired, with a wrong nonce, with too few frames, or with frames of another user — none analysed', async () => {
    const user = await manWithIdCard();
    const other = await loggedInUser(server);
    const frame = await photos.selfie(1);
    const { key, nonce } = await begin(user, frame);
    const othersKeys: string[] = [];
    for (let i = 0; i < 6; i++) othersKeys.push(await upload(other, frame));
    expect(await silence(user, { imageKey: key, nonce, frames: othersKeys.map((k, t) => ({ key: k, t: t * 400 })) })).toEqual(
      refusal(FACE_IMAGE_NOT_FOUND),
    );
    // That request used the nonce up.
    expect(await silence(user, { imageKey: key, nonce, noCamera: true })).toEqual(refusal(FACE_CAPTURE_REPLAYED));

    const fresh = await begin(user, frame);
    expect(await silence(user, { imageKey: fresh.key, nonce: 'not-the-nonce', noCamera: true })).toEqual(refusal(FACE_CAPTURE_REPLAYED));
    expect(await silence(user, { imageKey: fresh.key, nonce: fresh.nonce, frames: [{ key: othersKeys[0]!, t: 0 }] })).toEqual(
      refusal(FACE_CAPTURE_FRAMES),
    );
    server.clock.advance(91 * 1000);
    expect(await silence(user, { imageKey: fresh.key, nonce: fresh.nonce, noCamera: true })).toEqual(refusal(FACE_CHALLENGE_EXPIRED));
    expect(await attemptOf(user, fresh.key)).toMatchObject({ nonceUsedAt: null, outcome: 'pending', livenessPassed: null });
    expect(await faceStepDone(user)).toBe(false);
  });

  it('sends a device without a camera to staff review with the still photo: compared for staff, never passed', async () => {
    const user = await manWithIdCard();
    const { key, nonce } = await begin(user, await facematchCell(1));
    expect(await silence(user, { imageKey: key, nonce, noCamera: true })).toEqual(ok({ passed: false, review: true }));
    expect(await compare(key, user)).toEqual(ok({ passed: expect.any(Boolean), review: true }));
    const row = await attemptOf(user, key);
    expect(row).toMatchObject({ captureMode: 'no_camera', livenessReason: 'no_camera', livenessPassed: false, outcome: 'manual_review' });
    expect(row!.similarity).not.toBeNull();
    expect(await faceStepDone(user)).toBe(true);
    expect((await getFaceCheckState({ db: database.handle.db, userId: Number(user.userId) })).passed).toBe(false);
    // Compared once: asking again does not run it again.
    expect(await compare(key, user)).toEqual(refusal(FACE_LIVENESS_REQUIRED));
  });

  it("deletes the attempts, the frames' rows and their files with the account", async () => {
    const mobile = randomMobile();
    const user = await loginWithCode(server, mobile);
    const still = await upload(user, await photos.selfie(1));
    const frame = await upload(user, await photos.selfie(2));
    const [attempt] = await database.handle.db
      .insert(faceCheckAttempts)
      .values({ userId: Number(user.userId), imageKey: still, outcome: 'failed', challenge: 'turn_left', captureMode: 'camera' })
      .returning();
    await database.handle.db
      .insert(faceCheckFrames)
      .values({ attemptId: attempt!.id, userId: Number(user.userId), fileKey: frame, takenAtMs: 0, sha256: 'a'.repeat(64), faceCount: 1 });
    server.clock.advance(4 * MINUTE); // past the login code's resend wait
    bodyOf((await server.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'destroy' }, user.headers)).envelope);
    bodyOf((await server.client.call(ENDPOINTS.destroy, { code: await latestCode(server, mobile) }, user.headers)).envelope);
    expect(
      await database.handle.db
        .select()
        .from(faceCheckFrames)
        .where(eq(faceCheckFrames.userId, Number(user.userId))),
    ).toEqual([]);
    expect(
      await database.handle.db
        .select()
        .from(faceCheckAttempts)
        .where(eq(faceCheckAttempts.userId, Number(user.userId))),
    ).toEqual([]);
    expect(await server.app.fileStorage.read(Number(user.userId), frame)).toBeNull();
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
