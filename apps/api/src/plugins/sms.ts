import fp from 'fastify-plugin';
import { normalizeTaiwanMobile, maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { VERIFY_CODE_LENGTH } from '@app/contract/validators/verify-code.ts';
import { TEST_PREFIX } from './test-hooks.ts';

/**
 * Where verification codes go. A real Taiwan SMS gateway is an adapter behind this
 * interface; the built-in `console` provider prints the code to the server log (masked
 * number) and, outside production only, keeps an outbox the tests read.
 */
export interface SmsMessage {
  to: string;
  text: string;
  sentAt: Date;
}

export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string, now: Date): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
}

export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  private readonly messages: SmsMessage[] = [];

  constructor(
    private readonly log: Logger,
    /** Off in production: an outbox of codes must never exist there. */
    private readonly keepOutbox: boolean,
  ) {}

  async send(to: string, text: string, now: Date): Promise<void> {
    // The code in the log is the point of this provider (development); the number is masked.
    this.log.info({ to: maskTaiwanMobile(to), sms: text }, 'sms (console provider)');
    if (!this.keepOutbox) return;
    this.messages.push({ to, text, sentAt: now });
    if (this.messages.length > 500) this.messages.shift();
  }

  /** Latest messages first; for tests and the test hooks only. */
  outbox(to?: string): SmsMessage[] {
    if (!this.keepOutbox) return [];
    return this.messages.filter((m) => !to || m.to === to).reverse();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where verification codes and other texts to a phone go. */
    sms: SmsProvider;
  }
}

export interface SmsPluginOptions {
  /** A real gateway adapter; the console provider when absent. */
  provider?: SmsProvider | undefined;
  /** Outside production: the console provider keeps an outbox for tests. */
  keepOutbox: boolean;
  /**
   * Serves the outbox at `GET /__test__/sms-outbox?mobile=` (newest first) so browser
   * tests can log in. Only with TEST_HOOKS, which env.ts refuses in production.
   */
  exposeOutbox: boolean;
}

/** The code inside a verification SMS, for the outbox's readers. */
const CODE_IN_TEXT = new RegExp(`\\b(\\d{${VERIFY_CODE_LENGTH}})\\b`);

export const smsPlugin = fp<SmsPluginOptions>(
  async (app, options) => {
    const consoleProvider = options.provider ? null : new ConsoleSmsProvider(app.log, options.keepOutbox);
    app.decorate('sms', options.provider ?? (consoleProvider as ConsoleSmsProvider));
    if (!options.exposeOutbox) return;
    app.get(`${TEST_PREFIX}sms-outbox`, async (req) => {
      const raw = (req.query as Record<string, string | undefined>).mobile;
      const mobile = raw ? normalizeTaiwanMobile(raw) : null;
      if (raw && !mobile) return [];
      const messages = consoleProvider?.outbox(mobile ?? undefined) ?? [];
      return messages.map((m) => ({
        to: m.to,
        text: m.text,
        code: CODE_IN_TEXT.exec(m.text)?.[1] ?? null,
        sentAt: m.sentAt.toISOString(),
      }));
    });
  },
  { name: 'sms' },
);
