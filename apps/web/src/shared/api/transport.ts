/** SPEC.md section 9: every API call gives up after 15 s. */
export const API_TIMEOUT_MS = 15_000;

/** What a request layer posts: an address, the method, the API headers and the encoded body (or a multipart form). */
export interface Outgoing {
  /** Absolute, or a path under the API base: sent to the current API origin (api-origins.ts). */
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | FormData;
  /** The call may go on to the next API origin when one gave no answer (reads, and calls the server runs once by requestId). */
  sendAgain?: boolean;
  /** The call's key among the answers asked for before the app ran (early-answers.ts); none for uploads. */
  earlyKey?: string;
}

/** What a transport hands back: the HTTP status, the content type, a reader of the body, and the answer's `Date` header with when it came. */
export interface Transported {
  status: number;
  contentType: string;
  read: () => Promise<unknown>;
  /** For the server's clock (server-clock.ts), which the request layer sets from every answer, an early one too. */
  date: string | null;
  receivedAt: number;
}

/** One request by fetch. */
export async function fetchTransport(wire: Outgoing, signal: AbortSignal): Promise<Transported> {
  const response = await fetch(wire.url, { method: wire.method, headers: wire.headers, body: wire.body, signal });
  const contentType = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    contentType,
    read: () => (contentType.includes('json') ? response.json() : response.text()),
    date: response.headers.get('date'),
    receivedAt: Date.now(),
  };
}
