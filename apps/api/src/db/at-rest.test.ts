import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TQueryUserDetailResponse } from '@app/contract/schemas/onboarding.ts';
import { accountsServerPerFile, bodyOf, loginWithCode, randomMobile, uploadedImage, type LoggedIn } from '../test/accounts-test-kit.ts';
import { confirmedIdCardFront } from '../test/id-card-test-kit.ts';
import { randomNationalId } from '../test/lending-test-kit.ts';
import { loadConfig } from '../config/env.ts';
import { AtRestKeys, fileKeyId, type MasterKeys } from './at-rest.ts';
import { openDatabase, type DatabaseHandle, type Db } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import { countRowsByKey, idNumberIndex, phoneIndex, resealRows, rowScope, SEALED_TABLES } from './sealed-tables.ts';

/**
 * Personal data at rest: what a database dump or a read replica shows. Every value a
 * borrower typed (login mobile, ID number, names, birth date, address, contacts' and
 * accounts' numbers) is sealed in its column, found only through blind indexes (a code's
 * number is kept as its blind index alone); rows written before
 * encryption are sealed by the start-up conversion; rotation re-seals under a new key.
 */

const masterKeys = (current: string, ...others: string[]): MasterKeys => {
  const ids = [current, ...others];
  return {
    currentId: current,
    keys: new Map(ids.map((id) => [id, Buffer.alloc(32, id.charCodeAt(id.length - 1))])),
    blindIndexKey: Buffer.alloc(32, 42),
  };
};

type Rows = { rows: Array<Record<string, unknown>> };

