import {
  checkReminderTemplate,
  REMINDER_DEFAULT_TEMPLATES,
  REMINDER_TEMPLATE_KINDS,
  type TReminderTemplateKind,
} from '@app/contract/reminder-template.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { insertReminderTemplate, selectLatestReminderTemplates } from './repayments-repository.ts';

/**
 * The SMS reminders' texts as administrators edit them: the latest saved template of each
 * kind, else the contract's default (today's text). The sender and the console read them
 * here; a save is checked by the contract's rules (the amount and due date named, nothing
 * unknown, at most three SMS with the longest values).
 */
export interface ReminderTemplate {
  kind: TReminderTemplateKind;
  text: string;
  /** Null while the default is in force. */
  savedAt: Date | null;
  savedBy: string | null;
}

export async function getReminderTemplates(options: { db: Db }): Promise<Record<TReminderTemplateKind, ReminderTemplate>> {
  const saved = new Map((await selectLatestReminderTemplates(options.db)).map((row) => [row.kind, row]));
  const entries = REMINDER_TEMPLATE_KINDS.map((kind): [TReminderTemplateKind, ReminderTemplate] => {
    const row = saved.get(kind);
    return [
      kind,
      row
        ? { kind, text: row.text, savedAt: row.savedAt, savedBy: row.savedBy }
        : { kind, text: REMINDER_DEFAULT_TEMPLATES[kind], savedAt: null, savedBy: null },
    ];
  });
  return Object.fromEntries(entries) as Record<TReminderTemplateKind, ReminderTemplate>;
}

/**
 * Saves a kind's new text (trimmed) in the caller's transaction, refused with every reason
 * in words when it breaks a rule (nothing saved); answers the template it replaced and the new one.
 */
export async function saveReminderTemplate(options: {
  db: Db;
  kind: TReminderTemplateKind;
  text: string;
  savedBy: string;
  now: Date;
}): Promise<{ before: ReminderTemplate; after: ReminderTemplate }> {
  const { db, kind, savedBy, now } = options;
  const text = options.text.trim();
  const { problems } = checkReminderTemplate(kind, text);
  if (problems.length > 0) {
    throw new AppError('FIELD_INVALID', {
      userMessage: problems.join('；'),
      message: `reminder template refused (${problems.length} problems)`,
    });
  }
  const before = (await getReminderTemplates({ db }))[kind];
  await insertReminderTemplate(db, { kind, text, savedAt: now, savedBy });
  return { before, after: { kind, text, savedAt: now, savedBy } };
}
