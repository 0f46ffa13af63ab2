import { STATUS_OK } from '@app/contract/envelope.ts';
import { HTTP_STATUS_PREFIX, REQUEST_INTERCEPTOR_REJECTED, UPLOAD_FILES_NOT_ARRAY, UPLOAD_MISSING_URL, UPLOAD_TOO_LARGE } from '@app/contract/messages/request-errors.ts';
import { decodeEnvelope } from '@app/contract/wire.ts';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { getRuntimeConfig } from '../config/runtime-config.ts';
import { buildHeaders } from '../api/request-headers.ts';
import { RequestError } from '../api/request-error.ts';
import { toast } from '../ui/feedback.ts';
import { beginLoading } from '../ui/loading-store.ts';

/** SPEC.md section 9: upload timeout. */
export const UPLOAD_TIMEOUT_MS = 60_000;
export const DEFAULT_FILE_FIELD = 'file';

/** What the upload path answers for each file (SPEC.md section 3). */
export interface UploadedFile {
  key: string;
  imageURL: string;
}

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

async function uploadOne(options: UploadOptions, file: Blob, index: number): Promise<UploadedFile> {
  const config = getRuntimeConfig();
  const cipher = createBrowserCipher(config.cipherKey);
  const form = new FormData();
  for (const [key, value] of Object.entries(options.formData ?? {})) form.append(key, value);
  form.append(options.name ?? DEFAULT_FILE_FIELD, file, fileName(file, index));
  const url = /^https?:\/\//.test(options.url) ? options.url : `${config.apiBase}${options.url}`;
  const response = await fetch(url, {
    method: 'POST',
    // No content-type: the browser sets multipart/form-data with its boundary.
    headers: buildHeaders(cipher, config.packageName),
    body: form,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  if (response.status !== 200) {
    throw new RequestError('http', `${HTTP_STATUS_PREFIX}${response.status}`, { status: response.status });
  }
  const contentType = response.headers.get('content-type') ?? '';
  const raw: unknown = contentType.includes('json') ? await response.json() : await response.text();
  const envelope = decodeEnvelope(raw, cipher);
  if (envelope.status !== STATUS_OK) {
    throw new RequestError('business', envelope.message, { status: envelope.status });
  }
  const body: Record<string, unknown> =
    typeof envelope.body === 'object' && envelope.body !== null ? { ...envelope.body } : {};
  return { key: String(body.key ?? ''), imageURL: String(body.imageURL ?? '') };
}

/** Multipart upload of each picked file, with the form data and the API headers. */
export async function uploadFiles(options: UploadOptions): Promise<UploadedFile[]> {
  await checkUpload(options);
  const endLoading = options.loading ? beginLoading() : () => undefined;
  try {
    return await Promise.all(options.files.map((file, index) => uploadOne(options, file, index)));
  } finally {
    endLoading();
  }
}
