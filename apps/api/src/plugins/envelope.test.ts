import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { z } from 'zod';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { GET_PAYLOAD_PARAM, STATUS_ERROR, STATUS_OK } from '@app/contract/envelope.ts';
import { DATA_INVALID, NOT_FOUND_CONFIG, SERVER_ERROR, fieldInvalid } from '@app/contract/messages/request-errors.ts';
import { trackingEvents } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { OTHER_KEY, TEST_KEY, testServerPerFile } from '../test/test-server.ts';

const FAILING = { method: 'POST', path: '/api/v3/test/failing', auth: false } as const;
const BUSINESS = { method: 'POST', path: '/api/v3/test/business', auth: false } as const;
const HTML = { method: 'GET', path: '/api/v3/test/html', auth: false } as const;
const PHONE = '0912345678';

const logLines: string[] = [];

const { database, server } = testServerPerFile({
  env: { LOG_LEVEL: 'info' },
  logStream: { write: (line) => void logLines.push(line) },
  register(app) {
    const empty = z.object({}).passthrough();
    app.endpoint({ ...FAILING, request: empty, response: z.null() }, async () => {
      // What a database error looks like: SQL and bound values in the message.
      throw new Error(`Failed query: select * from users where phone = $1\nparams: ${PHONE}`);
    });
    app.endpoint({ ...BUSINESS, request: empty, response: z.null() }, async () => {
      throw new AppError('NOT_FOUND', { userMessage: NOT_FOUND_CONFIG });
    });
    app.endpoint({ ...HTML, request: z.object({ name: z.string() }), response: z.string() }, async ({ name }) => `<h1>${name}</h1>`, {
      html: true,
    });
  },
});

async function trackingCount(): Promise<number> {
  const [row] = await database.handle.db.select({ n: count() }).from(trackingEvents);
  return row?.n ?? 0;
}

const mark = { event: '-1', eventContent: '/pages/me/index' };

