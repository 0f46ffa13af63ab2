import { randomBytes } from 'node:crypto';
import { ADMIN_CSRF_COOKIE, ADMIN_CSRF_HEADER, adminUrl, ADMIN_ROUTES, type TAdminRoute } from '@app/contract/admin/admin-routes.ts';
import type { TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import { createOperator } from '../modules/admin/create-operator.ts';
import { totpCodeAt, TOTP_PERIOD_SECONDS } from '../modules/admin/operator-secrets.ts';
import { SECOND, type AccountsServer } from './accounts-test-kit.ts';

/**
 * The admin API as the console uses it: JSON over HTTP, a cookie jar, the CSRF token sent
 * back in its header on every state-changing call.
 */
export class AdminClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async call(
    route: TAdminRoute,
    options: { params?: Record<string, string | number>; body?: unknown; query?: string; csrf?: boolean } = {},
  ): Promise<{ status: number; json: unknown; headers: Headers }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = this.cookies.get(ADMIN_CSRF_COOKIE);
    if (route.method !== 'GET' && options.csrf !== false && csrf) headers[ADMIN_CSRF_HEADER] = csrf;
    let body: string | undefined;
    if (route.method !== 'GET' && route.method !== 'DELETE') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body ?? {});
    }
    const response = await fetch(`${this.baseUrl}${adminUrl(route, options.params)}${options.query ? `?${options.query}` : ''}`, {
      method: route.method,
      headers,
      body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const cleared = attributes.some((attribute) => /^\s*expires=thu, 01 jan 1970/i.test(attribute)) || value === '';
      if (cleared) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.trim());
    }
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      json: type.includes('json') ? await response.json() : await response.arrayBuffer(),
      headers: response.headers,
    };
  }

  /** Fetches a CSRF cookie (as the console does before its first state-changing call). */
  async start(): Promise<this> {
    await this.call(ADMIN_ROUTES.csrf);
    return this;
  }
}

export interface EnrolledOperator {
  id: number;
  username: string;
  role: TOperatorRole;
  password: string;
  secret: string;
  recoveryCodes: string[];
}

/** Moves the clock to the next TOTP step, so the code of "now" was never used. */
export function nextTotpStep(server: AccountsServer): void {
  server.clock.advance(TOTP_PERIOD_SECONDS * SECOND);
}

/** An operator created as `npm run admin:create` does, then enrolled through the API with the link. */
export async function enrolledOperator(server: AccountsServer, username: string, role: TOperatorRole): Promise<EnrolledOperator> {
  const link = await createOperator({
    db: server.app.db,
    config: server.app.config.admin,
    actor: { operatorId: null, operatorName: '(command line)' },
    username,
    role,
    now: server.clock.now(),
  });
  const token = link.enrolmentPath.split('/').at(-1) ?? '';
  const client = await new AdminClient(server.baseUrl).start();
  const shown = await client.call(ADMIN_ROUTES.enrolmentShow, { body: { token } });
  if (shown.status !== 200) throw new Error(`enrolment show: ${shown.status} ${JSON.stringify(shown.json)}`);
  const { secret } = shown.json as { secret: string };
  const password = `pw-${randomBytes(6).toString('hex')}-long`;
  const done = await client.call(ADMIN_ROUTES.enrolmentComplete, {
    body: { token, password, code: totpCodeAt(secret, server.clock.now()) },
  });
  if (done.status !== 200) throw new Error(`enrolment complete: ${done.status} ${JSON.stringify(done.json)}`);
  return { id: link.operatorId, username, role, password, secret, recoveryCodes: (done.json as { recoveryCodes: string[] }).recoveryCodes };
}

/** Signs the operator in on a fresh client (at the next TOTP step). */
export async function signedInClient(server: AccountsServer, operator: EnrolledOperator): Promise<AdminClient> {
  nextTotpStep(server);
  const client = await new AdminClient(server.baseUrl).start();
  const result = await client.call(ADMIN_ROUTES.login, {
    body: { username: operator.username, password: operator.password, code: totpCodeAt(operator.secret, server.clock.now()) },
  });
  if (result.status !== 200) throw new Error(`sign-in of ${operator.username}: ${result.status} ${JSON.stringify(result.json)}`);
  return client;
}
