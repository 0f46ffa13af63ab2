import { describe, expect, it } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import { testServerPerFile } from '../../test/test-server.ts';

const { database, server } = testServerPerFile();

/** Columns that tie a row to a person (a number's blind index identifies its owner as well as the number). */
const PERSON_COLUMNS = ['user_id', 'phone', 'mobile', 'phone_hash'];

describe('the personal-data registry', () => {
  it('covers every table with a user or phone column, so deletion and the data list miss none', async () => {
    // Both drivers answer `{ rows }`; the shared Db type does not say so.
    const result = (await database.handle.db.execute(
      sql`select distinct table_name from information_schema.columns
          where table_schema = 'public' and column_name in (${sql.join(
            PERSON_COLUMNS.map((c) => sql`${c}`),
            sql`, `,
          )})`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    const personal = result.rows.map((row) => row.table_name).sort();
    const registered = new Set(server.app.personalData.entries().flatMap((entry) => entry.tables.map((t) => getTableName(t))));
    // The schema does hold such tables (a broken query must not make this pass).
    expect(personal).toEqual(expect.arrayContaining(['users', 'sessions', 'verification_codes', 'uploaded_files']));
    expect(personal.filter((table) => !registered.has(table))).toEqual([]);
  });

  it('registers each table once, with one owner', () => {
    const owners = new Map<string, string>();
    for (const entry of server.app.personalData.entries()) {
      for (const table of entry.tables) {
        const name = getTableName(table);
        expect(owners.get(name), `${name} registered by ${owners.get(name)} and ${entry.owner}`).toBeUndefined();
        owners.set(name, entry.owner);
      }
    }
  });
});
