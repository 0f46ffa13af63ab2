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
  it('queryCashUser: one query for who is asking (session and user), then one for what it needs itself', async () => {
    const alice = await loggedInUser(server);
    const ran = await queriesOf(async () =>
      bodyOf((await server.client.call(ENDPOINTS.queryCashUser, {}, alice.headers)).envelope),
    );
    const caller = ran.filter((q) => q.includes('"sessions"'));
    expect(caller).toHaveLength(1);
    expect(caller[0]).toContain('join "users"');
    // Nothing reads the user again: the caller came with the session.
    expect(ran.filter((q) => q.includes('from "users"'))).toEqual([]);
    // The endpoint's own: the password flag and the open-order flag, in one round trip.
    const own = ran.filter((q) => !q.includes('"sessions"'));
    expect(own).toHaveLength(1);
    expect(own[0]).toContain('"user_credentials"');
    expect(own[0]).toContain('"loan_orders"');
  });

  it('a logged-out read of public config runs no session query', async () => {
    const ran = await queriesOf(() => server.client.call(ENDPOINTS.commonConfigOne, { configKey: 'service_hours' }));
    expect(ran.filter((q) => q.includes('"sessions"'))).toEqual([]);
  });
});
