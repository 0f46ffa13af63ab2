import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import type { WireCipher } from '@app/contract/cipher-format.ts';
import type { Envelope } from '@app/contract/envelope.ts';
import type { PathDef } from '@app/contract/paths.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import vectors from '../../../../packages/contract/test-vectors/cipher.json' with { type: 'json' };
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-database.ts';

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

export interface TestServerOptions {
  env?: Record<string, string>;
  register?: (app: FastifyInstance) => void | Promise<void>;
  logStream?: { write(line: string): void };
}

/** Builds the real app on the shared database and listens on a random local port. */
export async function startTestServer(database: DatabaseHandle, options: TestServerOptions = {}): Promise<TestServer> {
  const app = await buildApp(testConfig(options.env), { database, logStream: options.logStream });
  if (options.register) await options.register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return { app, baseUrl, client: createTestClient(baseUrl), close: () => app.close() };
}

/** A file's own database and server, named once at the top of the file and used in its tests and hooks. */
export interface PerFile<Server> {
  database: TestDatabase;
  server: Server;
}

/**
 * Before the file's tests, `open` starts its server on a database of the file's own;
 * after them, both are closed. What comes back reads the running ones through getters
 * (each of `serverKeys`), so `const { database, server } = ...PerFile()` can stand at the
 * top of a file; reading them before the file's beforeAll has run throws.
 */
export function openPerFile<Server extends { close(): Promise<void> }>(
  open: (database: TestDatabase) => Promise<Server>,
  serverKeys: Record<keyof Server, true>,
  databaseOptions: TestDatabaseOptions = {},
): PerFile<Server> {
  let database: TestDatabase | undefined;
  let server: Server | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(databaseOptions);
    server = await open(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.dispose();
  });
  const running = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the file's server and database open in its beforeAll: use them inside tests and hooks");
    return value;
  };
  return {
    database: readThrough(() => running(database), { handle: true, databaseUrl: true, dispose: true, lose: true }),
    server: readThrough(() => running(server), serverKeys),
  };
}

/** An object whose every key in `keys` reads that property of `current()` at the time. */
function readThrough<T extends object>(current: () => T, keys: Record<keyof T, true>): T {
  const standIn = {};
  for (const key of Object.keys(keys) as Array<keyof T>) {
    Object.defineProperty(standIn, key, {
      enumerable: true,
      get: () => {
        const target = current();
        const value = target[key];
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
  return standIn as T;
}

/** A database and a plain test server (no manual clock, no test hooks) for the file. */
export function testServerPerFile(options: TestServerOptions = {}): PerFile<TestServer> {
  return openPerFile((database) => startTestServer(database.handle, options), { app: true, baseUrl: true, client: true, close: true });
}
