import type { Db } from '../../db/client.ts';
import { saveApiOrigins } from '../config/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/** An administrator replaces the API origins the borrowers' app may switch to (the config module keeps them), audited. */
export async function changeApiOrigins(options: { db: Db; actor: Actor; origins: string[]; now: Date }): Promise<void> {
  const { actor, now } = options;
  const origins = options.origins.map((origin) => origin.replace(/\/$/, ''));
  await options.db.transaction(async (tx) => {
    const before = await saveApiOrigins({ db: tx, origins, at: now });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'settings.apiOrigins',
      target: 'settings:apiOrigins',
      before: { origins: before },
      after: { origins },
    });
  });
}
