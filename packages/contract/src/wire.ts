import type { Endpoint } from './endpoints.ts';
import { GET_PAYLOAD_PARAM, ZEnvelopeSchema, type Envelope } from './envelope.ts';
import { CONTENT_TYPE_TEXT } from './headers.ts';
import type { WireCipher } from './cipher-format.ts';
import type { PathDef } from './paths.ts';

/**
 * The protocol's framing, free of UI and runtime: how a payload becomes a request and
 * how an answer becomes an envelope. The web request layer, the protocol CLI and the
 * API tests all use it, so they cannot drift.
 */
export interface WireRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export function encodeRequest(
  path: Pick<PathDef, 'method' | 'path'> | Endpoint,
  payload: unknown,
  cipher: WireCipher,
  apiBase = '',
  headers: Record<string, string> = {},
): WireRequest {
  const cipherText = cipher.encrypt(JSON.stringify(payload ?? {}));
  const allHeaders = { 'content-type': CONTENT_TYPE_TEXT, ...headers };
  if (path.method === 'GET') {
    const query = new URLSearchParams({ [GET_PAYLOAD_PARAM]: cipherText });
    return { url: `${apiBase}${path.path}?${query.toString()}`, method: 'GET', headers: allHeaders };
  }
  return { url: `${apiBase}${path.path}`, method: 'POST', headers: allHeaders, body: cipherText };
}

export class UndecodableResponseError extends Error {
  constructor() {
    super('undecodable response');
    this.name = 'UndecodableResponseError';
  }
}

/**
 * Decrypts and parses an answer. Answers that are already objects pass through
 * (SPEC.md section 7: "decrypted ... unless already objects").
 */
export function decodeEnvelope(raw: unknown, cipher: WireCipher): Envelope {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(cipher.decrypt(raw.trim()));
    } catch {
      throw new UndecodableResponseError();
    }
  }
  const parsed = ZEnvelopeSchema.safeParse(value);
  if (!parsed.success) throw new UndecodableResponseError();
  return parsed.data as Envelope;
}
