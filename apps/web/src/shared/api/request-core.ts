import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import type { WireCipher } from '@app/contract/cipher-format.ts';
import type { Endpoint, RequestOf, ResponseOf } from '@app/contract/endpoints.ts';
import { endpoint } from '@app/contract/endpoint.ts';
import { STATUS_ERROR, STATUS_OK, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { HEADER } from '@app/contract/header-names.ts';
import { DATA_ERROR_RELOGIN, DATA_INVALID, HTTP_STATUS_PREFIX, REQUEST_MISSING_URL } from '@app/contract/messages/request-errors.ts';
import { PATHS, type PathDef } from '@app/contract/paths.ts';
import { ZChangeDomainNameResponseSchema } from '@app/contract/schemas/app-origins-and-campaigns.ts';
import { ZEmptyRequestSchema } from '@app/contract/schemas/common.ts';
import { ZUploadImageResponseSchema, type TUploadImageResponse } from '@app/contract/schemas/upload.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import { getRuntimeConfig } from '../config/runtime-config.ts';
import { endSession } from '../session/session.ts';
import { showAccessFailedModal, showTimeoutModal, showWarmModal, toast } from '../ui/feedback.ts';
import { beginLoading } from '../ui/loading-store.ts';
import { basesInTurn, currentApiBase, keepApiOrigins, maySendAgain, rememberApiBase } from './api-origins.ts';
import { goToLogin } from './navigation.ts';
import { earlyRequestKey, takeEarlyAnswer } from './early-answers.ts';
import { buildHeaders } from './request-headers.ts';
import { RequestError } from './request-error.ts';
import { noteServerDate } from './server-clock.ts';
import { API_TIMEOUT_MS, fetchTransport, type Outgoing, type Transported } from './transport.ts';

/**
 * Requests whose answer is image work on the server (reading the ID card, the three face
 * checks): seconds each on a quiet server, more while the models first load or many
 * borrowers send photos at once; waiting longer beats telling a borrower the network failed.
 */
export const IMAGE_WORK_TIMEOUT_MS = 60_000;
/** Envelope status that is passed back to the caller without any modal. */
const STATUS_SILENT = 0;

export interface RequestOptions {
  /** Show the counted loading indicator while this call runs. */
  loading?: boolean;
  timeoutMs?: number;
  /**
   * Uploads: the share of the body sent so far, 0 to 1. fetch cannot report it, so a
   * call with this option is sent by XMLHttpRequest (its `upload.onprogress`).
   */
  onUploadProgress?: (fraction: number) => void;
  /**
   * The caller no longer wants the answer (react-query's signal for a stale quote): the
   * call is aborted and rejects with a handled 'cancelled' error, without any modal.
   */
  signal?: AbortSignal;
  /**
   * A call made in the background (the launch mark, the list of API origins): a failure
   * shows nothing, no modal or toast; the caller gets the error.
   */
  quiet?: boolean;
}

let cipher: WireCipher | undefined;
function wireCipher(): WireCipher {
  cipher ??= createBrowserCipher(getRuntimeConfig().cipherKey);
  return cipher;
}

function relogin(): void {
  endSession('expired');
  goToLogin();
}

/** The '溫馨提示' modal (none for a quiet call); a 500 or a 'fail' message means the session is unusable. */
function warmFailure(error: RequestError, quiet = false): RequestError {
  const fatal = error.status === STATUS_ERROR || error.message.toLowerCase().includes('fail');
  if (quiet) return new RequestError(error.kind, error.message, { status: error.status, handled: true });
  if (fatal) showWarmModal(DATA_ERROR_RELOGIN, relogin);
  else showWarmModal(error.message);
  return new RequestError(error.kind, fatal ? DATA_ERROR_RELOGIN : error.message, {
    status: error.status,
    handled: true,
  });
}

/** The request of a contract path: encrypted payload and the API headers, its address under the API base. */
function encode(path: PathDef, payload: unknown): Outgoing {
  if (!path.path) throw new RequestError('missing-url', REQUEST_MISSING_URL);
  const config = getRuntimeConfig();
  const wire = encodeRequest(path, payload, wireCipher(), '', buildHeaders(wireCipher(), config.packageName));
  return { ...wire, sendAgain: maySendAgain(path.method, path.path, payload), earlyKey: earlyRequestKey(path, payload) };
}

const ABSOLUTE_URL = /^https?:\/\//;

/** The page's origin: the API base '' means it. */
function pageOrigin(): string {
  return new URL(window.location.href).origin;
}

/** Where a call goes now: an absolute address as it is, a path under the current API base. */
function addressOf(url: string): string {
  return ABSOLUTE_URL.test(url) ? url : `${currentApiBase(getRuntimeConfig().apiBase, pageOrigin())}${url}`;
}

/** The browser says it is offline: every origin would fail alike, so none is tried for another. */
function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The same request by XMLHttpRequest, for the upload progress fetch cannot give. */
function xhrTransport(wire: Outgoing, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<Transported> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(wire.method, wire.url);
    for (const [name, value] of Object.entries(wire.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const contentType = xhr.getResponseHeader('content-type') ?? '';
      const text = xhr.responseText;
      resolve({
        status: xhr.status,
        contentType,
        read: async () => (contentType.includes('json') ? (JSON.parse(text) as unknown) : text),
        date: xhr.getResponseHeader('date'),
        receivedAt: Date.now(),
      });
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(wire.body ?? null);
  });
}

/** An early answer, or a rejection as a fetch's when the attempt is aborted (its time is up, or the caller cancelled) first. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Sends a request and returns the answer's text (or parsed JSON when it came as JSON).
 * Transport failures (timeout, no answer, HTTP status, unreadable body) end here.
 */
async function send(wire: Outgoing, options: RequestOptions): Promise<unknown> {
  return (await sendTyped(wire, options)).body;
}

/**
 * `send`, with the answer's content type (the contract path answers HTML, or an envelope on
 * failure). A call under the API base that gets no answer (refused, unreachable, timed
 * out) and may be sent twice goes on to the next API origin, each once; the one that
 * answers is kept. An answer of any kind (an HTTP error too) ends the round.
 */
async function sendTyped(wire: Outgoing, options: RequestOptions): Promise<{ body: unknown; contentType: string }> {
  const endLoading = options.loading ? beginLoading() : () => undefined;
  const quiet = options.quiet === true;
  const configuredBase = getRuntimeConfig().apiBase;
  const underApi = !ABSOLUTE_URL.test(wire.url);
  const bases = underApi ? basesInTurn(configuredBase, pageOrigin()) : [''];
  const tries = wire.sendAgain && !offline() ? bases : bases.slice(0, 1);
  let controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const onProgress = options.onUploadProgress;
  try {
    if (options.signal?.aborted) throw new RequestError('cancelled', 'cancelled', { handled: true });
    let response: Transported | undefined;
    let timedOut = false;
    // Asked for before the app ran (early-answers.ts): that answer, to the current origin, stands for the first try.
    const early = wire.earlyKey === undefined ? undefined : takeEarlyAnswer(wire.earlyKey, wire.headers[HEADER.token] ?? '');
    for (const [index, base] of tries.entries()) {
      controller = new AbortController();
      clearTimeout(timer);
      const attempt = controller;
      timer = setTimeout(() => attempt.abort(), options.timeoutMs ?? API_TIMEOUT_MS);
      const target = { ...wire, url: `${base}${wire.url}` };
      try {
        const earlyAnswer = index === 0 && early ? await untilAborted(early, attempt.signal) : null;
        response =
          earlyAnswer ??
          (onProgress ? await xhrTransport(target, attempt.signal, onProgress) : await fetchTransport(target, attempt.signal));
      } catch {
        if (options.signal?.aborted) throw new RequestError('cancelled', 'cancelled', { handled: true });
        timedOut = attempt.signal.aborted;
        continue;
      }
      if (index > 0) rememberApiBase(base, configuredBase);
      noteServerDate(response.date, response.receivedAt);
      break;
    }
    if (!response) {
      // A call sent to one origin only: the list's own call looks for one that answers, for the next calls.
      if (underApi && !wire.sendAgain && bases.length > 1) void refreshApiOrigins();
      if (timedOut) {
        endLoading();
        if (!quiet) showTimeoutModal();
        throw new RequestError('timeout', 'timeout', { handled: true });
      }
      if (!quiet) showAccessFailedModal(window.location.href);
      throw new RequestError('network', 'network', { handled: true });
    }
    if (response.status !== 200) {
      throw warmFailure(new RequestError('http', `${HTTP_STATUS_PREFIX}${response.status}`, { status: response.status }), quiet);
    }
    try {
      const body = await response.read();
      onProgress?.(1);
      return { body, contentType: response.contentType };
    } catch {
      if (options.signal?.aborted) throw new RequestError('cancelled', 'cancelled', { handled: true });
      if (controller.signal.aborted) {
        endLoading();
        if (!quiet) showTimeoutModal();
        throw new RequestError('timeout', 'timeout', { handled: true });
      }
      throw warmFailure(new RequestError('undecodable', DATA_INVALID), quiet);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    endLoading();
  }
}

/** Fails start-up (listing every bad field) when the server injected a bad config. */
export function assertRuntimeConfig(): void {
  getRuntimeConfig();
}

/** A contract schema of an answer's body (zod's safeParse). */
interface BodySchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * The answer's envelope, by status (SPEC.md sections 4 and 8): 200 gives the body checked
 * against `schema`; 301 clears the session and goes to login; 500 is a business error
 * for the caller; an answer that does not decrypt, parse or match is '數據驗證不通過'.
 */
function answerBody<T>(raw: unknown, schema: BodySchema<T>, quiet = false): T {
  let envelope;
  try {
    envelope = decodeEnvelope(raw, wireCipher());
  } catch {
    throw warmFailure(new RequestError('undecodable', DATA_INVALID), quiet);
  }
  const status: number = envelope.status;
  switch (status) {
    case STATUS_OK: {
      const body = schema.safeParse(envelope.body);
      if (!body.success) throw warmFailure(new RequestError('undecodable', DATA_INVALID), quiet);
      return body.data;
    }
    case STATUS_RELOGIN:
      endSession('expired');
      if (envelope.message) toast(envelope.message);
      goToLogin();
      throw new RequestError('relogin', envelope.message, { status: STATUS_RELOGIN, handled: true });
    case STATUS_ERROR:
      throw new RequestError('business', envelope.message, { status: STATUS_ERROR });
    case STATUS_SILENT:
      throw new RequestError('status-zero', envelope.message, { status: STATUS_SILENT });
    default:
      throw warmFailure(new RequestError('unexpected-status', envelope.message, { status }), quiet);
  }
}

/**
 * Calls an endpoint of the contract: encrypted payload, decrypted envelope, body checked
 * against the endpoint's response schema. Every SPEC.md section 8 failure is handled
 * here; the caller only shows business messages (`showRequestError`).
 */
export async function request<E extends Endpoint>(
  endpoint: E,
  payload: RequestOf<E>,
  options: RequestOptions = {},
): Promise<ResponseOf<E>> {
  const raw = await send(encode(endpoint, payload), options);
  return answerBody(raw, endpoint.response, options.quiet) as ResponseOf<E>;
}

/** changeDomainName alone, not its group's other schemas: the protocol chunk loads at start. */
const CHANGE_DOMAIN_NAME = endpoint(PATHS.changeDomainName, ZEmptyRequestSchema, ZChangeDomainNameResponseSchema);
let originsAsked: Promise<void> | undefined;

/**
 * Asks the server which API origins the app may move to (changeDomainName) and keeps the
 * list for this start and the next; one call at a time, never shown to the user. Made at
 * start, and after a call that may not be sent twice found no server (the list's own call
 * goes round the origins and keeps the one that answers).
 */
export function refreshApiOrigins(): Promise<void> {
  originsAsked ??= request(CHANGE_DOMAIN_NAME, {}, { quiet: true })
    .then(({ domains }) => keepApiOrigins(domains, pageOrigin()))
    .catch(() => undefined)
    .finally(() => {
      originsAsked = undefined;
    });
  return originsAsked;
}

/** An envelope where a page or file was expected: always a failure (301, a business error, or unreadable). */
const NO_BODY: BodySchema<never> = { safeParse: () => ({ success: false }) };

/**
 * The contract-view path answers raw HTML, returned as it came, never decrypted; a
 * refusal (no session, not the caller's order) comes as an envelope and is handled like
 * every other call's.
 */
export async function requestRaw(path: PathDef, payload: unknown, options: RequestOptions = {}): Promise<string> {
  const { body, contentType } = await sendTyped(encode(path, payload), options);
  if (!contentType.includes('text/html')) return answerBody(body, NO_BODY);
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/**
 * A multipart upload (SPEC.md section 5) to `url`, absolute or under the API base: the
 * API headers without a content-type (the browser sets the multipart boundary), and the
 * answer handled like every other call's, its body an uploaded file (key, imageURL).
 */
export async function requestUpload(url: string, form: FormData, options: RequestOptions = {}): Promise<TUploadImageResponse> {
  const headers = buildHeaders(wireCipher(), getRuntimeConfig().packageName);
  const raw = await send({ url, method: 'POST', headers, body: form }, options);
  return answerBody(raw, ZUploadImageResponseSchema, options.quiet);
}

/**
 * The bytes of one of the caller's own uploads (upload/file answers them to their owner
 * only, with the session header, so an <img src> cannot load them).
 */
export async function requestOwnedFile(url: string, options: RequestOptions = {}): Promise<Blob> {
  const target = addressOf(url);
  const headers = buildHeaders(wireCipher(), getRuntimeConfig().packageName);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? API_TIMEOUT_MS);
  try {
    const response = await fetch(target, { headers, signal: controller.signal });
    if (response.status !== 200) throw new RequestError('http', `${HTTP_STATUS_PREFIX}${response.status}`, { status: response.status });
    return await response.blob();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A file answered by a GET path of the contract (the signed contract's PDF): the payload
 * encrypted like every GET, the bytes returned as they came. The path answers a refusal as
 * a small HTML page instead: its text is thrown as a business message for the caller.
 */
export async function requestRawFile(path: PathDef, payload: unknown, options: RequestOptions = {}): Promise<Blob> {
  const wire = encode(path, payload);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? API_TIMEOUT_MS);
  const endLoading = options.loading ? beginLoading() : () => undefined;
  try {
    const response = await fetch(addressOf(wire.url), { method: wire.method, headers: wire.headers, signal: controller.signal });
    if (response.status !== 200) throw new RequestError('http', `${HTTP_STATUS_PREFIX}${response.status}`, { status: response.status });
    // A refusal comes as an envelope (text), the file as itself.
    if ((response.headers.get('content-type') ?? '').startsWith('text/plain')) return answerBody(await response.text(), NO_BODY);
    return await response.blob();
  } finally {
    clearTimeout(timer);
    endLoading();
  }
}
