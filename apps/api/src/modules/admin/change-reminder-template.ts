import type { TReminderTemplateListResponse, TReminderTemplateSave } from '@app/contract/admin/admin-policy-schemas.ts';
import { REMINDER_DEFAULT_TEMPLATES, REMINDER_TEMPLATE_KINDS } from '@app/contract/reminder-template.ts';
import type { Db } from '../../db/client.ts';
import { getReminderTemplates, saveReminderTemplate } from '../repayments/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/** The SMS reminder templates in force (repayments'), each with its default text. */
export async function listReminderTemplates(options: { db: Db }): Promise<TReminderTemplateListResponse> {
  const templates = await getReminderTemplates(options);
  return {
    items: REMINDER_TEMPLATE_KINDS.map((kind) => ({
      reminder: kind,
      text: templates[kind].text,
      defaultText: REMINDER_DEFAULT_TEMPLATES[kind],
      savedAt: templates[kind].savedAt?.toISOString() ?? null,
      savedBy: templates[kind].savedBy,
    })),
  };
}

/**
 * An administrator saves a reminder's text: checked by the contract's rules (refused with
 * every reason, nothing saved), sent from the next reminder run, audited before/after in the
 * same transaction.
 */
export async function changeReminderTemplate(options: { db: Db; actor: Actor; input: TReminderTemplateSave; now: Date }): Promise<void> {
  const { actor, input, now } = options;
  await options.db.transaction(async (tx) => {
    const { before, after } = await saveReminderTemplate({
      db: tx,
      kind: input.reminder,
      text: input.text,
      savedBy: actor.operatorName,
      now,
    });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'settings.reminderTemplate',
      target: `settings:reminder:${input.reminder}`,
      before: { text: before.text },
      after: { text: after.text },
    });
  });
}
