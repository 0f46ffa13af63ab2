import type { TCommonConfigResponse, TConfigOneResponse, TLender } from '@app/contract/schemas/config.ts';
import { NOT_FOUND_CONFIG } from '@app/contract/messages/request-errors.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { findConfig, listPublicConfigs, type ConfigRow } from './config-repository.ts';

const MAX_CACHED_KEYS = 256;

export interface ConfigReaderOptions {
  productName: string;
  packageName: string;
  lender: TLender;
  /**
   * How long a read config row is reused. Config is read on every app start and every
   * service-button tap but changes rarely; a short TTL keeps the database off the hot
   * path while an operator's edit shows on every instance within seconds.
   */
  ttlMs: number;
  now?: () => number;
}

/** Operator-editable settings, read through a short per-instance cache. */
export interface ConfigReader {
  getOne(db: Db, key: string): Promise<TConfigOneResponse>;
  getPublic(db: Db): Promise<TCommonConfigResponse>;
  /** Drops cached rows (after an operator edit on this instance). */
  invalidate(): void;
}

export function createConfigReader(options: ConfigReaderOptions): ConfigReader {
  const now = options.now ?? Date.now;
  // Caches the promise, so a burst of misses shares one query.
  const rows = new Map<string, { at: number; row: Promise<ConfigRow | null> }>();
  let publicRows: { at: number; rows: Promise<ConfigRow[]> } | null = null;

  function cachedRow(db: Db, key: string): Promise<ConfigRow | null> {
    const hit = rows.get(key);
    if (hit && now() - hit.at < options.ttlMs) return hit.row;
    // Unknown keys are cached too; the bound keeps random keys from growing the map.
    if (rows.size >= MAX_CACHED_KEYS) rows.clear();
    const row = findConfig(db, key);
    rows.set(key, { at: now(), row });
    row.catch(() => rows.delete(key));
    return row;
  }

  return {
    async getOne(db, key) {
      const row = await cachedRow(db, key);
      if (!row) throw new AppError('NOT_FOUND', { userMessage: NOT_FOUND_CONFIG, message: 'config key not found' });
      return { configKey: row.key, configValue: row.value, extInfoJSON: row.extInfo };
    },
    async getPublic(db) {
      if (!publicRows || now() - publicRows.at >= options.ttlMs) {
        const pending = listPublicConfigs(db);
        publicRows = { at: now(), rows: pending };
        pending.catch(() => {
          publicRows = null;
        });
      }
      const list = await publicRows.rows;
      const values = Object.fromEntries(list.map((row) => [row.key, row.value]));
      return {
        productName: options.productName,
        packageName: options.packageName,
        serviceLine: values.line,
        aprCapPercent: APR_CAP_PERCENT,
        lender: options.lender,
        values,
      };
    },
    invalidate() {
      rows.clear();
      publicRows = null;
    },
  };
}
