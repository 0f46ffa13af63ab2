import { describe, expect, it, vi } from 'vitest';
import { REQUEST_INTERCEPTOR_REJECTED, UPLOAD_FILES_NOT_ARRAY, UPLOAD_MISSING_URL, UPLOAD_TOO_LARGE } from '@app/contract/messages/request-errors.ts';
import { checkUpload, UploadBlockedError, type UploadOptions } from './upload-files.ts';

const small = new Blob(['x'.repeat(10)]);
const large = new Blob(['x'.repeat(2000)]);

describe('checkUpload (SPEC.md section 5)', () => {
  it('throws when files is not an array', async () => {
    const options = { url: '/u', files: small } as unknown as UploadOptions;
    await expect(checkUpload(options)).rejects.toThrow(UPLOAD_FILES_NOT_ARRAY);
  });

  it('throws without a target address', async () => {
    await expect(checkUpload({ url: '', files: [small] })).rejects.toThrow(UPLOAD_MISSING_URL);
  });

  it('throws when the request-start interceptor refuses', async () => {
    await expect(checkUpload({ url: '/u', files: [small], beforeStart: () => false })).rejects.toThrow(
      REQUEST_INTERCEPTOR_REJECTED,
    );
  });

  it('blocks the whole upload with the too-large toast when any file exceeds the maximum', async () => {
    const onTooLarge = vi.fn();
    const result = checkUpload({ url: '/u', files: [small, large], maxSize: 1000, onTooLarge });
    await expect(result).rejects.toBeInstanceOf(UploadBlockedError);
    expect(onTooLarge).toHaveBeenCalledWith(UPLOAD_TOO_LARGE);
  });

  it('passes files within the maximum, and any size without one', async () => {
    const onTooLarge = vi.fn();
    await expect(checkUpload({ url: '/u', files: [small], maxSize: 1000, onTooLarge })).resolves.toBeUndefined();
    await expect(checkUpload({ url: '/u', files: [large], onTooLarge })).resolves.toBeUndefined();
    expect(onTooLarge).not.toHaveBeenCalled();
  });
});
