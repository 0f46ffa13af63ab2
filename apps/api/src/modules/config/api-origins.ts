import type { Db } from '../../db/client.ts';
import { findConfig, upsertConfig } from './config-repository.ts';

/** The settings row of the API origins (not public: only changeDomainName serves it). */
const API_ORIGINS_KEY = 'apiOrigins';

/**
 * The API origins the borrowers' app may switch to (changeDomainName), in the order an
 * administrator listed them; empty until one is saved.
 */
export async function getApiOrigins(options: { db: Db }): Promise<string[]> {
  const row = await findConfig(options.db, API_ORIGINS_KEY);
  const origins = row?.extInfo.origins;
  return Array.isArray(origins) ? origins.filter((origin): origin is string => typeof origin === 'string') : [];
}

/** Replaces the list (already checked: https origins, no duplicates); answers the list it replaced. */
export async function saveApiOrigins(options: { db: Db; origins: string[]; at: Date }): Promise<string[]> {
  const before = await getApiOrigins({ db: options.db });
  await upsertConfig(options.db, { key: API_ORIGINS_KEY, value: '', extInfo: { origins: options.origins }, isPublic: false, at: options.at });
  return before;
}