describe('envelope round trips', () => {
  it('answers a POST with the encrypted envelope, text/plain, HTTP 200', async () => {
    const before = await trackingCount();
    const result = await server.client.call(ENDPOINTS.otherMark, mark);
    expect(result.httpStatus).toBe(200);
    expect(result.envelope).toEqual({ status: STATUS_OK, message: '', body: { recorded: true } });
    expect(await trackingCount()).toBe(before + 1);
  });

  it('answers a GET whose payload is in HCDCYL', async () => {
    const response = await fetch(
      `${server.baseUrl}${ENDPOINTS.commonConfigOne.path}?${GET_PAYLOAD_PARAM}=${encodeURIComponent(
        server.client.cipher.encrypt(JSON.stringify({ configKey: 'line' })),
      )}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const result = await server.client.call(ENDPOINTS.commonConfigOne, { configKey: 'line' });
    expect(result.envelope?.status).toBe(STATUS_OK);
    expect(result.envelope?.body).toMatchObject({ configKey: 'line' });
  });

  it('answers raw HTML on an html endpoint', async () => {
    const response = await fetch(
      `${server.baseUrl}${HTML.path}?${GET_PAYLOAD_PARAM}=${encodeURIComponent(
        server.client.cipher.encrypt(JSON.stringify({ name: '合約' })),
      )}`,
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe('<h1>合約</h1>');
  });
});

describe('bad cipher text never reaches a handler', () => {
  const valid = () => server.client.cipher.encrypt(JSON.stringify(mark));
  const tampered = () => {
    const text = valid();
    const at = 20;
    return text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
  };
  const cases: Array<[string, () => string]> = [
    ['not base64', () => '這不是 base64 !!'],
    ['tampered (one character changed)', tampered],
    ['wrong key', () => createBrowserCipher(OTHER_KEY).encrypt(JSON.stringify(mark))],
    ['truncated below iv and tag', () => valid().slice(0, 24)],
    ['truncated tag', () => valid().slice(0, -8)],
    ['empty body', () => ''],
    ['valid cipher text that is not JSON', () => server.client.cipher.encrypt('{"event": "-1",')],
  ];

  it.each(cases)('POST %s → envelope 500 數據驗證不通過, nothing stored', async (_name, body) => {
    const before = await trackingCount();
    const result = await server.client.raw('POST', ENDPOINTS.otherMark.path, body());
    expect(result.httpStatus).toBe(200);
    expect(result.envelope).toEqual({ status: STATUS_ERROR, message: DATA_INVALID, body: null });
    expect(await trackingCount()).toBe(before);
  });

  it.each(cases)('GET %s → envelope 500 數據驗證不通過', async (_name, payload) => {
    const query = `?${GET_PAYLOAD_PARAM}=${encodeURIComponent(payload())}`;
    const result = await server.client.raw('GET', `${ENDPOINTS.commonConfigOne.path}${query}`);
    expect(result.envelope).toEqual({ status: STATUS_ERROR, message: DATA_INVALID, body: null });
  });

  it('GET without HCDCYL → 數據驗證不通過', async () => {
    const result = await server.client.raw('GET', ENDPOINTS.commonConfigOne.path);
    expect(result.envelope?.message).toBe(DATA_INVALID);
  });

  it('a JSON body instead of cipher text → 數據驗證不通過', async () => {
    const before = await trackingCount();
    const result = await server.client.raw('POST', ENDPOINTS.otherMark.path, JSON.stringify(mark), {
      'content-type': 'application/json',
    });
    expect(result.envelope?.message).toBe(DATA_INVALID);
    expect(await trackingCount()).toBe(before);
  });

  it('answers with the server key only: a wrong-key client cannot read the answer', async () => {
    const result = await server.client.raw('POST', ENDPOINTS.otherMark.path, 'x');
    expect(() => createBrowserCipher(OTHER_KEY).decrypt(result.text)).toThrow();
    expect(createBrowserCipher(TEST_KEY).decrypt(result.text)).toContain(DATA_INVALID);
  });
});

describe('transport errors', () => {
  it('a body over BODY_LIMIT → HTTP 413', async () => {
    const result = await server.client.raw('POST', ENDPOINTS.otherMark.path, 'A'.repeat(1_048_577));
    expect(result.httpStatus).toBe(413);
  });

  it('an unknown path → HTTP 404', async () => {
    expect((await server.client.raw('POST', '/api/v3/no/such/path', 'x')).httpStatus).toBe(404);
    expect((await server.client.raw('GET', '/api/v3/common/config')).httpStatus).toBe(404);
  });
});

describe('schema violations name the field', () => {
  it('a wrong type', async () => {
    const before = await trackingCount();
    const result = await server.client.call(ENDPOINTS.otherMark, { event: 7, eventContent: '/x' });
    expect(result.envelope).toEqual({ status: STATUS_ERROR, message: fieldInvalid('event'), body: null });
    expect(result.envelope?.message).toBe('欄位「event」格式不正確');
    expect(await trackingCount()).toBe(before);
  });

  it('a missing field', async () => {
    const result = await server.client.call(ENDPOINTS.otherMark, { event: '-1' });
    expect(result.envelope?.message).toBe(fieldInvalid('eventContent'));
  });

  it('a nested field', async () => {
    const result = await server.client.call(ENDPOINTS.riskEvent, { eventType: 'face', detail: { tries: [1] } });
    expect(result.envelope?.message).toBe(fieldInvalid('detail.tries'));
  });

  it('a GET field', async () => {
    const result = await server.client.call(ENDPOINTS.commonConfigOne, { configKey: 'no spaces allowed' });
    expect(result.envelope?.message).toBe(fieldInvalid('configKey'));
  });

  it('JSON that is not an object', async () => {
    const result = await server.client.call(ENDPOINTS.otherMark, 42);
    expect(result.envelope?.status).toBe(STATUS_ERROR);
    expect(result.envelope?.message).toBe(fieldInvalid(''));
  });
});

describe('errors', () => {
  it('an AppError becomes envelope 500 with its user message', async () => {
    const result = await server.client.call(BUSINESS, {});
    expect(result.envelope).toEqual({ status: STATUS_ERROR, message: NOT_FOUND_CONFIG, body: null });
  });

  it('an unexpected error becomes the generic message; SQL and personal data stay out of answer and log', async () => {
    logLines.length = 0;
    const result = await server.client.call(FAILING, {});
    expect(result.envelope).toEqual({ status: STATUS_ERROR, message: SERVER_ERROR, body: null });
    expect(result.text).not.toMatch(/select|Error/);
    const log = logLines.join('');
    expect(log).toContain('endpoint failed');
    expect(log).toContain(FAILING.path);
    expect(log).not.toContain(PHONE);
  });

  it('never logs decrypted payloads', async () => {
    logLines.length = 0;
    await server.client.call(ENDPOINTS.otherMark, { event: '-1', eventContent: `/pages/x?phone=${PHONE}` });
    await server.client.call(ENDPOINTS.otherMark, { event: 7, eventContent: PHONE });
    expect(logLines.join('')).not.toContain(PHONE);
  });
});
