import type { Db } from '../../db/client.ts';
import { findConfig, upsertConfig } from './config-repository.ts';

/** The settings row of the API origins (not public: only changeDomainName serves it). */
const API_ORIGINS_KEY = 'apiOrigins';

/**
 * Bumped by every save in this process, so this instance's cached lists (the CORS check,
 * the page's connect-src) see an administrator's edit at once; other instances within
 * their cache's time.
 */
let savedVersion = 0;

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
  await upsertConfig(options.db, {
    key: API_ORIGINS_KEY,
    value: '',
    extInfo: { origins: options.origins },
    isPublic: false,
    at: options.at,
  });
  savedVersion += 1;
  return before;
}

/** The list read through a short per-instance cache: asked on every cross-origin API request and every page load. */
export interface ApiOriginsCache {
  list(db: Db): Promise<string[]>;
}

export function createApiOriginsCache(options: { ttlMs: number; now?: () => number }): ApiOriginsCache {
  const now = options.now ?? Date.now;
  // The promise is kept, so a burst of requests shares one query.
  let cached: { at: number; version: number; origins: Promise<string[]> } | null = null;
  return {
    list(db) {
      if (cached && cached.version === savedVersion && now() - cached.at < options.ttlMs) return cached.origins;
      const origins = getApiOrigins({ db });
      const entry = { at: now(), version: savedVersion, origins };
      cached = entry;
      origins.catch(() => {
        if (cached === entry) cached = null;
      });
      return origins;
    },
  };
}
