import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';

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
