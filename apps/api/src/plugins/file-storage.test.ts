import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtRestKeys, fileKeyId, type MasterKeys } from '../db/at-rest.ts';
import type { FileStoreConfig } from '../config/env.ts';
import { startFakeS3Server, type FakeS3Server } from '../test/fake-s3-server.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { openFileStorage, type SealedFileStorage } from './file-storage.ts';

/**
 * The file storage seals every file before a store sees it, whichever store is configured:
 * the local folder, PostgreSQL's file_blobs, or an S3 bucket (a fake S3 server in process).
 * Files kept in the local folder before a shared store was configured stay readable and
 * move into it, sealed, with the rotation; rotation re-wraps every file under the new key.
 */

const keysOf = (current: string, ...others: string[]): AtRestKeys => {
  const master: MasterKeys = {
    currentId: current,
    keys: new Map([current, ...others].map((id) => [id, Buffer.alloc(32, id.charCodeAt(1))])),
    blindIndexKey: Buffer.alloc(32, 9),
  };
  return new AtRestKeys(master);
};

const PHOTO = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('陳志明的身分證正面 A123456789')]);

let database: TestDatabase;
let s3: FakeS3Server;
let root: string;

beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startFakeS3Server(['loan-files']);
  root = await mkdtemp(path.join(os.tmpdir(), 'file-storage-'));
});

afterAll(async () => {
  await s3?.close();
  await database?.dispose();
  if (root) await rm(root, { recursive: true, force: true });
});

const stores: Record<FileStoreConfig['kind'], () => FileStoreConfig> = {
  local: () => ({ kind: 'local' }),
  postgres: () => ({ kind: 'postgres' }),
  s3: () => ({
    kind: 's3',
    bucket: 'loan-files',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    forcePathStyle: true,
  }),
};

function storage(kind: FileStoreConfig['kind'], keys: AtRestKeys, filesDir: string): SealedFileStorage {
  return openFileStorage({ config: stores[kind](), filesDir, db: database.handle.db, keys });
}

async function listed(files: SealedFileStorage): Promise<string[]> {
  const names: string[] = [];
  for await (const file of files.store.list()) names.push(`${file.ownerId}/${file.key}`);
  return names.sort();
}

describe.each(['local', 'postgres', 's3'] as const)('the %s store', (kind) => {
  it('keeps only sealed bytes, reads them back opened, and removes an owner’s files whole', async () => {
    const filesDir = path.join(root, `${kind}-files`);
    const files = storage(kind, keysOf('k1'), filesDir);
    await files.save(7, 'a1.png', PHOTO);
    await files.save(7, 'a2.png', Buffer.from('second'));
    await files.save(8, 'b1.png', Buffer.from('other owner'));
    expect(await files.read(7, 'a1.png')).toEqual(PHOTO);
    expect(await files.read(7, 'missing.png')).toBeNull();

    const raw = await files.store.get({ ownerId: 7, key: 'a1.png' });
    expect(raw).not.toBeNull();
    expect(fileKeyId(raw ?? Buffer.alloc(0))).toBe('k1');
    expect(raw?.includes(Buffer.from('A123456789'))).toBe(false);
    expect(raw?.includes(Buffer.from('PNG'))).toBe(false);
    if (kind === 's3') {
      expect(s3.objects.get('loan-files')?.get('7/a1.png')?.metadata).toEqual({ 'key-id': 'k1' });
      expect(s3.requests).toContain('PUT /loan-files/7/a1.png');
    }
    if (kind !== 's3') await expect(files.save(7, 'a1.png', Buffer.from('again'))).rejects.toThrow();

    expect(await listed(files)).toEqual(expect.arrayContaining(['7/a1.png', '7/a2.png', '8/b1.png']));
    await files.removeOwner(7);
    expect(await files.read(7, 'a1.png')).toBeNull();
    expect(await files.read(7, 'a2.png')).toBeNull();
    expect(await files.read(8, 'b1.png')).toEqual(Buffer.from('other owner'));
    await files.removeOwner(8);
  });

  it('rotation re-wraps every file under the new key: afterwards the new key alone reads them', async () => {
    const filesDir = path.join(root, `${kind}-rotation`);
    await storage(kind, keysOf('k1'), filesDir).save(21, 'r1.png', PHOTO);
    await storage(kind, keysOf('k1'), filesDir).save(21, 'r2.png', Buffer.from('two'));
    const rotating = storage(kind, keysOf('k2', 'k1'), filesDir);
    expect(await rotating.reseal()).toMatchObject({ resealed: 2 });
    expect(fileKeyId((await rotating.store.get({ ownerId: 21, key: 'r1.png' })) ?? Buffer.alloc(0))).toBe('k2');
    expect(await rotating.reseal()).toMatchObject({ resealed: 0 });
    const newOnly = storage(kind, keysOf('k2'), filesDir);
    expect(await newOnly.read(21, 'r1.png')).toEqual(PHOTO);
    expect(await newOnly.read(21, 'r2.png')).toEqual(Buffer.from('two'));
    await expect(storage(kind, keysOf('k1'), filesDir).read(21, 'r1.png')).rejects.toThrow(/"k2" is not configured/);
    await newOnly.removeOwner(21);
  });
});

describe.each(['postgres', 's3'] as const)('files in the local folder from before the %s store', (kind) => {
  it('are still read from the folder, then moved into the shared store sealed by the rotation', async () => {
    const filesDir = path.join(root, `${kind}-legacy`);
    await mkdir(path.join(filesDir, '31'), { recursive: true });
    await writeFile(path.join(filesDir, '31', 'old.jpg'), PHOTO);
    const files = storage(kind, keysOf('k1'), filesDir);
    expect(await files.read(31, 'old.jpg')).toEqual(PHOTO);
    expect(await files.store.get({ ownerId: 31, key: 'old.jpg' })).toBeNull();

    expect(await files.reseal()).toEqual({ resealed: 0, moved: 1 });
    await expect(readFile(path.join(filesDir, '31', 'old.jpg'))).rejects.toThrow();
    const moved = await files.store.get({ ownerId: 31, key: 'old.jpg' });
    expect(fileKeyId(moved ?? Buffer.alloc(0))).toBe('k1');
    expect(await files.read(31, 'old.jpg')).toEqual(PHOTO);
    await files.removeOwner(31);
  });
});
