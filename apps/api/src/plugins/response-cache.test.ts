import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STATUS_ERROR, STATUS_OK } from '@app/contract/envelope.ts';
import { NOT_FOUND_CONFIG } from '@app/contract/messages/request-errors.ts';
import { AppError } from '../errors/app-error.ts';
import { testServerPerFile } from '../test/test-server.ts';
import { ResponseCache } from './response-cache.ts';

const CACHED = { method: 'GET', path: '/api/v3/test/cached', auth: false } as const;
const PRIVATE = { method: 'POST', path: '/api/v3/test/private', auth: true } as const;
const request = z.object({ key: z.string() });

let handlerRuns = 0;
let registrationError: unknown;

const { server } = testServerPerFile({
  register(app) {
    app.endpoint(
      { ...CACHED, request, response: z.object({ key: z.string(), run: z.number() }) },
      async ({ key }) => {
        handlerRuns += 1;
        if (key === 'missing') throw new AppError('NOT_FOUND', { userMessage: NOT_FOUND_CONFIG });
        return { key, run: handlerRuns };
      },
      { cacheMs: 60_000 },
    );
    try {
      app.endpoint({ ...PRIVATE, request, response: z.null() }, async () => null, { cacheMs: 1_000 });
    } catch (error) {
      registrationError = error;
    }
  },
});

describe('response cache of public endpoints', () => {
  it('answers the same payload again with the same cipher text, without running the handler', async () => {
    const first = await server.client.call(CACHED, { key: 'line' });
    const runsAfterFirst = handlerRuns;
    const second = await server.client.call(CACHED, { key: 'line' });
    expect(first.envelope).toEqual({ status: STATUS_OK, message: '', body: { key: 'line', run: runsAfterFirst } });
    expect(second.text).toBe(first.text);
    expect(handlerRuns).toBe(runsAfterFirst);
  });

  it('keeps payloads apart', async () => {
    const a = await server.client.call(CACHED, { key: 'a' });
    const b = await server.client.call(CACHED, { key: 'b' });
    expect(a.envelope?.body).toMatchObject({ key: 'a' });
    expect(b.envelope?.body).toMatchObject({ key: 'b' });
  });

  it('never caches an error', async () => {
    const before = handlerRuns;
    const first = await server.client.call(CACHED, { key: 'missing' });
    const second = await server.client.call(CACHED, { key: 'missing' });
    expect(first.envelope).toEqual({ status: STATUS_ERROR, message: NOT_FOUND_CONFIG, body: null });
    expect(second.envelope).toEqual(first.envelope);
    expect(handlerRuns).toBe(before + 2);
    expect(second.text).not.toBe(first.text);
  });

  it('is refused on an endpoint that needs a session (answers depend on who asks)', () => {
    expect(registrationError).toBeInstanceOf(Error);
  });
});

describe('ResponseCache', () => {
  it('expires entries after the ttl and stays bounded', () => {
    const cache = new ResponseCache(1_000);
    cache.set('k', 'c1', 0);
    expect(cache.get('k', 999)).toBe('c1');
    expect(cache.get('k', 1_000)).toBeUndefined();
    for (let i = 0; i < 300; i += 1) cache.set(`k${i}`, 'x', 0);
    expect(cache.get('k0', 1)).toBeUndefined();
    expect(cache.get('k299', 1)).toBe('x');
  });
});
