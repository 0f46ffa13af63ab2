import { DATA_INVALID, SERVER_ERROR, SESSION_EXPIRED } from '@app/contract/messages/request-errors.ts';

/**
 * The API's one error type. `userMessage` (from the contract's messages/ files) is what the client
 * sees; `message` is for the log and must carry no personal data.
 */
export type AppErrorCode =
  /** Body or HCDCYL that does not decrypt or is not JSON: envelope 500 DATA_INVALID. */
  | 'DATA_INVALID'
  /** Payload decrypted but failed the endpoint's schema: envelope 500 naming the field. */
  | 'FIELD_INVALID'
  /** An `auth: true` path without a valid session: envelope 301 SESSION_EXPIRED. */
  | 'SESSION_EXPIRED'
  /** A looked-up record (config key, document…) does not exist: envelope 500. */
  | 'NOT_FOUND'
  /** A business rule refused the request (thrown by services): envelope 500. */
  | 'BUSINESS_RULE'
  /** The admin API: no session, an idle one, or a failed sign-in: HTTP 401. */
  | 'UNAUTHENTICATED'
  /** The admin API: the operator's role may not, or the CSRF token is missing: HTTP 403. */
  | 'FORBIDDEN'
  /** Anything unexpected; never thrown on purpose, the error handler maps to it. */
  | 'INTERNAL';

const DEFAULT_USER_MESSAGE: Record<AppErrorCode, string> = {
  DATA_INVALID,
  FIELD_INVALID: DATA_INVALID,
  SESSION_EXPIRED,
  NOT_FOUND: SERVER_ERROR,
  BUSINESS_RULE: SERVER_ERROR,
  UNAUTHENTICATED: SERVER_ERROR,
  FORBIDDEN: SERVER_ERROR,
  INTERNAL: SERVER_ERROR,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly userMessage: string;

  constructor(code: AppErrorCode, options: { userMessage?: string; message?: string } = {}) {
    super(options.message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.userMessage = options.userMessage ?? DEFAULT_USER_MESSAGE[code];
  }
}
