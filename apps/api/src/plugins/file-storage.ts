import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FileStoreConfig } from '../config/env.ts';
import { atRestKeysOf, fileKeyId, type AtRestKeys } from '../db/at-rest.ts';
import type { Db } from '../db/client.ts';
import { fileBlobs } from '../db/schema/uploads.ts';

/**
 * Where uploaded files (ID card photos, selfies, passbook covers, receipts) live: never a
 * public folder, one place per owner so deleting an account removes them whole. Every
 * file is sealed (AES-256-GCM under a data key of its own, wrapped under the current
 * master key, whose id is in the file's header: db/at-rest.ts) before any store sees it.
 * The store is chosen by configuration (FILE_STORE): PostgreSQL (`file_blobs`, the default
 * with DATABASE_URL: every instance reads it), an S3-compatible bucket, or the local folder
 * (the embedded PGlite default: one machine).
 */
export interface FileStorage {
  /** Stores new bytes; refuses to overwrite an existing key. */
  save(ownerId: number, key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  read(ownerId: number, key: string): Promise<Buffer | null>;
  /** Removes every file of the owner. */
  removeOwner(ownerId: number): Promise<void>;
}

export interface StoredFile {
  ownerId: number;
  key: string;
}

/** Raw bytes by owner and key: what each store implements (the bytes it gets are sealed already). */
export interface BlobStore {
  readonly kind: FileStoreConfig['kind'];
  put(file: StoredFile, bytes: Buffer, keyId: string | null): Promise<void>;
  /** Overwrites an existing file (rotation). */
  replace(file: StoredFile, bytes: Buffer, keyId: string | null): Promise<void>;
  get(file: StoredFile): Promise<Buffer | null>;
  removeOwner(ownerId: number): Promise<void>;
  /** Every file (rotation); `notUnder`: a store that knows each file's key id may skip those already under it. */
  list(notUnder?: string): AsyncIterable<StoredFile>;
  remove(file: StoredFile): Promise<void>;
}

/** Keys are checked by their owners (random hex + extension); this refuses anything else too. */
const SAFE_KEY = /^[0-9A-Za-z][0-9A-Za-z._-]{0,127}$/;

function checked(file: StoredFile): StoredFile {
  if (!Number.isSafeInteger(file.ownerId) || file.ownerId <= 0) throw new Error('invalid file owner');
  if (!SAFE_KEY.test(file.key) || file.key.includes('..')) throw new Error('invalid file key');
  return file;
}

/** A file's data key scope: its owner and key (sealed bytes moved to another name do not open). */
const scopeOf = (file: StoredFile) => `file:${file.ownerId}/${file.key}`;

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private ownerDir(ownerId: number): string {
    return path.join(this.root, String(checked({ ownerId, key: 'x' }).ownerId));
  }

  private filePath(file: StoredFile): string {
    return path.join(this.ownerDir(file.ownerId), checked(file).key);
  }

  async put(file: StoredFile, bytes: Buffer): Promise<void> {
    await mkdir(this.ownerDir(file.ownerId), { recursive: true, mode: 0o700 });
    await writeFile(this.filePath(file), bytes, { mode: 0o600, flag: 'wx' });
  }

