import {
  REQUEST_INTERCEPTOR_REJECTED,
  UPLOAD_FILES_NOT_ARRAY,
  UPLOAD_MISSING_URL,
  UPLOAD_TOO_LARGE,
} from '@app/contract/messages/request-errors.ts';
import type { TUploadImageResponse } from '@app/contract/schemas/upload.ts';
import { requestUpload } from '../api/request.ts';
import { toast } from '../ui/feedback.ts';
import { beginLoading } from '../ui/loading-store.ts';

/** SPEC.md section 9: upload timeout. */
export const UPLOAD_TIMEOUT_MS = 60_000;
export const DEFAULT_FILE_FIELD = 'file';

/** What the upload path answers for each file (SPEC.md section 3). */
export type UploadedFile = TUploadImageResponse;

export interface UploadOptions {
  /** Target address (absolute, or a path under the API base). */
  url: string;
  files: readonly Blob[];
  /** Multipart field of the file; SPEC.md default 'file'. */
  name?: string;
  formData?: Record<string, string>;
  /** Per-call maximum size in bytes; any larger file blocks the whole request. */
  maxSize?: number;
  /** Request-start interceptor: returning false stops the upload. */
  beforeStart?: () => boolean | Promise<boolean>;
  /** How the too-large refusal is shown; SPEC.md: a toast. */
  onTooLarge?: (message: string) => void;
  loading?: boolean;
  /** Share of all the files' bytes sent so far, 0 to 100 (whole numbers), as it grows. */
  onProgress?: (percent: number) => void;
}

/** The upload was refused on the device (too large): the user already saw the toast. */
export class UploadBlockedError extends Error {
  constructor() {
    super(UPLOAD_TOO_LARGE);
    this.name = 'UploadBlockedError';
  }
}

/**
 * Checks of SPEC.md section 5, in its order. Programming errors (not an array, no
 * address, interceptor refused) are thrown; a too-large file toasts and blocks.
 */
export async function checkUpload(options: UploadOptions): Promise<void> {
  if (!Array.isArray(options.files)) throw new Error(UPLOAD_FILES_NOT_ARRAY);
  if (!options.url) throw new Error(UPLOAD_MISSING_URL);
  if (options.beforeStart && !(await options.beforeStart())) {
    throw new Error(REQUEST_INTERCEPTOR_REJECTED);
  }
  const max = options.maxSize;
  if (max !== undefined && options.files.some((file) => file.size > max)) {
    (options.onTooLarge ?? toast)(UPLOAD_TOO_LARGE);
    throw new UploadBlockedError();
  }
}

function fileName(file: Blob, index: number): string {
  return file instanceof File ? file.name : `upload-${index}`;
}

/** One file, through the request layer: 301, 500 and a bad answer are handled there. */
function uploadOne(
  options: UploadOptions,
  file: Blob,
  index: number,
  onProgress: ((fraction: number) => void) | undefined,
): Promise<UploadedFile> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.formData ?? {})) form.append(key, value);
  form.append(options.name ?? DEFAULT_FILE_FIELD, file, fileName(file, index));
  return requestUpload(options.url, form, { timeoutMs: UPLOAD_TIMEOUT_MS, onUploadProgress: onProgress });
}

/**
 * The files' progress as one percentage, each file weighted by its size; reported only
 * when it grows, so a bar never steps back.
 */
function combinedProgress(files: readonly Blob[], report: (percent: number) => void) {
  const sent = files.map(() => 0);
  const total = files.reduce((sum, file) => sum + Math.max(file.size, 1), 0);
  let last = -1;
  return (index: number) => (fraction: number) => {
    sent[index] = Math.max(files[index]?.size ?? 1, 1) * Math.min(Math.max(fraction, 0), 1);
    const percent = Math.floor((sent.reduce((sum, n) => sum + n, 0) / total) * 100);
    if (percent > last) {
      last = percent;
      report(percent);
    }
  };
}

/** Multipart upload of each picked file, with the form data and the API headers. */
export async function uploadFiles(options: UploadOptions): Promise<UploadedFile[]> {
  await checkUpload(options);
  const endLoading = options.loading ? beginLoading() : () => undefined;
  const progressOf = options.onProgress ? combinedProgress(options.files, options.onProgress) : undefined;
  try {
    return await Promise.all(options.files.map((file, index) => uploadOne(options, file, index, progressOf?.(index))));
  } finally {
    endLoading();
  }
}
