import type { FastifyPluginAsync } from 'fastify';
import { normalizeTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { TEST_PREFIX } from '../../plugins/test-hooks.ts';

/**
 * `GET /__test__/sms-outbox?mobile=` — the console provider's outbox, newest first, so
 * browser tests can log in. Registered only with TEST_HOOKS (refused in production),
 * and the outbox itself never exists in production.
 */
export const accountsTestHooks: FastifyPluginAsync = async (app) => {
  app.get(`${TEST_PREFIX}sms-outbox`, async (req) => {
    const raw = (req.query as Record<string, string | undefined>).mobile;
    const mobile = raw ? normalizeTaiwanMobile(raw) : null;
    if (raw && !mobile) return [];
    const messages = app.accounts.outbox?.outbox(mobile ?? undefined) ?? [];
    return messages.map((m) => ({
      to: m.to,
      text: m.text,
      code: /\b(\d{6})\b/.exec(m.text)?.[1] ?? null,
      sentAt: m.sentAt.toISOString(),
    }));
  });
};
