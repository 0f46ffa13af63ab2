import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_NOT_IMAGE } from '@app/contract/messages/help-center.ts';
import { accountsServerPerFile, loggedInUser, refusal, uploadedImage, uploadFile, type LoggedIn } from '../../test/accounts-test-kit.ts';
import type { SealedFileStorage } from '../../plugins/file-storage.ts';
import { orientationExif } from './strip-image-metadata.ts';
import { BASE_JPEG, BASE_PNG, JFIF_APP0, SECRET_MARKERS, jpegWithMetadata, pngWithMetadata } from './test-images.ts';

const { server } = accountsServerPerFile();
let user: LoggedIn;

beforeAll(async () => {
  user = await loggedInUser(server);
});

const asUpload = (bytes: Buffer) => new Uint8Array(bytes);

/** Every file the storage holds for the user, by key, opened (the store holds them sealed: file-storage.test.ts). */
async function storedFiles(): Promise<Map<string, Buffer>> {
  const storage = server.app.fileStorage as SealedFileStorage;
  const files = new Map<string, Buffer>();
  for await (const file of storage.store.list()) {
    const bytes = file.ownerId === Number(user.userId) ? await storage.read(file.ownerId, file.key) : null;
    if (bytes) files.set(file.key, bytes);
  }
  return files;
}

describe('uploaded images lose their metadata before they are stored', () => {
  it('stores a phone JPEG without its GPS EXIF, XMP or comments; the image data and orientation stay', async () => {
    const { key, imageURL } = await uploadedImage(server, user, asUpload(jpegWithMetadata(6)), {
      type: 'image/jpeg',
      name: 'IMG_0001.jpg',
    });
    const expected = Buffer.concat([BASE_JPEG.subarray(0, 2), JFIF_APP0, orientationExif(6), BASE_JPEG.subarray(2)]);
    const onDisk = (await storedFiles()).get(key);
    expect(onDisk).toEqual(expected);
    const served = Buffer.from(await (await fetch(`${server.baseUrl}${imageURL}`, { headers: user.headers })).arrayBuffer());
    expect(served).toEqual(expected);
    for (const secret of SECRET_MARKERS) expect(served.toString('latin1')).not.toContain(secret);
  });

  it('stores a PNG without its text, time and EXIF chunks', async () => {
    const { key } = await uploadedImage(server, user, asUpload(pngWithMetadata()));
    expect((await storedFiles()).get(key)).toEqual(BASE_PNG);
  });

  it('refuses a broken JPEG that carries EXIF (it cannot be cleaned), storing nothing', async () => {
    const before = (await storedFiles()).size;
    const broken = jpegWithMetadata(1).subarray(0, 60);
    expect((await uploadFile(server, asUpload(Buffer.from(broken)), user.headers, { type: 'image/jpeg' })).envelope).toEqual(
      refusal(UPLOAD_NOT_IMAGE),
    );
    expect((await storedFiles()).size).toBe(before);
  });
});

describe('the content decides, not the name', () => {
  it.each([
    ['a Linux executable', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)])],
    ['a Windows executable', Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(126)])],
    ['a shell script', Buffer.from('#!/bin/sh\nrm -rf /\n', 'latin1')],
  ])('refuses %s renamed photo.jpg and sent as image/jpeg, storing nothing', async (_what, bytes) => {
    const before = (await storedFiles()).size;
    const answer = await uploadFile(server, asUpload(bytes), user.headers, { type: 'image/jpeg', name: 'photo.jpg' });
    expect(answer.envelope).toEqual(refusal(UPLOAD_NOT_IMAGE));
    expect((await storedFiles()).size).toBe(before);
  });
});
