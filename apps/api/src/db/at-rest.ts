import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Db } from './client.ts';

/**
 * Encryption at rest of personal data and uploaded files (envelope encryption):
 * - every row (and every file) has a data key of its own, 32 random bytes, stored beside it
 *   wrapped (AES-256-GCM) under a master key named by its id (`key_id`);
 * - each sealed value is AES-256-GCM under the row's data key, bound to its column name, so
 *   a value copied to another column or row does not open;
 * - exact-match look-ups (the ID number, a bank account number) go through a blind index:
 *   HMAC-SHA256 under a key of its own, never the plain value.
 * The master keys come from the environment (DATA_KEYS, BLIND_INDEX_KEY), never the wire
 * key, which every page carries. Rotation (`npm run keys:rotate`) re-seals rows and files
 * under the current master key while the service runs; older keys stay readable until then.
 */

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

export interface MasterKeys {
  /** Seals everything new; the first of DATA_KEYS. */
  currentId: string;
  /** Every key that may still open something, by id (the current one included). */
  keys: ReadonlyMap<string, Buffer>;
  /** Key of the blind indexes (HMAC-SHA256). */
  blindIndexKey: Buffer;
}

function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/**
 * A row's data key: seals and opens that row's values. `keyId` and `dataKey` (the wrapped
 * key, base64) are stored in the row. A legacy row written before encryption (key id null)
 * gets the plain row key, which reads values as they are.
 */
export class RowKey {
  private constructor(
    readonly keyId: string | null,
    readonly dataKey: string | null,
    private readonly key: Buffer | null,
  ) {}

  static sealed(keyId: string, dataKey: string, key: Buffer): RowKey {
    return new RowKey(keyId, dataKey, key);
  }

  static readonly plain = new RowKey(null, null, null);

  seal(column: string, value: string): string;
  seal(column: string, value: string | null): string | null;
  seal(column: string, value: string | null): string | null {
    if (value === null) return null;
    if (!this.key) throw new Error('a plain row key seals nothing');
    return seal(this.key, Buffer.from(value, 'utf8'), column).toString('base64');
  }

  open(column: string, value: string): string;
  open(column: string, value: string | null): string | null;
  open(column: string, value: string | null): string | null {
    if (value === null || !this.key) return value;
    return open(this.key, Buffer.from(value, 'base64'), column).toString('utf8');
  }
}

/** Files: magic, key id length, key id, wrapped data key, then the sealed bytes. */
const FILE_MAGIC = Buffer.from('XAF1', 'latin1');
const WRAPPED_BYTES = IV_BYTES + KEY_BYTES + TAG_BYTES;

export class AtRestKeys {
  constructor(readonly master: MasterKeys) {
    if (!master.keys.has(master.currentId)) throw new Error('the current data key is not among the keys');
  }

  get currentId(): string {
    return this.master.currentId;
  }

  private masterKey(keyId: string): Buffer {
    const key = this.master.keys.get(keyId);
    // Names the id only: which key is missing from DATA_KEYS, never a value.
    if (!key) throw new Error(`data key "${keyId}" is not configured (DATA_KEYS)`);
    return key;
  }

  /** A fresh data key for a new row of `scope` (`table:userId`), wrapped under the current master key. */
  newRowKey(scope: string): RowKey {
    const key = randomBytes(KEY_BYTES);
    const wrapped = seal(this.masterKey(this.currentId), key, scope).toString('base64');
    return RowKey.sealed(this.currentId, wrapped, key);
  }

  /** The row's key from its stored `key_id` and `data_key`; the plain key for a legacy row (both null). */
  openRowKey(scope: string, keyId: string | null, dataKey: string | null): RowKey {
    if (keyId === null || dataKey === null) return RowKey.plain;
    const key = open(this.masterKey(keyId), Buffer.from(dataKey, 'base64'), scope);
    return RowKey.sealed(keyId, dataKey, key);
  }

  /** The blind index of `value` for `purpose` (e.g. `id_number`): equal values, equal indexes; nothing else learnt. */
  blindIndex(purpose: string, value: string): string {
    return createHmac('sha256', this.master.blindIndexKey).update(`${purpose}\u0000${value}`, 'utf8').digest('base64');
  }

  /** A file's bytes sealed under a data key of its own; the master key's id is in the header. */
  sealFile(scope: string, bytes: Buffer): Buffer {
    const key = randomBytes(KEY_BYTES);
    const id = Buffer.from(this.currentId, 'latin1');
    const wrapped = seal(this.masterKey(this.currentId), key, scope);
    return Buffer.concat([FILE_MAGIC, Buffer.from([id.length]), id, wrapped, seal(key, bytes, scope)]);
  }

  /** The file's plain bytes; a file stored before encryption (no header) as it is. */
  openFile(scope: string, stored: Buffer): Buffer {
    const header = fileHeader(stored);
    if (!header) return stored;
    const key = open(this.masterKey(header.keyId), stored.subarray(header.wrappedAt, header.bodyAt), scope);
    return open(key, stored.subarray(header.bodyAt), scope);
  }

  /**
   * The file under the current master key: a legacy plain file sealed, an older key's file
   * re-wrapped (its data key, the body left as it is); null when it already is.
   */
  resealFile(scope: string, stored: Buffer): Buffer | null {
    const header = fileHeader(stored);
    if (!header) return this.sealFile(scope, stored);
    if (header.keyId === this.currentId) return null;
    const key = open(this.masterKey(header.keyId), stored.subarray(header.wrappedAt, header.bodyAt), scope);
    const id = Buffer.from(this.currentId, 'latin1');
    const wrapped = seal(this.masterKey(this.currentId), key, scope);
    return Buffer.concat([FILE_MAGIC, Buffer.from([id.length]), id, wrapped, stored.subarray(header.bodyAt)]);
  }
}

/** The master key id a stored file is sealed under; null for a legacy plain file. */
export function fileKeyId(stored: Buffer): string | null {
  return fileHeader(stored)?.keyId ?? null;
}

function fileHeader(stored: Buffer): { keyId: string; wrappedAt: number; bodyAt: number } | null {
  if (stored.length < FILE_MAGIC.length + 1 || !stored.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC)) return null;
  const idLength = stored[FILE_MAGIC.length] ?? 0;
  const idAt = FILE_MAGIC.length + 1;
  const keyId = stored.subarray(idAt, idAt + idLength).toString('latin1');
  if (!KEY_ID_PATTERN.test(keyId)) return null;
  const wrappedAt = idAt + idLength;
  const bodyAt = wrappedAt + WRAPPED_BYTES;
  if (stored.length < bodyAt + IV_BYTES + TAG_BYTES) return null;
  return { keyId, wrappedAt, bodyAt };
}

/**
 * The keys a database's rows are sealed with, bound once when the app (or a command) opens
 * it. Repositories take them from their `db`, so a use case's options stay `db` + inputs
 * and every caller in other modules is unchanged. A transaction's `tx` is another object:
 * it gets the keys bound last in the process (one app per process holds one key set).
 */
const bound = new WeakMap<object, AtRestKeys>();
let latest: AtRestKeys | undefined;

export function bindAtRestKeys(db: Db, keys: AtRestKeys): void {
  bound.set(db, keys);
  latest = keys;
}

export function atRestKeysOf(db: Db): AtRestKeys {
  const keys = bound.get(db) ?? latest;
  if (!keys) throw new Error('no at-rest keys bound to this database (bindAtRestKeys)');
  return keys;
}
