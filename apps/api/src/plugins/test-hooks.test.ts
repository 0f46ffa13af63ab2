import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_OK } from '@app/contract/envelope.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { AdminClient } from '../test/admin-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let database: TestDatabase;
let withHooks: TestServer;
let withoutHooks: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  withHooks = await startTestServer(database.handle, { env: { TEST_HOOKS: 'true' } });
  withoutHooks = await startTestServer(database.handle);
});

afterAll(async () => {
  await withHooks?.close();
  await withoutHooks?.close();
  await database?.dispose();
});

async function setFault(body: unknown): Promise<Response> {
  return fetch(`${withHooks.baseUrl}/__test__/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const line = { configKey: 'line' };
const configOne = ENDPOINTS.commonConfigOne;

describe('test hooks disabled', () => {
  it('are absent: 404', async () => {
    expect((await fetch(`${withoutHooks.baseUrl}/__test__/faults`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${withoutHooks.baseUrl}/__test__/faults`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${withoutHooks.baseUrl}/__test__/events`)).status).toBe(404);
  });
});

describe('faults', () => {
  it('undecodable: HTTP 200 text that is not cipher text, then normal again', async () => {
    expect((await setFault({ path: configOne.path, fault: { kind: 'undecodable' } })).status).toBe(200);
    const faulty = await withHooks.client.call(configOne, line);
    expect(faulty.httpStatus).toBe(200);
    expect(faulty.envelope).toBeNull();
    expect((await withHooks.client.call(configOne, line)).envelope?.status).toBe(STATUS_OK);
  });

  it('http: that status, for `times` requests', async () => {
    await setFault({ path: configOne.path, fault: { kind: 'http', code: 502 }, times: 2 });
    expect((await withHooks.client.call(configOne, line)).httpStatus).toBe(502);
    expect((await withHooks.client.call(configOne, line)).httpStatus).toBe(502);
    expect((await withHooks.client.call(configOne, line)).httpStatus).toBe(200);
  });

  it('envelope: an encrypted envelope with that status and message', async () => {
    await setFault({ path: configOne.path, fault: { kind: 'envelope', status: 301, message: '請重新登入' } });
    expect((await withHooks.client.call(configOne, line)).envelope).toEqual({ status: 301, message: '請重新登入', body: null });
  });

  it('envelope: carries a given body', async () => {
    const body = { configKey: 'line', configValue: '@op', extInfoJSON: { line_img: 'data:,x', line: '@op', line_url: '' } };
    await setFault({ path: configOne.path, fault: { kind: 'envelope', status: 200, message: '', body } });
    expect((await withHooks.client.call(configOne, line)).envelope).toEqual({ status: 200, message: '', body });
  });

  it('delay: answers normally after the delay', async () => {
    await setFault({ path: configOne.path, fault: { kind: 'delay', ms: 50 } });
    expect((await withHooks.client.call(configOne, line)).envelope?.status).toBe(STATUS_OK);
  });

  it('hang: never answers until the client gives up', async () => {
    await setFault({ path: configOne.path, fault: { kind: 'hang' } });
    const controller = new AbortController();
    const pending = fetch(`${withHooks.baseUrl}${configOne.path}`, { signal: controller.signal });
    const settled = await Promise.race([
      pending.then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300)),
    ]);
    expect(settled).toBe('still waiting');
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect((await withHooks.client.call(configOne, line)).envelope?.status).toBe(STATUS_OK);
  });

  it('DELETE clears every fault', async () => {
    await setFault({ path: configOne.path, fault: { kind: 'http', code: 500 }, times: 5 });
    expect((await fetch(`${withHooks.baseUrl}/__test__/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await withHooks.client.call(configOne, line)).httpStatus).toBe(200);
  });

  it('refuses a malformed fault with 400', async () => {
    expect((await setFault({ path: 'no-slash', fault: { kind: 'hang' } })).status).toBe(400);
    expect((await setFault({ path: '/x', fault: { kind: 'explode' } })).status).toBe(400);
  });
});

describe('GET /__test__/events', () => {
  it('returns the latest tracking events, newest first, as plain JSON', async () => {
    await withHooks.client.call(ENDPOINTS.otherMark, { event: '-1', eventContent: '/pages/first' });
    await withHooks.client.call(ENDPOINTS.otherMark, { event: '-1', eventContent: '/pages/second' }, { sourceChannel: 'line' });
    const response = await fetch(`${withHooks.baseUrl}/__test__/events?limit=2`);
    const events = (await response.json()) as Array<Record<string, unknown>>;
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ event: '-1', eventContent: '/pages/second', channel: 'line', userId: null });
    expect(events[1]).toMatchObject({ eventContent: '/pages/first', channel: 'Organic' });
    expect(typeof events[0]?.createdAt).toBe('string');
  });
});

describe('POST /__test__/reset', () => {
  it('leaves the server as it started: no faults, no data of before, the seed in place', async () => {
    await withHooks.client.call(ENDPOINTS.otherMark, { event: '-1', eventContent: '/pages/before-reset' });
    await setFault({ path: configOne.path, fault: { kind: 'http', code: 503 }, times: 5 });
    const events = async () => (await (await fetch(`${withHooks.baseUrl}/__test__/events?limit=5`)).json()) as unknown[];
    expect(await events()).not.toHaveLength(0);

    const reset = await fetch(`${withHooks.baseUrl}/__test__/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);

    expect(await events()).toEqual([]);
    // The fault set for five more requests is gone, and the seeded LINE values answer.
    const answer = await withHooks.client.call(configOne, line);
    expect(answer.httpStatus).toBe(200);
    expect(answer.envelope?.status).toBe(STATUS_OK);
    expect(JSON.stringify(answer.envelope?.body)).toContain('@xiaoandai');
    // What a module seeds at start (the loan products) is there again too.
    const home = await withHooks.client.call(ENDPOINTS.loanCommonIndex, {});
    expect((home.envelope?.body as { products: unknown[] }).products.length).toBeGreaterThan(0);
  });

  it('is absent without the test hooks', async () => {
    expect((await fetch(`${withoutHooks.baseUrl}/__test__/reset`, { method: 'POST' })).status).toBe(404);
  });
});

describe('POST /__test__/operators', () => {
  const create = (server: TestServer, body: unknown) =>
    fetch(`${server.baseUrl}/__test__/operators`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('makes an operator as admin:create does: an enrolment link that shows the TOTP secret', async () => {
    const answer = await create(withHooks, { username: 'hook-finance', role: 'finance' });
    expect(answer.status).toBe(200);
    const { enrolmentPath } = (await answer.json()) as { enrolmentPath: string };
    expect(enrolmentPath).toMatch(/^\/admin\/#\/enrol\/[A-Za-z0-9_-]+$/);
    const client = await new AdminClient(withHooks.baseUrl).start();
    const shown = await client.call(ADMIN_ROUTES.enrolmentShow, { body: { token: enrolmentPath.split('/').at(-1) } });
    expect(shown.status).toBe(200);
    expect((shown.json as { username: string; role: string }).username).toBe('hook-finance');
    // The same name twice is refused, as the command refuses it.
    expect((await create(withHooks, { username: 'hook-finance', role: 'finance' })).status).toBe(409);
  });

  it('refuses a role that does not exist, and is absent without the test hooks', async () => {
    expect((await create(withHooks, { username: 'hook-boss', role: 'owner' })).status).toBe(400);
    expect((await create(withoutHooks, { username: 'hook-boss', role: 'administrator' })).status).toBe(404);
  });
});