  async replace(file: StoredFile, bytes: Buffer): Promise<void> {
    // Written aside and renamed over: a reader sees the old bytes or the new, never half.
    const target = this.filePath(file);
    const partial = `${target}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, target);
  }

  async get(file: StoredFile): Promise<Buffer | null> {
    try {
      return await readFile(this.filePath(file));
    } catch {
      return null;
    }
  }

  async removeOwner(ownerId: number): Promise<void> {
    await rm(this.ownerDir(ownerId), { recursive: true, force: true });
  }

  async remove(file: StoredFile): Promise<void> {
    await rm(this.filePath(file), { force: true });
  }

  async *list(): AsyncIterable<StoredFile> {
    let owners: string[];
    try {
      owners = await readdir(this.root);
    } catch {
      return;
    }
    for (const owner of owners) {
      if (!/^\d+$/.test(owner)) continue;
      for (const key of await readdir(path.join(this.root, owner)).catch(() => [] as string[])) {
        if (SAFE_KEY.test(key) && !key.endsWith('.partial')) yield { ownerId: Number(owner), key };
      }
    }
  }
}

/** `file_blobs` in the shared PostgreSQL database (or the embedded one, when asked). */
export class PostgresBlobStore implements BlobStore {
  readonly kind = 'postgres' as const;
  constructor(private readonly db: Db) {}

  async put(file: StoredFile, bytes: Buffer, keyId: string | null): Promise<void> {
    const { ownerId, key } = checked(file);
    // The primary key refuses a second file under one name.
    await this.db.insert(fileBlobs).values({ ownerId, key, keyId, bytes });
  }

  async replace(file: StoredFile, bytes: Buffer, keyId: string | null): Promise<void> {
    const { ownerId, key } = checked(file);
    await this.db
      .update(fileBlobs)
      .set({ bytes, keyId })
      .where(and(eq(fileBlobs.ownerId, ownerId), eq(fileBlobs.key, key)));
  }

  async get(file: StoredFile): Promise<Buffer | null> {
    const { ownerId, key } = checked(file);
    const [row] = await this.db
      .select({ bytes: fileBlobs.bytes })
      .from(fileBlobs)
      .where(and(eq(fileBlobs.ownerId, ownerId), eq(fileBlobs.key, key)))
      .limit(1);
    return row?.bytes ?? null;
  }

  async removeOwner(ownerId: number): Promise<void> {
    await this.db.delete(fileBlobs).where(eq(fileBlobs.ownerId, checked({ ownerId, key: 'x' }).ownerId));
  }

  async remove(file: StoredFile): Promise<void> {
    const { ownerId, key } = checked(file);
    await this.db.delete(fileBlobs).where(and(eq(fileBlobs.ownerId, ownerId), eq(fileBlobs.key, key)));
  }

  async *list(notUnder?: string): AsyncIterable<StoredFile> {
    // Keyset pages by (owner, key): a file re-sealed meanwhile is not met twice.
    let after: StoredFile | null = null;
    for (;;) {
      const stale = notUnder === undefined ? undefined : or(isNull(fileBlobs.keyId), ne(fileBlobs.keyId, notUnder));
      const page: StoredFile[] = await this.db
        .select({ ownerId: fileBlobs.ownerId, key: fileBlobs.key })
        .from(fileBlobs)
        .where(and(stale, after ? sql`(${fileBlobs.ownerId}, ${fileBlobs.key}) > (${after.ownerId}, ${after.key})` : undefined))
        .orderBy(asc(fileBlobs.ownerId), asc(fileBlobs.key))
        .limit(100);
      yield* page;
      const last = page.at(-1);
      if (!last || page.length < 100) return;
      after = last;
    }
  }
}

/** An S3-compatible bucket: `<owner>/<key>` objects, the key id also in the object's metadata. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static fromConfig(config: Extract<FileStoreConfig, { kind: 's3' }>): S3BlobStore {
    const client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the
      // SDK's newer default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3BlobStore(client, config.bucket);
  }

  private objectKey(file: StoredFile): string {
    const { ownerId, key } = checked(file);
    return `${ownerId}/${key}`;
  }

  async put(file: StoredFile, bytes: Buffer, keyId: string | null): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(file),
        Body: bytes,
        ContentType: 'application/octet-stream',
        ...(keyId ? { Metadata: { 'key-id': keyId } } : {}),
      }),
    );
  }

  replace(file: StoredFile, bytes: Buffer, keyId: string | null): Promise<void> {
    return this.put(file, bytes, keyId);
  }

  async get(file: StoredFile): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(file) }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async removeOwner(ownerId: number): Promise<void> {
    for await (const file of this.listPrefix(`${checked({ ownerId, key: 'x' }).ownerId}/`)) await this.remove(file);
  }

  async remove(file: StoredFile): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(file) }));
  }

  list(): AsyncIterable<StoredFile> {
    return this.listPrefix('');
  }

  private async *listPrefix(prefix: string): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        const match = /^(\d+)\/([^/]+)$/.exec(object.Key ?? '');
        if (match?.[1] && match[2]) yield { ownerId: Number(match[1]), key: match[2] };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/**
 * The product's file storage: seals on save, opens on read. `legacy` is the local folder
 * of a server that kept files there before a shared store was configured: its files (plain,
 * written before encryption) are still read from it until `npm run keys:rotate` moves them
 * into the shared store, sealed.
 */
export class SealedFileStorage implements FileStorage {
  constructor(
    readonly store: BlobStore,
    private readonly keys: () => AtRestKeys,
    readonly legacy: LocalBlobStore | null = null,
  ) {}

  async save(ownerId: number, key: string, bytes: Buffer): Promise<void> {
    const file = { ownerId, key };
    const keys = this.keys();
    await this.store.put(file, keys.sealFile(scopeOf(file), bytes), keys.currentId);
  }

  async read(ownerId: number, key: string): Promise<Buffer | null> {
    const file = { ownerId, key };
    const stored = (await this.store.get(file)) ?? (await this.legacy?.get(file)) ?? null;
    return stored ? this.keys().openFile(scopeOf(file), stored) : null;
  }

  async removeOwner(ownerId: number): Promise<void> {
    await this.store.removeOwner(ownerId);
    await this.legacy?.removeOwner(ownerId);
  }

  /**
   * Rotation: every file not under the current master key is re-wrapped (a plain legacy
   * file sealed), and the legacy folder's files are moved into the store, sealed. Answers
   * how many files were rewritten and moved.
   */
  async reseal(): Promise<{ resealed: number; moved: number }> {
    const keys = this.keys();
    let resealed = 0;
    let moved = 0;
    for await (const file of this.store.list(keys.currentId)) {
      const stored = await this.store.get(file);
      if (!stored) continue;
      const again = keys.resealFile(scopeOf(file), stored);
      if (!again) continue;
      await this.store.replace(file, again, keys.currentId);
      resealed += 1;
    }
    if (this.legacy) {
      for await (const file of this.legacy.list()) {
        const stored = await this.legacy.get(file);
        if (!stored) continue;
        if ((await this.store.get(file)) === null) {
          const plain = keys.openFile(scopeOf(file), stored);
          await this.store.put(file, keys.sealFile(scopeOf(file), plain), keys.currentId);
        }
        await this.legacy.remove(file);
        moved += 1;
      }
    }
    return { resealed, moved };
  }
}

/** The configured store; the local folder is also the legacy one whenever another store is configured. */
export function openFileStorage(options: { config: FileStoreConfig; filesDir: string; db: Db; keys?: AtRestKeys }): SealedFileStorage {
  const local = new LocalBlobStore(options.filesDir);
  const keys = () => options.keys ?? atRestKeysOf(options.db);
  switch (options.config.kind) {
    case 'local':
      return new SealedFileStorage(local, keys);
    case 'postgres':
      return new SealedFileStorage(new PostgresBlobStore(options.db), keys, local);
    case 's3':
      return new SealedFileStorage(S3BlobStore.fromConfig(options.config), keys, local);
  }
}

/** The master key id a stored file's header names; null when plain (re-exported for tests and the rotation report). */
export { fileKeyId };

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export const fileStoragePlugin = fp<{ filesDir: string; store: FileStoreConfig }>(
  async (app, { filesDir, store }) => {
    app.decorate('fileStorage', openFileStorage({ config: store, filesDir, db: app.db }));
  },
  { name: 'file-storage', dependencies: ['db'] },
);
