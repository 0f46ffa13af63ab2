import type { Config } from '../config/env.ts';
import { AtRestKeys, bindAtRestKeys } from '../db/at-rest.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { countRowsByKey, resealRows } from '../db/sealed-tables.ts';
import { openFileStorage } from '../plugins/file-storage.ts';

export interface RotationReport {
  /** Rows re-sealed per table. */
  rows: Record<string, number>;
  /** Files re-wrapped under the current key, and files moved from the local folder into the shared store. */
  files: { resealed: number; moved: number };
  /** What is left afterwards: rows per table and key id (`plain`: not sealed). */
  remaining: Record<string, Record<string, number>>;
}

/**
 * `npm run keys:rotate`: re-seals every personal row and every file not under the current
 * master key (the first of DATA_KEYS), in batches of one transaction each, while the
 * service runs; rows and files written meanwhile are sealed under the current key already
 * if the instances run with the new DATA_KEYS. Blind indexes are recomputed under
 * BLIND_INDEX_KEY on the way. Once `remaining` names only the current key, the older keys
 * can leave DATA_KEYS.
 */
export async function rotateKeys(options: {
  config: Config;
  handle: DatabaseHandle;
  log?: (line: string) => void;
  batchSize?: number;
}): Promise<RotationReport> {
  const keys = new AtRestKeys(options.config.atRest);
  bindAtRestKeys(options.handle.db, keys);
  const log = options.log ?? (() => {});
  log(`re-sealing under data key "${keys.currentId}"`);
  const rows = await resealRows(options.handle.db, keys, {
    which: 'stale',
    batchSize: options.batchSize,
    onBatch: (table, count) => log(`${table}: ${count} row(s) re-sealed`),
  });
  const storage = openFileStorage({ config: options.config.fileStore, filesDir: options.config.filesDir, db: options.handle.db, keys });
  const files = await storage.reseal();
  log(`files: ${files.resealed} re-wrapped, ${files.moved} moved from ${options.config.filesDir} into the ${storage.store.kind} store`);
  return { rows, files, remaining: await countRowsByKey(options.handle.db) };
}
