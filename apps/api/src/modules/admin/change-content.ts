import type { TCampaignForm, THomeContentKind, THomeContentValues } from '@app/contract/admin/admin-config-schemas.ts';
import { instantOfTaipeiMinute } from '@app/contract/admin/admin-config-schemas.ts';
import type { Db } from '../../db/client.ts';
import { saveHomeContent, saveServiceLine, type ServiceLine } from '../config/index.ts';
import { publishDocumentVersion } from '../documents/index.ts';
import { removeFaqItem, saveFaqItem } from '../questions/index.ts';
import { changeCampaign, createCampaign } from '../loans/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/**
 * An administrator's edits of what the borrowers' app shows without a deploy: the LINE
 * customer-service values, the home page's banners, notices and popups with their
 * schedules, and campaigns (interest discounts). Each in one transaction with its audit
 * row, before and after.
 */

export async function changeServiceLine(options: { db: Db; actor: Actor; values: ServiceLine; now: Date }): Promise<void> {
  const { actor, values, now } = options;
  await options.db.transaction(async (tx) => {
    const before = await saveServiceLine({ db: tx, values, at: now });
    await recordAudit({ db: tx, actor, at: now, action: 'settings.serviceLine', target: 'settings:line', before, after: values });
  });
}

export async function changeHomeContent(options: {
  db: Db;
  actor: Actor;
  kind: THomeContentKind;
  id: number | null;
  values: THomeContentValues;
  now: Date;
}): Promise<{ id: number }> {
  const { actor, kind, id, values, now } = options;
  return options.db.transaction(async (tx) => {
    const saved = await saveHomeContent({ db: tx, kind, id, values, now });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: id === null ? 'content.created' : 'content.updated',
      target: `${kind}:${saved.id}`,
      before: saved.before,
      after: values,
    });
    return { id: saved.id };
  });
}

type CampaignValues = Required<Pick<TCampaignForm, 'title' | 'discountBasisPoints' | 'startsAt' | 'endsAt'>> & { productId: number | null };

const rowValues = (form: CampaignValues) => ({
  title: form.title,
  discountBasisPoints: form.discountBasisPoints,
  productId: form.productId,
  startsAt: instantOfTaipeiMinute(form.startsAt),
  endsAt: instantOfTaipeiMinute(form.endsAt),
});

export async function saveCampaign(options: {
  db: Db;
  actor: Actor;
  id: number | null;
  form: CampaignValues;
  now: Date;
}): Promise<{ id: number }> {
  const { actor, id, form, now } = options;
  return options.db.transaction(async (tx) => {
    if (id === null) {
      const created = await createCampaign({ db: tx, values: rowValues(form), now });
      await recordAudit({ db: tx, actor, at: now, action: 'campaign.created', target: `campaign:${created}`, after: form });
      return { id: created };
    }
    const before = await changeCampaign({ db: tx, id, values: rowValues(form), now });
    await recordAudit({ db: tx, actor, at: now, action: 'campaign.updated', target: `campaign:${id}`, before, after: form });
    return { id };
  });
}

/** A new version of the user agreement or the privacy policy: what borrowers read, and new users accept, from now on. */
export async function publishDocument(options: {
  db: Db;
  actor: Actor;
  key: string;
  version: string;
  title: string;
  body: string;
  now: Date;
}): Promise<void> {
  const { actor, key, version, title, body, now } = options;
  await options.db.transaction(async (tx) => {
    const { before } = await publishDocumentVersion({ db: tx, key, version, title, body, publishedBy: actor.operatorName, now });
    // The text itself is in document_versions; the trail names the versions.
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'document.published',
      target: `document:${key}`,
      before,
      after: { version, title },
    });
  });
}

/** A FAQ item created or edited: the help centre shows it at once. */
export async function changeFaq(options: {
  db: Db;
  actor: Actor;
  id: string | null;
  values: { groupName: string; groupOrder: number; sortOrder: number; question: string; answer: string };
  now: Date;
}): Promise<{ id: string }> {
  const { actor, id, values, now } = options;
  return options.db.transaction(async (tx) => {
    const saved = await saveFaqItem({ db: tx, id, values });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: id === null ? 'faq.created' : 'faq.updated',
      target: `faq:${saved.id}`,
      before: saved.before,
      after: values,
    });
    return { id: saved.id };
  });
}

/** A FAQ item removed: the help centre no longer shows it; the audit row keeps what it said. */
export async function removeFaq(options: { db: Db; actor: Actor; id: string; now: Date }): Promise<void> {
  const { actor, id, now } = options;
  await options.db.transaction(async (tx) => {
    const before = await removeFaqItem({ db: tx, id, now });
    await recordAudit({ db: tx, actor, at: now, action: 'faq.removed', target: `faq:${id}`, before, after: null });
  });
}
