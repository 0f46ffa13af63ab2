import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { OCR_DIFFERENCES_NOT_ACCEPTED } from '@app/contract/messages/identity-document.ts';
import type { TOcrConfirmResponse } from '@app/contract/schemas/identity-document.ts';
import type { TQueryCashUserResponse } from '@app/contract/schemas/user.ts';
import { accountsServerPerFile, bodyOf, loggedInUser, uploadedImage, type LoggedIn } from '../../test/accounts-test-kit.ts';
import { bindBankCard, randomNationalId, saveEmergencyContacts, savePersonalDetails } from '../../test/lending-test-kit.ts';
import { startTestServer } from '../../test/test-server.ts';

/**
 * The browser tests' lending journeys record steps 3 and 5 through two test hooks instead of
 * running the card reader and the face models (decision 0198): the hooks exist only with
 * TEST_HOOKS, act for the `token` header's user on that user's own uploads, and leave the
 * steps as the real calls do (step 3 saveable, step 5 done, onboarding complete).
 */
const { database, server } = accountsServerPerFile({ env: { TEST_HOOKS: 'true' } });

async function hook(baseUrl: string, hookPath: string, body: unknown, user?: LoggedIn): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl}${hookPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(user?.headers ?? {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

const stepsOf = async (user: LoggedIn) =>
  bodyOf<TQueryCashUserResponse>((await server.client.call(ENDPOINTS.queryCashUser, {}, user.headers)).envelope).steps;

describe('the recorded identity steps of the browser tests', () => {
  it('record step 3 and step 5 for the caller: the card front saves and onboarding is complete', async () => {
    const user = await loggedInUser(server);
    const { name, idNumber } = await savePersonalDetails(server, user);
    await saveEmergencyContacts(server, user);
    const front = (await uploadedImage(server, user)).key;
    // Before the hook the front has no confirmed reading: step 3 refuses it.
    expect(
      (await server.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: front, backKey: front }, user.headers)).envelope?.status,
    ).not.toBe(200);
    const reading = await hook(
      server.baseUrl,
      '/__test__/id-card-readings',
      { frontKey: front, name, idNumber, birthDate: '1988-11-20', gender: 'male' },
      user,
    );
    expect(reading.status).toBe(200);
    expect((reading.json as { readingId: number }).readingId).toBeGreaterThan(0);
    expect(
      (await server.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: front, backKey: front }, user.headers)).envelope?.status,
    ).toBe(200);
    await bindBankCard(server, user, name);
    expect((await stepsOf(user)).find((step) => step.key === 'face')?.done).toBe(false);

    const selfie = (await uploadedImage(server, user)).key;
    expect((await hook(server.baseUrl, '/__test__/face-checks', { imageKey: selfie }, user)).status).toBe(200);
    expect((await stepsOf(user)).every((step) => step.done)).toBe(true);
  });

  it('record step 3 as a proposal only with confirm: false: ocrConfirm then confirms it, a difference from step 1 accepted or refused as for a read card', async () => {
    const user = await loggedInUser(server);
    const { name, idNumber } = await savePersonalDetails(server, user);
    const frontKey = (await uploadedImage(server, user)).key;
    const card = { frontKey, name, idNumber, birthDate: '1988-11-21', gender: 'male', confirm: false };
    const recorded = await hook(server.baseUrl, '/__test__/id-card-readings', card, user);
    expect(recorded.status).toBe(200);
    const { readingId } = recorded.json as { readingId: number };
    // Proposed, not confirmed: step 3 refuses the front until ocrConfirm.
    const savePhotos = async () =>
      (await server.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey: frontKey }, user.headers)).envelope?.status;
    expect(await savePhotos()).not.toBe(200);
    const confirmation = { readingId, name, idNumber, birthDate: card.birthDate, gender: 'male', issueDate: '2016-07-01' } as const;
    const refused = (await server.client.call(ENDPOINTS.userAuthOcrConfirm, confirmation, user.headers)).envelope;
    expect(refused?.message).toBe(OCR_DIFFERENCES_NOT_ACCEPTED);
    expect(await savePhotos()).not.toBe(200);
    const accepted = bodyOf<TOcrConfirmResponse>(
      (await server.client.call(ENDPOINTS.userAuthOcrConfirm, { ...confirmation, acceptDifferences: true }, user.headers)).envelope,
    );
    expect(accepted.acceptedDifferences).toEqual(['birthDate']);
    expect(await savePhotos()).toBe(200);
  });

  it("refuse a call without a session, another user's upload and a malformed body, recording nothing", async () => {
    const user = await loggedInUser(server);
    const other = await loggedInUser(server);
    const othersUpload = (await uploadedImage(server, other)).key;
    const card = { name: '陳志明', idNumber: randomNationalId('male'), birthDate: '1988-11-20', gender: 'male' };

    expect((await hook(server.baseUrl, '/__test__/id-card-readings', { frontKey: othersUpload, ...card })).status).toBe(401);
    expect((await hook(server.baseUrl, '/__test__/id-card-readings', { frontKey: othersUpload, ...card }, user)).status).toBe(404);
    expect(
      (await hook(server.baseUrl, '/__test__/id-card-readings', { frontKey: othersUpload, ...card, idNumber: 'X' }, user)).status,
    ).toBe(400);
    expect((await hook(server.baseUrl, '/__test__/face-checks', { imageKey: othersUpload })).status).toBe(401);
    expect((await hook(server.baseUrl, '/__test__/face-checks', { imageKey: othersUpload }, user)).status).toBe(404);
    expect((await hook(server.baseUrl, '/__test__/face-checks', { imageKey: othersUpload, outcome: 'failed' }, user)).status).toBe(400);

    // Neither user's face step was recorded by the refused calls.
    for (const who of [user, other]) expect((await stepsOf(who)).find((step) => step.key === 'face')?.done).toBe(false);
    // The other user cannot save the front under their own name either: no reading was recorded for it.
    expect(
      (await server.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: othersUpload, backKey: othersUpload }, other.headers)).envelope
        ?.status,
    ).not.toBe(200);
  });

  it('are absent without the test hooks: 404 where a server with them answers 401 to the same call', async () => {
    const withoutHooks = await startTestServer(database.handle);
    try {
      const card = { frontKey: 'k', name: '陳志明', idNumber: 'A123456789', birthDate: '1988-11-20', gender: 'male' };
      for (const [hookPath, body] of [
        ['/__test__/face-checks', { imageKey: 'k' }],
        ['/__test__/id-card-readings', card],
      ] as const) {
        expect((await hook(server.baseUrl, hookPath, body)).status).toBe(401);
        expect((await hook(withoutHooks.baseUrl, hookPath, body)).status).toBe(404);
      }
    } finally {
      await withoutHooks.close();
    }
  });
});
