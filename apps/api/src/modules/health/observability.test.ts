import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { metricsPlugin } from '../../plugins/metrics.ts';
import { accountsServerPerFile, ManualClock } from '../../test/accounts-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';
import { collect, openRepayingOrder, paidNotification, postNotification } from '../../test/repayments-test-kit.ts';

/**
 * What a team watches in production: /metrics (Prometheus, behind its token) with the
 * requests by route and the business figures read from the database, /readyz apart from
 * /healthz, and one request id per request in its log lines and its answer.
 */

const TOKEN = 'metrics-token-for-tests-0123456789';
const logLines: string[] = [];
const { database, server } = accountsServerPerFile({
  clock: new ManualClock(Date.parse('2030-03-01T02:00:00Z')),
  env: { METRICS_TOKEN: TOKEN, SESSION_IDLE_DAYS: '3650', LOG_LEVEL: 'info' },
  logStream: { write: (line) => void logLines.push(line) },
});

const scrape = (authorization?: string) => fetch(`${server.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });

/** The value of one series of the exposition text, or undefined when absent. */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((row) => row.startsWith(`${name}{`) && wanted.every((label) => row.includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  it('answers only with its token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('is not served at all without a token configured', async () => {
    const bare = Fastify();
    await bare.register(metricsPlugin, { token: undefined });
    expect((await bare.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await bare.close();
  });

  it('counts requests by route pattern and status, and reads payments, orders and jobs from the database', async () => {
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const credited = series(before, 'collection_notifications', { gateway: 'sandbox', outcome: 'credited' }) ?? 0;
    const { payment } = await collect(server, user, orderId, 'payoff', 'atm');
    expect((await postNotification(server, paidNotification(server, payment!.id, payment!.amount))).text).toBe('1|OK');
    expect((await postNotification(server, paidNotification(server, payment!.id, payment!.amount + 1))).text).toBe('1|OK');

    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(series(text, 'collection_notifications', { gateway: 'sandbox', outcome: 'credited' })).toBe(credited + 1);
    expect(series(text, 'collection_notifications_amount_ntd', { gateway: 'sandbox', outcome: 'credited' })).toBeGreaterThanOrEqual(
      payment!.amount,
    );
    expect(series(text, 'collection_notifications', { gateway: 'sandbox', outcome: 'held' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'loan_orders', { state: '已結清' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('job_queue_jobs');
    expect(text).toContain('# TYPE payouts gauge');
    // The route's pattern, never the URL with its encrypted query.
    expect(
      series(text, 'http_requests_total', { route: ENDPOINTS.repayCollect.path, method: ENDPOINTS.repayCollect.method, status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      new RegExp(`http_request_duration_seconds_bucket\\{[^}]*route="${ENDPOINTS.repayCollect.path.replaceAll('.', '\\.')}"`),
    );
    expect(text).not.toContain('HCDCYL');
  });
});

describe('health and readiness', () => {
  it('/healthz says alive, /readyz names each part it needs', async () => {
    expect(await (await fetch(`${server.baseUrl}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, database: true, limits: true, jobs: true });
  });
});

describe('request ids', () => {
  it('answers each request with its id, keeps a sane one the caller sent, and puts it in the log lines', async () => {
    const own = await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-request-id': 'lb-4f2a9c01' } });
    expect(own.headers.get('x-request-id')).toBe('lb-4f2a9c01');
    const odd = await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A refused readiness part or an error is logged with the request's id: provoke a logged warning.
    const id = 'trace-0123456789';
    await fetch(`${server.baseUrl}/repayments/notify/sandbox`, {
      method: 'POST',
      headers: { 'x-request-id': id, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(logLines.filter((line) => line.includes('notification')).join('\n')).toContain(`"reqId":"${id}"`);
  });
});
