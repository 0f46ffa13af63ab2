import type { FastifyInstance } from 'fastify';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import type { WireCipher } from '@app/contract/cipher-format.ts';
import type { Envelope } from '@app/contract/envelope.ts';
import type { PathDef } from '@app/contract/paths.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import vectors from '../../../../packages/contract/test-vectors/cipher.json' with { type: 'json' };
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';

/** The committed test-vector key: a test key and nothing else. */
export const TEST_KEY = vectors.keyBase64;
export const OTHER_KEY = vectors.otherKeyBase64;

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_CIPHER_KEY: TEST_KEY,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent/web-dist',
    DATA_DIR: '/nonexistent/data',
    ...overrides,
  });
}

export interface WireResult {
  httpStatus: number;
  text: string;
  /** Set when the answer was an envelope that decrypted. */
  envelope: Envelope | null;
}

/** A protocol client built from the browser cipher, as the web app's request layer is. */
export interface TestClient {
  cipher: WireCipher;
  call(path: Pick<PathDef, 'method' | 'path'>, payload: unknown, headers?: Record<string, string>): Promise<WireResult>;
  raw(method: 'GET' | 'POST', pathAndQuery: string, body?: string, headers?: Record<string, string>): Promise<WireResult>;
}

export function createTestClient(baseUrl: string, keyBase64 = TEST_KEY): TestClient {
  const cipher = createBrowserCipher(keyBase64);
  async function toResult(response: Response): Promise<WireResult> {
    const text = await response.text();
    let envelope: Envelope | null;
    try {
      envelope = decodeEnvelope(text, cipher);
    } catch {
      envelope = null;
    }
    return { httpStatus: response.status, text, envelope };
  }
  return {
    cipher,
    async call(path, payload, headers = {}) {
      const request = encodeRequest(path, payload, cipher, baseUrl, headers);
      return toResult(await fetch(request.url, { method: request.method, headers: request.headers, body: request.body }));
    },
    async raw(method, pathAndQuery, body, headers = {}) {
      return toResult(
        await fetch(`${baseUrl}${pathAndQuery}`, {
          method,
          headers: { 'content-type': 'text/plain', ...headers },
          body,
        }),
      );
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  client: TestClient;
  close(): Promise<void>;
}

/** Builds the real app on the shared database and listens on a random local port. */
export async function startTestServer(
  database: DatabaseHandle,
  options: {
    env?: Record<string, string>;
    register?: (app: FastifyInstance) => void | Promise<void>;
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestServer> {
  const app = await buildApp(testConfig(options.env), { database, logStream: options.logStream });
  if (options.register) await options.register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return { app, baseUrl, client: createTestClient(baseUrl), close: () => app.close() };
}
