import type { Endpoint, RequestOf, ResponseOf } from '@app/contract/endpoints.ts';
import type { PathDef } from '@app/contract/paths.ts';
import type { TUploadImageResponse } from '@app/contract/schemas/upload.ts';
import { showAccessFailedModal, toastError } from '../ui/feedback.ts';
import { RequestError, isRequestError } from './request-error.ts';
import type * as RequestCoreModule from './request-core.ts';
import type { RequestOptions } from './request-core.ts';

export type { RequestOptions } from './request-core.ts';

type RequestCore = typeof RequestCoreModule;

/**
 * The protocol code (cipher, zod schemas, envelope decoding) is a third of the app's
 * JavaScript and nothing on screen needs it to render: it is its own chunk, fetched
 * right after start-up (`preloadRequestCore`) and awaited by the first call.
 */
let core: Promise<RequestCore> | undefined;

/**
 * The protocol code's heaviest parts (decision 0179): a dynamic import's module graph is
 * evaluated in one task, and zod, the cipher's tables and the protocol's schemas were one
 * graph — 75 ms on this machine, 300 ms at Lighthouse's 4x CPU, the first load's longest
 * task. Imported one by one, each is evaluated in a task of its own: zod (through the
 * smallest module that imports it), the common schemas, the cipher (its AES tables); then
 * the rest with request-core. All three are asked for at once, not each after the one
 * before: a dynamic import's evaluation waits for a free turn on the main thread, and while
 * a page's chunks arrive a chain of three waited 180 ms there before the first request
 * could leave (applyFor, 2026-11-28 trace); the common schemas are asked for once zod is in.
 */
const REQUEST_CORE_PARTS: ReadonlyArray<ReadonlyArray<() => Promise<unknown>>> = [
  [() => import('@app/contract/schemas/order-state.ts'), () => import('@app/contract/cipher-browser.ts')],
  [() => import('@app/contract/schemas/common.ts')],
];

export function preloadRequestCore(): Promise<RequestCore> {
  core ??= REQUEST_CORE_PARTS.reduce(
    (loaded: Promise<unknown>, parts) => loaded.then(() => Promise.all(parts.map((part) => part()))),
    Promise.resolve(),
  )
    .then(() => import('./request-core.ts'))
    .catch((error: unknown) => {
      core = undefined;
      throw error;
    });
  return core;
}

async function loadCore(): Promise<RequestCore> {
  try {
    return await preloadRequestCore();
  } catch {
    showAccessFailedModal(window.location.href);
    throw new RequestError('network', 'network', { handled: true });
  }
}

/**
 * Calls an endpoint of the contract: encrypted payload, decrypted envelope, body checked
 * against the endpoint's response schema. Every SPEC.md section 8 failure is handled by
 * the request layer; callers only show business messages (`showRequestError`).
 */
export async function request<E extends Endpoint>(
  endpoint: E,
  payload: RequestOf<E>,
  options: RequestOptions = {},
): Promise<ResponseOf<E>> {
  return (await loadCore()).request(endpoint, payload, options);
}

/** The contract-view path answers raw HTML: returned as it came, never decrypted. */
export async function requestRaw(path: PathDef, payload: unknown, options: RequestOptions = {}): Promise<string> {
  return (await loadCore()).requestRaw(path, payload, options);
}

/** A multipart upload, its answer handled like every other call's (see request-core.ts). */
export async function requestUpload(url: string, form: FormData, options: RequestOptions = {}): Promise<TUploadImageResponse> {
  return (await loadCore()).requestUpload(url, form, options);
}

/** Shows what the request layer left to the caller (a business message) as an error toast. */
export function showRequestError(error: unknown): void {
  const text = requestErrorText(error);
  if (text) toastError(text);
}

/** What a failed call says to the user (showRequestError's text); null for one the request layer already handled. */
export function requestErrorText(error: unknown): string | null {
  if (isRequestError(error)) return !error.handled && error.kind !== 'status-zero' && error.message ? error.message : null;
  return error instanceof Error && error.message ? error.message : null;
}

/** One of the caller's own uploaded images, as a Blob (see request-core.ts). */
export async function requestOwnedFile(url: string, options: RequestOptions = {}): Promise<Blob> {
  return (await loadCore()).requestOwnedFile(url, options);
}

/** A file answered by a GET path (the signed contract's PDF), as a Blob (see request-core.ts). */
export async function requestRawFile(path: PathDef, payload: unknown, options: RequestOptions = {}): Promise<Blob> {
  return (await loadCore()).requestRawFile(path, payload, options);
}
