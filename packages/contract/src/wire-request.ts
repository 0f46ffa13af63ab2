import type { Endpoint } from './endpoints.ts';
import type { WireCipher } from './cipher-format.ts';
import { CONTENT_TYPE_TEXT } from './header-names.ts';
import type { PathDef } from './paths.ts';

/** Query parameter that carries the encrypted payload of a GET request. */
export const GET_PAYLOAD_PARAM = 'HCDCYL';

/**
 * The protocol's framing, free of UI and runtime: how a payload becomes a request (here)
 * and how an answer becomes an envelope (wire.ts). The web request layer, the protocol CLI
 * and the API tests all use it, so they cannot drift. Free of zod (decision 0194): the web
 * app's early start encodes with it before the schemas have loaded.
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
