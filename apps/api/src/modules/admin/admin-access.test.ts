import { describe, expect, it } from 'vitest';
import {
  ADMIN_CSRF_INVALID,
  ADMIN_ENROLMENT_INVALID,
  ADMIN_FORBIDDEN,
  ADMIN_LOGIN_FAILED,
  ADMIN_LOGIN_LOCKED,
  ADMIN_SESSION_IDLE,
  ADMIN_SESSION_REQUIRED,
  ADMIN_SIGNINS_THROTTLED,
  ADMIN_TOTP_REPLAYED,
} from '@app/contract/admin/admin-messages.ts';
import { OPERATOR_ROLES, type TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import {
  ADMIN_CSRF_COOKIE,
  ADMIN_ROUTES,
  ADMIN_SESSION_COOKIE,
  roleMayCall,
  type TAdminRouteKey,
} from '@app/contract/admin/admin-routes.ts';
import { accountsServerPerFile, MINUTE } from '../../test/accounts-test-kit.ts';
import { AdminClient, enrolledOperator, nextTotpStep, signedInClient, type EnrolledOperator } from '../../test/admin-test-kit.ts';
import { totpCodeAt } from './operator-secrets.ts';
import { SIGNINS_PER_ADDRESS } from './routes.ts';

/**
 * Who reaches the admin API: every route with no session and with every role, the CSRF
 * check, and the sign-in (password, TOTP, replay, recovery codes, lockout, idle timeout).
 */

const { server } = accountsServerPerFile();

/** Values that satisfy each path parameter's shape (the records need not exist). */
const PARAMS = {
  orderId: 1,
  id: 1,
  userId: 1,
  image: 'idFront',
  kind: 'payouts',
  productId: 1,
  key: 'user_agreement',
  faqId: 'eligibility-who',
  batch: '20261126-1',
  frameId: 1,
  attemptId: 1,
};

const routes = Object.entries(ADMIN_ROUTES) as Array<[TAdminRouteKey, (typeof ADMIN_ROUTES)[TAdminRouteKey]]>;

describe('every admin route checks who calls it', () => {
  it('answers 401 without a session except on the public routes', async () => {
    const client = await new AdminClient(server.baseUrl).start();
    for (const [key, route] of routes) {
      const { status, json } = await client.call(route, { params: PARAMS });
      if (route.access === 'public') expect([200, 400, 404], key).toContain(status);
      else expect({ key, status, json }).toEqual({ key, status: 401, json: { message: ADMIN_SESSION_REQUIRED } });
    }
  });

  it('answers 403 to each role a route does not admit, and lets each admitted role through', async () => {
    const operators = new Map<TOperatorRole, EnrolledOperator>();
    for (const role of OPERATOR_ROLES) operators.set(role, await enrolledOperator(server, `grid-${role}`, role));
    for (const role of OPERATOR_ROLES) {
      const operator = operators.get(role);
      if (!operator) throw new Error('no operator');
      const client = await signedInClient(server, operator);
      // Sign-out last: the other routes need the session.
      for (const [key, route] of [...routes.filter(([key]) => key !== 'logout'), ...routes.filter(([key]) => key === 'logout')]) {
        const { status, json } = await client.call(route, { params: PARAMS });
        if (route.access === 'public') continue;
        if (roleMayCall(role, route)) {
          // Admitted: whatever the (dummy) input gives — never a refusal of who calls, never a failure.
          expect([200, 400, 404, 409], `${role} ${key}: ${status} ${JSON.stringify(json)}`).toContain(status);
        } else {
          expect({ role, key, status, json }).toEqual({ role, key, status: 403, json: { message: ADMIN_FORBIDDEN } });
        }
      }
    }
  });

  it('refuses a state-changing call without the CSRF token, or with one that is not the session’s', async () => {
    const admin = await enrolledOperator(server, 'csrf-admin', 'administrator');
    const client = await signedInClient(server, admin);
    const body = { origins: ['https://api2.example.tw'] };
    expect(await client.call(ADMIN_ROUTES.saveApiOrigins, { body, csrf: false })).toMatchObject({
      status: 403,
      json: { message: ADMIN_CSRF_INVALID },
    });
    // A token that matches its own cookie but not the session (cookie tossing) is refused too.
    const other = await new AdminClient(server.baseUrl).start();
    const forged = await fetch(`${server.baseUrl}/admin/api/settings/api-origins`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        cookie: `${ADMIN_SESSION_COOKIE}=${client.cookie(ADMIN_SESSION_COOKIE)}; ${ADMIN_CSRF_COOKIE}=${other.cookie(ADMIN_CSRF_COOKIE)}`,
        'x-csrf-token': other.cookie(ADMIN_CSRF_COOKIE) ?? '',
      },
      body: JSON.stringify(body),
    });
    expect(forged.status).toBe(403);
    expect(await client.call(ADMIN_ROUTES.saveApiOrigins, { body })).toMatchObject({ status: 200 });
  });

  it('sets the session cookie HttpOnly and SameSite=Strict on /admin, and the CSRF cookie readable by the page', async () => {
    const admin = await enrolledOperator(server, 'cookie-admin', 'administrator');
    nextTotpStep(server);
    const client = await new AdminClient(server.baseUrl).start();
    const result = await client.call(ADMIN_ROUTES.login, {
      body: { username: admin.username, password: admin.password, code: totpCodeAt(admin.secret, server.clock.now()) },
    });
    const cookies = result.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith(`${ADMIN_SESSION_COOKIE}=`)) ?? '';
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).toMatch(/Path=\/admin/);
    // Plain http in tests: Secure only over TLS or in production.
    expect(session).not.toMatch(/Secure/);
    expect(cookies.find((line) => line.startsWith(`${ADMIN_CSRF_COOKIE}=`))).not.toMatch(/HttpOnly/);
  });
});

