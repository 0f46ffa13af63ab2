import { z } from 'zod';

/** Envelope statuses of the wire protocol (SPEC.md section 4). */
export const STATUS_OK = 200;
/** Session missing or expired: the client clears token, loginInfo, applyInfo and goes to login. */
export const STATUS_RELOGIN = 301;
/** Business error: `message` is a Traditional Chinese text for the user. */
export const STATUS_ERROR = 500;

export type EnvelopeStatus = typeof STATUS_OK | typeof STATUS_RELOGIN | typeof STATUS_ERROR;

export interface Envelope<TBody = unknown> {
  status: EnvelopeStatus;
  message: string;
  body: TBody;
}

export const ZEnvelopeSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  body: z.unknown(),
});

export { GET_PAYLOAD_PARAM } from './wire-request.ts';
