import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { accountsServerPerFile, bodyOf, loggedInUser } from '../../test/accounts-test-kit.ts';

const queries: string[] = [];

const { server } = accountsServerPerFile({ database: { onQuery: (sql) => queries.push(sql) } });

/** The queries one request runs. */
async function queriesOf(request: () => Promise<unknown>): Promise<string[]> {
  queries.length = 0;
  await request();
  return [...queries];
}

describe('what an authenticated read costs', () => {
  it('queryCashUser: one round trip, who is asking (session and user) with the flags it needs', async () => {
    const alice = await loggedInUser(server);
    const ran = await queriesOf(async () => bodyOf((await server.client.call(ENDPOINTS.queryCashUser, {}, alice.headers)).envelope));
    expect(ran).toHaveLength(1);
    const [only] = ran;
    expect(only).toContain('from "sessions"');
    expect(only).toContain('join "users"');
    // The owners' flags ride in the same statement: the password and the open order.
    expect(only).toContain('"user_credentials"');
    expect(only).toContain('"loan_orders"');
    // Nothing reads the user again: the caller came with the session.
    expect(ran.filter((q) => q.includes('from "users"'))).toEqual([]);
  });

  it("the flags read with the session are the caller's own, not another user's", async () => {
    const alice = await loggedInUser(server);
    const bob = await loggedInUser(server);
    expect(bodyOf((await server.client.call(ENDPOINTS.initPassword, { password: 'abc12345' }, bob.headers)).envelope)).toEqual({
      ok: true,
    });
    const who = async (headers: Record<string, string>) =>
      bodyOf<{ userId: string; hasPassword: boolean }>((await server.client.call(ENDPOINTS.queryCashUser, {}, headers)).envelope);
    expect(await who(bob.headers)).toMatchObject({ userId: bob.userId, hasPassword: true });
    expect(await who(alice.headers)).toMatchObject({ userId: alice.userId, hasPassword: false });
  });

  it('a logged-out read of public config runs no session query', async () => {
    const ran = await queriesOf(() => server.client.call(ENDPOINTS.commonConfigOne, { configKey: 'service_hours' }));
    expect(ran.filter((q) => q.includes('"sessions"'))).toEqual([]);
  });
});
