import { sql } from 'drizzle-orm';
import type { AtRestKeys } from './at-rest.ts';
import type { Db } from './client.ts';

/**
 * Every table holding personal values sealed at rest (db/at-rest.ts), for the conversion of
 * rows written before encryption and for key rotation. The owners' repositories seal and
 * open the same columns under the same names; this list is the one place that re-seals
 * them all, without going through the modules (the database layer imports none).
 */

/** The blind index of an ID number (validated numbers are capitals; lower case folded anyway). */
export function idNumberIndex(keys: AtRestKeys, idNumber: string): string {
  return keys.blindIndex('id_number', idNumber.toUpperCase());
}

/** The blind index of a bank account number (digits, as validated). */
export function accountNumberIndex(keys: AtRestKeys, accountNumber: string): string {
  return keys.blindIndex('account_number', accountNumber);
}

/** The blind index of a mobile number (normalised `09…`, as validated): login, codes, the back office's search, one account per number. */
export function phoneIndex(keys: AtRestKeys, phone: string): string {
  return keys.blindIndex('mobile', phone);
}

export interface SealedTable {
  table: string;
  /** The primary key column (one column). */
  key: string;
  /** The owner's id column, in the data key's scope (`table:<owner>`). */
  owner: string;
  /** The sealed columns, by their SQL names (each value is bound to its name). */
  columns: readonly string[];
  /** Blind indexes recomputed from the opened values. */
  indexes: ReadonlyArray<{ column: string; of: (keys: AtRestKeys, row: Record<string, string | null>) => string | null }>;
}

export const SEALED_TABLES: readonly SealedTable[] = [
  {
    table: 'users',
    key: 'id',
    owner: 'id',
    columns: ['phone'],
    indexes: [{ column: 'phone_hash', of: (keys, row) => (row.phone ? phoneIndex(keys, row.phone) : null) }],
  },
  {
    table: 'personal_details',
    key: 'user_id',
    owner: 'user_id',
    columns: ['name', 'birth_date', 'id_number', 'address', 'email', 'line_id', 'employer'],
    indexes: [{ column: 'id_number_hash', of: (keys, row) => (row.id_number ? idNumberIndex(keys, row.id_number) : null) }],
  },
  { table: 'emergency_contacts', key: 'id', owner: 'user_id', columns: ['name', 'mobile'], indexes: [] },
  {
    table: 'bank_accounts',
    key: 'id',
    owner: 'user_id',
    columns: ['account_number', 'holder_name'],
    indexes: [
      { column: 'account_number_hash', of: (keys, row) => (row.account_number ? accountNumberIndex(keys, row.account_number) : null) },
    ],
  },
  { table: 'id_card_readings', key: 'id', owner: 'user_id', columns: ['proposal', 'confirmed'], indexes: [] },
  { table: 'shared_contacts', key: 'id', owner: 'user_id', columns: ['name', 'mobile'], indexes: [] },
];

/** The data key's scope of a row: its table and owner (a wrapped key moved to another row does not open). */
export const rowScope = (table: string, userId: number) => `${table}:${userId}`;

type Rows = { rows: Array<Record<string, unknown>> };

export interface ResealOptions {
  /** `plain`: only rows written before encryption (start-up); `stale`: also rows under an older master key (rotation). */
  which: 'plain' | 'stale';
  batchSize?: number;
  /** After each committed batch (progress of a long rotation). */
  onBatch?: (table: string, rows: number) => void;
}

/**
 * Seals rows again under the current master key, in batches of one transaction each
 * (`FOR UPDATE`: a concurrent write to the same row waits for the batch, then wins with its
 * own fresh seal), so it runs while the service serves. Each row gets a fresh data key, its
 * values re-sealed and its blind indexes recomputed. Answers the rows re-sealed per table.
 */
export async function resealRows(db: Db, keys: AtRestKeys, options: ResealOptions): Promise<Record<string, number>> {
  const batchSize = options.batchSize ?? 200;
  const done: Record<string, number> = {};
  for (const spec of SEALED_TABLES) {
    done[spec.table] = 0;
    const table = sql.identifier(spec.table);
    const key = sql.identifier(spec.key);
    const selected = sql.join(
      [...new Set([spec.key, spec.owner])]
        .map((column) => sql.identifier(column))
        .concat([sql.identifier('key_id'), sql.identifier('data_key'), ...spec.columns.map((column) => sql.identifier(column))]),
      sql`, `,
    );
    const stale = options.which === 'plain' ? sql`key_id is null` : sql`(key_id is null or key_id <> ${keys.currentId})`;
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const { rows } = (await tx.execute(
          sql`select ${selected} from ${table} where ${stale} order by ${key} limit ${batchSize} for update`,
        )) as unknown as Rows;
        for (const row of rows) {
          const userId = Number(row[spec.owner]);
          const scope = rowScope(spec.table, userId);
          const old = keys.openRowKey(scope, row.key_id as string | null, row.data_key as string | null);
          const fresh = keys.newRowKey(scope);
          const opened: Record<string, string | null> = {};
          for (const column of spec.columns) opened[column] = old.open(column, row[column] as string | null);
          const sets = [
            ...spec.columns.map((column) => sql`${sql.identifier(column)} = ${fresh.seal(column, opened[column] ?? null)}`),
            ...spec.indexes.map((index) => sql`${sql.identifier(index.column)} = ${index.of(keys, opened)}`),
            sql`key_id = ${fresh.keyId}`,
            sql`data_key = ${fresh.dataKey}`,
          ];
          await tx.execute(sql`update ${table} set ${sql.join(sets, sql`, `)} where ${key} = ${row[spec.key] as number}`);
        }
        return rows.length;
      });
      if (count === 0) break;
      done[spec.table] = (done[spec.table] ?? 0) + count;
      options.onBatch?.(spec.table, count);
    }
  }
  return done;
}

/** Rows per table and master key id (`plain` for rows not yet sealed): what a rotation left, or what an old key still opens. */
export async function countRowsByKey(db: Db): Promise<Record<string, Record<string, number>>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const spec of SEALED_TABLES) {
    const { rows } = (await db.execute(
      sql`select coalesce(key_id, 'plain') as key_id, count(*)::int as n from ${sql.identifier(spec.table)} group by 1`,
    )) as unknown as Rows;
    counts[spec.table] = Object.fromEntries(rows.map((row) => [String(row.key_id), Number(row.n)]));
  }
  return counts;
}
