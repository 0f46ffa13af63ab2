import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appConfigs } from '../../db/schema/config.ts';

/** The only code touching the config module's tables. */

export interface ConfigRow {
  key: string;
  value: string;
  extInfo: Record<string, unknown>;
  isPublic: boolean;
}

const columns = {
  key: appConfigs.key,
  value: appConfigs.value,
  extInfo: appConfigs.extInfo,
  isPublic: appConfigs.isPublic,
};

export async function findConfig(db: Db, key: string): Promise<ConfigRow | null> {
  const [row] = await db.select(columns).from(appConfigs).where(eq(appConfigs.key, key)).limit(1);
  return row ?? null;
}

export async function listPublicConfigs(db: Db): Promise<ConfigRow[]> {
  return db.select(columns).from(appConfigs).where(eq(appConfigs.isPublic, true));
}
