import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import {
  accountsServerPerFile,
  bodyOf,
  latestCode,
  loginWithCode,
  pngBytes,
  randomMobile,
  uploadFile,
  type AccountsServer,
} from '../../test/accounts-test-kit.ts';

const lines: string[] = [];

const { server } = accountsServerPerFile({
  env: { LOG_LEVEL: 'trace' },
  logStream: { write: (line) => void lines.push(line) },
});

describe('account logs', () => {
  it('never carry a phone number, password or token; codes only in the console SMS line', async () => {
    const mobile = randomMobile();
    const user = await loginWithCode(server, mobile);
    const code = await latestCode(server, mobile);
    const call = (
      endpoint: Parameters<AccountsServer['client']['call']>[0],
      payload: unknown,
      headers: Record<string, string> = user.headers,
    ) => server.client.call(endpoint, payload, headers);
    await call(ENDPOINTS.login, { mobile, code: '000000' }, {});
    await call(ENDPOINTS.login, { mobile, password: 'wrongpass1' }, {});
    await call(ENDPOINTS.initPassword, { password: 'secret123' });
    await call(ENDPOINTS.login, { mobile, password: 'secret123' }, {});
    await call(ENDPOINTS.contactsList, { contacts: [{ name: '林小姐', mobile: '0911222333', relationship: '家人' }], consent: true });
    bodyOf((await uploadFile(server, pngBytes(), user.headers)).envelope);
    await call(ENDPOINTS.destroy, { code: '123456' });

    const all = lines.join('\n');
    expect(all).toContain('sms (console provider)');
    expect(all).not.toContain(mobile);
    expect(all).not.toContain('0911222333');
    expect(all).not.toContain('secret123');
    expect(all).not.toContain('wrongpass1');
    expect(lines.filter((l) => l.includes(user.token)).map((l) => l.slice(0, 600))).toEqual([]);
    const withCode = lines.filter((line) => line.includes(code));
    expect(withCode.length).toBeGreaterThan(0);
    expect(withCode.every((line) => line.includes('sms (console provider)'))).toBe(true);
  });
});
