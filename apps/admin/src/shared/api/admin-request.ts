import { ADMIN_SERVER_ERROR } from '@app/contract/admin/admin-messages.ts';
import { ADMIN_CSRF_COOKIE, ADMIN_CSRF_HEADER, adminUrl, type TAdminRoute } from '@app/contract/admin/admin-routes.ts';

/** A refusal of the admin API: its Traditional Chinese message and HTTP status. */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

function csrfToken(): string {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${ADMIN_CSRF_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(ADMIN_CSRF_COOKIE.length + 1)) : '';
}

/** Makes sure the CSRF cookie exists before the first state-changing call (the sign-in page's). */
export async function ensureCsrfCookie(route: TAdminRoute): Promise<void> {
  if (!csrfToken()) await fetch(adminUrl(route), { credentials: 'same-origin' });
}

export interface RequestOptions {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
}

/**
 * One call of the admin API: JSON, the session cookie, and on every state-changing call
 * the CSRF token read from its cookie into the header (double submit).
 */
export async function adminRequest<T>(route: TAdminRoute, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (route.method !== 'GET') headers[ADMIN_CSRF_HEADER] = csrfToken();
  let body: string | undefined;
  if (route.method === 'POST' || route.method === 'PUT') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') search.set(key, String(value));
  const url = `${adminUrl(route, options.params)}${search.size > 0 ? `?${search}` : ''}`;
  let response: Response;
  try {
    response = await fetch(url, { method: route.method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new AdminApiError(ADMIN_SERVER_ERROR, 0);
  }
  const json = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new AdminApiError(json?.message ?? ADMIN_SERVER_ERROR, response.status);
  return json as T;
}

/** Where an image route of the API answers (an <img> sends the cookie by itself). */
export function adminImageUrl(route: TAdminRoute, params: Record<string, string | number>): string {
  return adminUrl(route, params);
}
