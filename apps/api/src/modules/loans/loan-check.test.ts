import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TLoanCheckResponse } from '@app/contract/schemas/loan-home.ts';
import { accountsServerPerFile, bodyOf, loggedInUser, type LoggedIn } from '../../test/accounts-test-kit.ts';
import { bindBankCard, saveEmergencyContacts, saveIdCardPhotos, savePersonalDetails } from '../../test/lending-test-kit.ts';

const { server } = accountsServerPerFile();

const nextFor = async (user?: LoggedIn) =>
  bodyOf<TLoanCheckResponse>((await server.client.call(ENDPOINTS.loanCheck, {}, user?.headers ?? {})).envelope).next;

describe('loan/check: where 立即申請 goes', () => {
  it('login → personal → contacts → idCard → bankCard → face as the steps are saved', async () => {
    expect(await nextFor()).toBe('login');
    expect(await nextFor({ token: 'not-a-session', headers: { token: 'not-a-session' } } as LoggedIn)).toBe('login');

    const user = await loggedInUser(server);
    expect(await nextFor(user)).toBe('personal');

    const { name } = await savePersonalDetails(server, user);
    expect(await nextFor(user)).toBe('contacts');

    await saveEmergencyContacts(server, user);
    expect(await nextFor(user)).toBe('idCard');

    await saveIdCardPhotos(server, user);
    expect(await nextFor(user)).toBe('bankCard');

    await bindBankCard(server, user, name);
    expect(await nextFor(user)).toBe('face');
  });

  it('goes back to an earlier step left undone, whatever was done after it', async () => {
    const user = await loggedInUser(server);
    await saveIdCardPhotos(server, user);
    expect(await nextFor(user)).toBe('personal');
  });
});