describe('operator sign-in', () => {
  const signIn = (client: AdminClient, operator: EnrolledOperator, code: string, password = operator.password) =>
    client.call(ADMIN_ROUTES.login, { body: { username: operator.username, password, code } });

  it('refuses a wrong password or a wrong code with one message, and a code already used even when right', async () => {
    const reviewer = await enrolledOperator(server, 'totp-reviewer', 'reviewer');
    const client = await new AdminClient(server.baseUrl).start();
    nextTotpStep(server);
    const code = totpCodeAt(reviewer.secret, server.clock.now());
    expect(await signIn(client, reviewer, code, 'wrong-password-123')).toMatchObject({
      status: 401,
      json: { message: ADMIN_LOGIN_FAILED },
    });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await signIn(client, reviewer, wrongCode)).toMatchObject({ status: 401, json: { message: ADMIN_LOGIN_FAILED } });
    expect(await signIn(client, reviewer, code)).toMatchObject({
      status: 200,
      json: { operator: { username: reviewer.username, role: 'reviewer' } },
    });
    // The same code again (a replay), on another client, within its 30 s.
    const replay = await new AdminClient(server.baseUrl).start();
    expect(await signIn(replay, reviewer, code)).toMatchObject({ status: 401, json: { message: ADMIN_TOTP_REPLAYED } });
    // An unknown name answers as a wrong password does.
    expect(await replay.call(ADMIN_ROUTES.login, { body: { username: 'nobody-here', password: 'x', code } })).toMatchObject({
      status: 401,
      json: { message: ADMIN_LOGIN_FAILED },
    });
  });

  it('accepts each recovery code once in place of a TOTP code', async () => {
    const finance = await enrolledOperator(server, 'recovery-finance', 'finance');
    const [recovery] = finance.recoveryCodes;
    expect(finance.recoveryCodes).toHaveLength(10);
    const client = await new AdminClient(server.baseUrl).start();
    expect(await signIn(client, finance, recovery ?? '')).toMatchObject({ status: 200 });
    expect(await signIn(client, finance, recovery ?? '')).toMatchObject({ status: 401, json: { message: ADMIN_LOGIN_FAILED } });
  });

  it('locks the operator after five failures in a row, even for the right code, for 15 minutes', async () => {
    const support = await enrolledOperator(server, 'locked-support', 'support');
    const client = await new AdminClient(server.baseUrl).start();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(client, support, '123456', 'not-the-password')).status).toBe(401);
    }
    nextTotpStep(server);
    expect(await signIn(client, support, totpCodeAt(support.secret, server.clock.now()))).toMatchObject({
      status: 401,
      json: { message: ADMIN_LOGIN_LOCKED },
    });
    server.clock.advance(15 * MINUTE);
    expect(await signIn(client, support, totpCodeAt(support.secret, server.clock.now()))).toMatchObject({ status: 200 });
  });

  it('ends a session idle for more than 15 minutes, and a signed-out one', async () => {
    const admin = await enrolledOperator(server, 'idle-admin', 'administrator');
    const client = await signedInClient(server, admin);
    server.clock.advance(14 * MINUTE);
    expect((await client.call(ADMIN_ROUTES.session)).status).toBe(200);
    server.clock.advance(14 * MINUTE);
    expect((await client.call(ADMIN_ROUTES.session)).status).toBe(200);
    server.clock.advance(16 * MINUTE);
    expect(await client.call(ADMIN_ROUTES.session)).toMatchObject({ status: 401, json: { message: ADMIN_SESSION_IDLE } });

    const again = await signedInClient(server, admin);
    const token = again.cookie(ADMIN_SESSION_COOKIE);
    expect((await again.call(ADMIN_ROUTES.logout)).status).toBe(200);
    const reused = await fetch(`${server.baseUrl}/admin/api/session`, { headers: { cookie: `${ADMIN_SESSION_COOKIE}=${token}` } });
    expect(reused.status).toBe(401);
  });

  it('uses an enrolment link once, and refuses a weak password or a wrong first code, changing nothing', async () => {
    const { createOperator } = await import('./create-operator.ts');
    const link = await createOperator({
      db: server.app.db,
      config: server.app.config.admin,
      actor: { operatorId: null, operatorName: '(command line)' },
      username: 'link-once',
      role: 'reviewer',
      now: server.clock.now(),
    });
    const token = link.enrolmentPath.split('/').at(-1) ?? '';
    const client = await new AdminClient(server.baseUrl).start();
    const shown = await client.call(ADMIN_ROUTES.enrolmentShow, { body: { token } });
    expect(shown).toMatchObject({ status: 200, json: { username: 'link-once', role: 'reviewer' } });
    const { secret, qrDataUrl } = shown.json as { secret: string; qrDataUrl: string };
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const code = totpCodeAt(secret, server.clock.now());
    expect((await client.call(ADMIN_ROUTES.enrolmentComplete, { body: { token, password: 'short', code } })).status).toBe(400);
    expect(
      (
        await client.call(ADMIN_ROUTES.enrolmentComplete, {
          body: { token, password: 'a-long-enough-password', code: code === '000000' ? '111111' : '000000' },
        })
      ).status,
    ).toBe(409);
    expect((await client.call(ADMIN_ROUTES.enrolmentComplete, { body: { token, password: 'a-long-enough-password', code } })).status).toBe(
      200,
    );
    expect(await client.call(ADMIN_ROUTES.enrolmentShow, { body: { token } })).toMatchObject({
      status: 404,
      json: { message: ADMIN_ENROLMENT_INVALID },
    });
  });

  it('throttles sign-in tries from one address across names, even right ones, for 15 minutes', async () => {
    const admin = await enrolledOperator(server, 'throttle-admin', 'administrator');
    // A window of its own: the earlier tests' tries are more than 15 minutes back.
    server.clock.advance(16 * MINUTE);
    const client = await new AdminClient(server.baseUrl).start();
    for (let attempt = 0; attempt < SIGNINS_PER_ADDRESS; attempt += 1) {
      const result = await client.call(ADMIN_ROUTES.login, {
        body: { username: `sprayed-${attempt}`, password: 'Winter2026!', code: '123456' },
      });
      expect(result.status).toBe(401);
    }
    nextTotpStep(server);
    const right = { username: admin.username, password: admin.password, code: totpCodeAt(admin.secret, server.clock.now()) };
    expect(await client.call(ADMIN_ROUTES.login, { body: right })).toMatchObject({
      status: 401,
      json: { message: ADMIN_SIGNINS_THROTTLED },
    });
    server.clock.advance(16 * MINUTE);
    expect((await client.call(ADMIN_ROUTES.login, { body: { ...right, code: totpCodeAt(admin.secret, server.clock.now()) } })).status).toBe(
      200,
    );
  });
});
