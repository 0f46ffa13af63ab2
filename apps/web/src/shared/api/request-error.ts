/**
 * Why a request failed. `handled` is true when the request layer already showed the
 * user a modal, so callers do not show a second message.
 */
export type RequestErrorKind =
  /** No path given: '【request】缺失數據url'. */
  | 'missing-url'
  /** HTTP status other than 200: 'http狀態碼' + code. */
  | 'http'
  /** Body that does not decrypt, parse or match the endpoint's schema. */
  | 'undecodable'
  /** Envelope 301: session cleared, sent to login. */
  | 'relogin'
  /** Envelope 500: the server's message, for the caller to show. */
  | 'business'
  /** Envelope status 0: rethrown without any modal. */
  | 'status-zero'
  /** Any other envelope status: shown in the '溫馨提示' modal. */
  | 'unexpected-status'
  /** The request never got an answer (refused, offline, blocked). */
  | 'network'
  /** No answer within the timeout. */
  | 'timeout'
  /** The caller aborted the call (its `signal`): nobody waits for the answer. */
  | 'cancelled';

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly status: number | undefined;
  readonly handled: boolean;

  constructor(kind: RequestErrorKind, message: string, options: { status?: number; handled?: boolean } = {}) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    this.status = options.status;
    this.handled = options.handled ?? false;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}