/** Every row of every sealed table (and of the codes, the files and sessions) as the database holds it, as text. */
async function rawTables(db: Db): Promise<string> {
  const dumps: string[] = [];
  for (const table of [...SEALED_TABLES.map((spec) => spec.table), 'file_blobs', 'uploaded_files', 'verification_codes', 'sessions']) {
    const { rows } = (await db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`)) as unknown as Rows;
    dumps.push(...rows.map((row) => String(row.row)));
  }
  return dumps.join('\n');
}

describe('sealing, opening and blind indexes', () => {
  const keys = new AtRestKeys(masterKeys('k1'));

  it('opens a value only in its own row and column', () => {
    const rowKey = keys.newRowKey('personal_details:1');
    const sealed = rowKey.seal('name', '陳志明');
    expect(sealed).not.toContain('陳志明');
    expect(rowKey.seal('name', '陳志明')).not.toBe(sealed);
    const reopened = keys.openRowKey('personal_details:1', rowKey.keyId, rowKey.dataKey);
    expect(reopened.open('name', sealed)).toBe('陳志明');
    expect(() => reopened.open('address', sealed)).toThrow();
    expect(() => keys.openRowKey('personal_details:2', rowKey.keyId, rowKey.dataKey)).toThrow();
    // Another master key of the same id does not open it either.
    expect(() => new AtRestKeys(masterKeys('k2')).openRowKey('personal_details:1', 'k2', rowKey.dataKey)).toThrow();
  });

  it('finds equal values by their blind index, never by anything a dump shows', () => {
    expect(idNumberIndex(keys, 'A123456789')).toBe(idNumberIndex(keys, 'a123456789'));
    expect(idNumberIndex(keys, 'A123456789')).not.toBe(idNumberIndex(keys, 'A123456780'));
    const otherKey = new AtRestKeys({ ...masterKeys('k1'), blindIndexKey: Buffer.alloc(32, 1) });
    expect(idNumberIndex(otherKey, 'A123456789')).not.toBe(idNumberIndex(keys, 'A123456789'));
  });

  it('seals a file with its key id in the header, opens a plain legacy file as it is, re-wraps under a new key', () => {
    const bytes = Buffer.from('\x89PNG pretend image bytes', 'latin1');
    const sealed = keys.sealFile('file:1/a.png', bytes);
    expect(fileKeyId(sealed)).toBe('k1');
    expect(sealed.includes(Buffer.from('PNG'))).toBe(false);
    expect(keys.openFile('file:1/a.png', sealed)).toEqual(bytes);
    expect(() => keys.openFile('file:2/a.png', sealed)).toThrow();
    expect(keys.openFile('file:1/a.png', bytes)).toEqual(bytes);

    const rotated = new AtRestKeys(masterKeys('k2', 'k1'));
    const again = rotated.resealFile('file:1/a.png', sealed);
    expect(again && fileKeyId(again)).toBe('k2');
    expect(rotated.resealFile('file:1/a.png', again ?? Buffer.alloc(0))).toBeNull();
    expect(new AtRestKeys(masterKeys('k2')).openFile('file:1/a.png', again ?? Buffer.alloc(0))).toEqual(bytes);
  });
});

describe('a raw SELECT on the personal tables', () => {
  const { server } = accountsServerPerFile();
  let user: LoggedIn;
  const idNumber = randomNationalId('female');
  const typed = {
    loginMobile: randomMobile(),
    name: '林雅婷',
    birthDate: '1991-03-14',
    address: '中山北路二段 45 巷 7 號',
    email: 'yating.lin@example.tw',
    lineId: 'yating_line_88',
    employer: '晴川設計工作室',
    contactName: '林大山',
    contactMobile: randomMobile(),
    sharedName: '張美華',
    sharedMobile: randomMobile(),
    accountNumber: `5566${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(12, '7'),
    cardName: '林雅婷',
  };

  beforeAll(async () => {
    user = await loginWithCode(server, typed.loginMobile);
    const call = async (endpoint: Parameters<typeof server.client.call>[0], payload: unknown) =>
      bodyOf((await server.client.call(endpoint, payload, user.headers)).envelope);
    await call(ENDPOINTS.userAuthSupplementUserInfo, {
      name: typed.name,
      gender: 'female',
      birthDate: typed.birthDate,
      idNumber,
      maritalStatus: 'married',
      education: 'senior_high',
      occupation: 'self_employed',
      employer: typed.employer,
      monthlyIncome: 42000,
      county: '臺北市',
      district: '中山區',
      address: typed.address,
      email: typed.email,
      lineId: typed.lineId,
    });
    await call(ENDPOINTS.emergencyContactAdd, {
      contacts: [
        { name: typed.contactName, relationship: 'parent', mobile: typed.contactMobile },
        { name: '林小弟', relationship: 'sibling', mobile: randomMobile() },
      ],
      consent: true,
    });
    await confirmedIdCardFront(server, user, { name: typed.name, idNumber, birthDate: typed.birthDate, gender: 'female' });
    await call(ENDPOINTS.bindCardBind, {
      bankCode: '004',
      branchCode: '0040037',
      accountNumber: typed.accountNumber,
      holderName: typed.cardName,
    });
    await call(ENDPOINTS.contactsList, {
      contacts: [{ name: typed.sharedName, mobile: typed.sharedMobile, relationship: '朋友' }],
      consent: true,
    });
    await uploadedImage(server, user);
  });

  it('shows no ID number, name, birth date, address, phone or account number in clear', async () => {
    const dump = await rawTables(server.app.db);
    expect(dump.length).toBeGreaterThan(1000);
    const values = [
      idNumber,
      ...Object.values(typed),
      typed.birthDate.replaceAll('-', '/'),
      typed.contactMobile.slice(-6),
      typed.loginMobile.slice(-6),
    ];
    for (const value of values) expect(dump, value).not.toContain(value);
    // Every sealed row names its master key.
    const counts = await countRowsByKey(server.app.db);
    expect(counts.personal_details).toEqual({ dev: expect.any(Number) });
    expect(counts.users).toEqual({ dev: expect.any(Number) });
    for (const table of Object.values(counts)) expect(Object.keys(table).filter((key) => key !== 'dev')).toEqual([]);
  });

  it('still answers the borrower their own values', async () => {
    const detail = bodyOf<TQueryUserDetailResponse>(
      (await server.client.call(ENDPOINTS.userAuthQueryUserDetail, {}, user.headers)).envelope,
    );
    expect(detail.personal).toMatchObject({
      name: typed.name,
      birthDate: typed.birthDate,
      address: typed.address,
      email: typed.email,
      lineId: typed.lineId,
    });
    expect(detail.contacts[0]).toMatchObject({ name: typed.contactName });
    // The login number, opened from its seal by the session's look-up.
    const me = bodyOf<{ maskedMobile: string }>((await server.client.call(ENDPOINTS.queryCashUser, {}, user.headers)).envelope);
    expect(me.maskedMobile).toBe(`${typed.loginMobile.slice(0, 4)}***${typed.loginMobile.slice(-3)}`);
  });
});

describe('rows written before encryption, and key rotation', () => {
  /**
   * A database at the schema before encryption (migrations up to 0011): a fresh PostgreSQL
   * database when the tests run on one (DATABASE_URL), else a PGlite. `upgrade` applies the
   * remaining migrations, as a new release's start does.
   */
  async function legacyDatabase(): Promise<{
    handle: DatabaseHandle;
    exec: (sql: string) => Promise<unknown>;
    upgrade: () => Promise<void>;
    cleanup: () => Promise<void>;
  }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 11);
    await writeFile(journalPath, JSON.stringify(journal));
    const adminUrl = loadConfig().databaseUrl;
    if (adminUrl) {
      const name = `legacy_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: undefined });
      const pool = handle.pool as pg.Pool;
      await migratePg(drizzlePg(pool), { migrationsFolder: dir });
      return {
        handle,
        exec: (text) => pool.query(text),
        upgrade: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
        cleanup: async () => {
          await handle.close();
          const dropper = new pg.Client({ connectionString: adminUrl });
          await dropper.connect();
          await dropper.query(`drop database if exists ${name} with (force)`);
          await dropper.end();
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    const pglite = await PGlite.create();
    await migrate(drizzle(pglite), { migrationsFolder: dir });
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined, pglite });
    return {
      handle,
      exec: (text) => pglite.exec(text),
      upgrade: () => migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_FOLDER }),
      cleanup: async () => {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  it('the migration keeps the plain rows and the start-up conversion seals them, a code of before going with its number (0024); rotation re-seals under the new key', async () => {
    const { handle, exec, upgrade, cleanup } = await legacyDatabase();
    try {
      await exec(`
        insert into users (phone) values ('0911000001'), ('0911000002');
        insert into verification_codes (phone, purpose, code_hash, expires_at, created_at) values ('0911000003', 'login', 'abc', now(), now());
        insert into personal_details (user_id, name, gender, birth_date, id_number, marital_status, education, occupation, employer,
          monthly_income, county, district, address, email, line_id)
        values (1, '王大明', 'male', '1980-02-03', 'A123456789', 'married', 'university', 'employee', '舊公司', 40000, '臺北市', '大安區', '和平東路 1 號', 'old@example.tw', 'oldline');
        insert into emergency_contacts (user_id, position, name, relationship, mobile, consent_accepted_at)
          values (1, 0, '王媽媽', 'parent', '0922333444', now());
        insert into bank_accounts (user_id, bank_code, branch_code, account_number, holder_name, is_default)
          values (1, '004', '0040037', '998877665544', '王大明', true);
        insert into id_card_readings (user_id, front_key, engine, proposal, id_number_rejected, confirmed)
          values (1, 'f.png', 'test', '{"name":{"value":"王大明","confidence":0.9}}', false, '{"name":"王大明","idNumber":"A123456789"}');
        insert into shared_contacts (user_id, name, mobile, relationship) values (1, '李朋友', '0933444555', '朋友');
      `);
      await upgrade();
      const db = handle.db;
      const plainValues = [
        '0911000001',
        '0911000002',
        '0911000003',
        '王大明',
        'A123456789',
        '1980-02-03',
        '和平東路',
        'old@example.tw',
        '0922333444',
        '998877665544',
        '0933444555',
        '李朋友',
        '舊公司',
      ];
      // The schema migration alone changes no value: the rows are plain, without a key. A
      // verification code of before (minutes long, expired by any upgrade) goes with its number.
      expect(await rawTables(db)).toContain('A123456789');
      expect(((await db.execute(sql`select count(*)::int as count from verification_codes`)) as unknown as Rows).rows).toEqual([
        { count: 0 },
      ]);
      const codeColumns = (await db.execute(
        sql`select column_name from information_schema.columns where table_name = 'verification_codes' and column_name like 'phone%'`,
      )) as unknown as Rows;
      expect(codeColumns.rows).toEqual([{ column_name: 'phone_hash' }]);
      expect((await countRowsByKey(db)).personal_details).toEqual({ plain: 1 });

      const k1 = new AtRestKeys(masterKeys('k1'));
      expect(await resealRows(db, k1, { which: 'plain' })).toEqual({
        users: 2,
        personal_details: 1,
        emergency_contacts: 1,
        bank_accounts: 1,
        id_card_readings: 1,
        shared_contacts: 1,
      });
      const dump = await rawTables(db);
      for (const value of plainValues) expect(dump, value).not.toContain(value);
      // Converted once: a second start finds nothing to do.
      expect(Object.values(await resealRows(db, k1, { which: 'plain' }))).toEqual([0, 0, 0, 0, 0, 0]);
      // The login is found by the user's blind index.
      const found = ((await db.execute(sql`select id from users where phone_hash = ${phoneIndex(k1, '0911000002')}`)) as unknown as Rows)
        .rows;
      expect(found).toEqual([{ id: 2 }]);

      const opened = async (keys: AtRestKeys) => {
        const { rows } = (await db.execute(sql`select * from personal_details`)) as unknown as Rows;
        const row = rows[0] ?? {};
        const rowKey = keys.openRowKey(rowScope('personal_details', 1), row.key_id as string, row.data_key as string);
        const reading = ((await db.execute(sql`select * from id_card_readings`)) as unknown as Rows).rows[0] ?? {};
        const readingKey = keys.openRowKey(rowScope('id_card_readings', 1), reading.key_id as string, reading.data_key as string);
        const user = ((await db.execute(sql`select * from users where id = 1`)) as unknown as Rows).rows[0] ?? {};
        const userKey = keys.openRowKey(rowScope('users', 1), user.key_id as string, user.data_key as string);
        return {
          keyId: row.key_id,
          name: rowKey.open('name', row.name as string),
          idNumber: rowKey.open('id_number', row.id_number as string),
          birthDate: rowKey.open('birth_date', row.birth_date as string),
          hash: row.id_number_hash,
          phone: userKey.open('phone', user.phone as string),
          phoneHash: user.phone_hash,
          confirmed: JSON.parse(readingKey.open('confirmed', reading.confirmed as string)) as unknown,
        };
      };
      const expected = {
        name: '王大明',
        idNumber: 'A123456789',
        birthDate: '1980-02-03',
        hash: idNumberIndex(k1, 'A123456789'),
        phone: '0911000001',
        phoneHash: phoneIndex(k1, '0911000001'),
      };
      expect(await opened(k1)).toMatchObject({ ...expected, keyId: 'k1', confirmed: { name: '王大明', idNumber: 'A123456789' } });

      // Rotation: k2 current, k1 still readable while it runs; afterwards k2 alone opens everything.
      const k2 = new AtRestKeys(masterKeys('k2', 'k1'));
      const rotated = await resealRows(db, k2, { which: 'stale', batchSize: 1 });
      expect(Object.values(rotated)).toEqual([2, 1, 1, 1, 1, 1]);
      const counts = await countRowsByKey(db);
      for (const table of SEALED_TABLES) expect(counts[table.table]).toEqual({ k2: table.table === 'users' ? 2 : 1 });
      expect(await opened(new AtRestKeys(masterKeys('k2')))).toMatchObject({ ...expected, keyId: 'k2' });
      await expect(opened(new AtRestKeys(masterKeys('k1')))).rejects.toThrow(/data key "k2" is not configured/);
    } finally {
      await cleanup();
    }
    // A fresh database migrated twice: seconds, more on a loaded machine.
  }, 120_000);
});
