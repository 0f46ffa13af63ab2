import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_ERROR, type Envelope } from '@app/contract/envelope.ts';
import { PATHS } from '@app/contract/paths.ts';
import { decodeEnvelope } from '@app/contract/wire.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Clock } from '../plugins/clock.ts';
import type { TestDatabaseOptions } from './test-database.ts';
import { createTestClient, openPerFile, testConfig, type PerFile, type TestClient } from './test-server.ts';

/** A clock tests move by hand: expiry and windows are tested without waiting. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.now()) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** A random, valid Taiwan mobile number. */
export function randomMobile(): string {
  return `09${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface AccountsServer {
  app: FastifyInstance;
  baseUrl: string;
  client: TestClient;
  clock: ManualClock;
  filesDir: string;
  close(): Promise<void>;
}

export interface AccountsServerOptions {
  clock?: ManualClock;
  limiterPrefix?: string;
  env?: Record<string, string>;
  logStream?: { write(line: string): void };
}

/**
 * The real app on the shared test database with a manual clock, its own files folder
 * and (with REDIS_URL) its own Redis key prefix unless one is given to share.
 */
export async function startAccountsServer(database: DatabaseHandle, options: AccountsServerOptions = {}): Promise<AccountsServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-accounts-'));
  // The process's REDIS_URL (read through env.ts): set, the limits run on Redis.
  const redisUrl = loadConfig().redisUrl;
  const config = testConfig({
    DATA_DIR: dataDir,
    TEST_HOOKS: 'true',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock();
  const app = await buildApp(config, {
    database,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    clock,
    limiterPrefix: options.limiterPrefix ?? `test:${randomBytes(6).toString('hex')}:`,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    baseUrl,
    client: createTestClient(baseUrl),
    clock,
    filesDir: config.filesDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The set-up most API test files share: a database of the file's own and the accounts
 * server on it, opened before the file's tests and closed after them, read through getters
 * (`const { database, server } = accountsServerPerFile();`). A file that replaces its
 * server during a test keeps hooks of its own.
 */
export function accountsServerPerFile(options: AccountsServerOptions & { database?: TestDatabaseOptions } = {}): PerFile<AccountsServer> {
  const { database: databaseOptions, ...serverOptions } = options;
  return openPerFile(
    (database) => startAccountsServer(database.handle, serverOptions),
    { app: true, baseUrl: true, client: true, clock: true, filesDir: true, close: true },
    databaseOptions,
  );
}

/** The code of the latest SMS to `mobile`, read through the test hook as browser tests do. */
export async function latestCode(server: AccountsServer, mobile: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/__test__/sms-outbox?mobile=${mobile}`);
  const messages = (await response.json()) as Array<{ code: string | null }>;
  const code = messages[0]?.code;
  if (!code) throw new Error('no code in the outbox');
  return code;
}

export function bodyOf<T>(envelope: Envelope | null): T {
  if (!envelope || envelope.status !== 200) throw new Error(`not a success: ${JSON.stringify(envelope)}`);
  return envelope.body as T;
}

export interface LoggedIn {
  token: string;
  userId: string;
  uuId: string;
  isNewUser: boolean;
  hasPassword: boolean;
  headers: { token: string };
}

/**
 * Sends a login code, reads it from the outbox, logs in. Moves the clock 3.5 minutes
 * first: past the resend wait, and slowly enough that many logins from one test address
 * never reach the hourly per-address limit (at most 18 in any hour).
 */
export async function loginWithCode(server: AccountsServer, mobile: string, headers: Record<string, string> = {}): Promise<LoggedIn> {
  server.clock.advance(210 * SECOND);
  bodyOf((await server.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'login' }, headers)).envelope);
  const code = await latestCode(server, mobile);
  const body = bodyOf<Omit<LoggedIn, 'headers'>>((await server.client.call(ENDPOINTS.login, { mobile, code }, headers)).envelope);
  return { ...body, headers: { token: body.token } };
}

/** A new user on a random mobile number, logged in with a code. */
export function loggedInUser(server: AccountsServer, headers: Record<string, string> = {}): Promise<LoggedIn> {
  return loginWithCode(server, randomMobile(), headers);
}

/** A PNG signature followed by `size - 8` bytes: enough for the magic-byte check. */
export function pngBytes(size = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

/** SPEC.md's upload: multipart with a `file` field, the session token in the header. */
export async function uploadFile(
  server: AccountsServer,
  bytes: Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
  options: { field?: string; name?: string; type?: string } = {},
): Promise<{ httpStatus: number; envelope: Envelope | null }> {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([bytes], { type: options.type ?? 'image/png' }), options.name ?? 'shot.png');
  const response = await fetch(`${server.baseUrl}${PATHS.uploadImage.path}`, { method: 'POST', body: form, headers });
  const text = await response.text();
  try {
    return { httpStatus: response.status, envelope: decodeEnvelope(text, server.client.cipher) };
  } catch {
    return { httpStatus: response.status, envelope: null };
  }
}

/** Uploads an image (by default a small PNG) for `user`; answers the stored file's key and path, and throws unless it was accepted. */
export async function uploadedImage(
  server: AccountsServer,
  user: LoggedIn,
  bytes: Uint8Array<ArrayBuffer> = pngBytes(),
  options: { name?: string; type?: string } = {},
): Promise<{ key: string; imageURL: string }> {
  return bodyOf<{ key: string; imageURL: string }>((await uploadFile(server, bytes, user.headers, options)).envelope);
}

export const refusal = (message: string) => ({ status: STATUS_ERROR, message, body: null });

/** Sends a code, first moving the clock past the resend wait. */
export async function sendCode(
  server: AccountsServer,
  mobile: string,
  purpose: 'login' | 'destroy' | 'password' = 'login',
  headers: Record<string, string> = {},
): Promise<Envelope | null> {
  server.clock.advance(210 * SECOND);
  return (await server.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose }, headers)).envelope;
}

export async function login(
  server: AccountsServer,
  payload: { mobile: string; code: string } | { mobile: string; password: string },
): Promise<Envelope | null> {
  return (await server.client.call(ENDPOINTS.login, payload)).envelope;
}

/** A code that is certainly not `code`. */
export const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
