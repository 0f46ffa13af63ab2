import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';

/**
 * Where uploaded files (ID card photos, selfies, screenshots) live: never a public
 * folder, one folder per owner so deleting an account removes them whole. The local
 * folder is the built-in store; an S3-compatible store implements the same interface.
 */
export interface FileStorage {
  /** Stores new bytes; refuses to overwrite an existing key. */
  save(ownerId: number, key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  read(ownerId: number, key: string): Promise<Buffer | null>;
  /** Removes every file of the owner. */
  removeOwner(ownerId: number): Promise<void>;
}

/** Keys are checked by their owners (random hex + extension); this refuses anything else too. */
const SAFE_KEY = /^[0-9A-Za-z][0-9A-Za-z._-]{0,127}$/;

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private ownerDir(ownerId: number): string {
    if (!Number.isSafeInteger(ownerId) || ownerId <= 0) throw new Error('invalid file owner');
    return path.join(this.root, String(ownerId));
  }

  private filePath(ownerId: number, key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error('invalid file key');
    return path.join(this.ownerDir(ownerId), key);
  }

  async save(ownerId: number, key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.ownerDir(ownerId), { recursive: true, mode: 0o700 });
    await writeFile(this.filePath(ownerId, key), bytes, { mode: 0o600, flag: 'wx' });
  }

  async read(ownerId: number, key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.filePath(ownerId, key));
    } catch {
      return null;
    }
  }

  async removeOwner(ownerId: number): Promise<void> {
    await rm(this.ownerDir(ownerId), { recursive: true, force: true });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export const fileStoragePlugin = fp<{ filesDir: string }>(
  async (app, { filesDir }) => {
    app.decorate('fileStorage', new LocalFileStorage(filesDir));
  },
  { name: 'file-storage' },
);
