import { PATHS } from '@app/contract/paths.ts';
import { uploadFiles, type UploadedFile } from '../../../shared/files/upload-files.ts';

/** The API refuses larger images too; checked here first so nothing is sent in vain. */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

/** One screenshot through SPEC.md's upload path (multipart, field 'file'). */
export async function uploadScreenshot(file: File): Promise<UploadedFile> {
  const [uploaded] = await uploadFiles({
    url: PATHS.uploadImage.path,
    files: [file],
    maxSize: SCREENSHOT_MAX_BYTES,
    loading: true,
  });
  if (!uploaded?.key) throw new Error('upload answered without a key');
  return uploaded;
}
