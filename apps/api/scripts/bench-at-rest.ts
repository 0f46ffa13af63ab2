import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createNodeCipher } from '@app/contract/cipher-node.ts';
import { ENDPOINTS, type Endpoint } from '@app/contract/endpoints.ts';
import { CLIENT_VERSION, COUNTRY_CODE, DEFAULT_SOURCE_CHANNEL, HEADER } from '@app/contract/headers.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { AtRestKeys } from '../src/db/at-rest.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { resealRows, rowScope, SEALED_TABLES } from '../src/db/sealed-tables.ts';
import { seedDatabase } from '../src/db/seed.ts';

/**
 * npm run bench:at-rest [-- --postgres] — what sealing personal data at rest costs a request.
 *
 * 1. The cryptography alone: opening one row of step 1 (its data key unwrapped, seven
 *    values opened), one bank account, sealing a step 1.
 *    (CPU time of this process, so that other processes' load does not count.)
 * 2. End to end, A/B on one server and one borrower: the borrower endpoints that read
 *    personal data (queryUserDetail: step 1 and the contacts; bindCard/list: the accounts)
 *    and queryCashUser (reads flags only), each requested sequentially BENCH_REQUESTS times
 *    with the borrower's rows sealed, then with the same rows written back in clear (key
 *    id null: the repositories' code path without any decryption), alternating, three
 *    rounds each (BENCH_ROUNDS). The CPU time of this process per request (server and client,
 *    the same both ways) differs by decryption's cost; wall time is printed beside it.
 * Database: PGlite in a throwaway folder; `--postgres` a fresh database on
 * postgresql://postgres@127.0.0.1:5432 (dropped afterwards).
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 800);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LOCAL_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';
const usePostgres = process.argv.includes('--postgres');

async function admin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-at-rest-'));
let databaseUrl = '';
const databaseName = `bench_at_rest_${Date.now()}`;
if (usePostgres) {
  await admin((client) => client.query(`create database ${databaseName}`));
  const url = new URL(LOCAL_POSTGRES);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  TEST_HOOKS: 'true',
});
const keys = new AtRestKeys(config.atRest);

function cryptoOnly(): Array<[string, number]> {
  const n = 20_000;
  const rowKey = keys.newRowKey('personal_details:1');
  const fields = ['name', 'birth_date', 'id_number', 'address', 'email', 'line_id', 'employer'];
  const sealed = fields.map((field) => rowKey.seal(field, `${field} 測試值 0123456789`));
  // CPU time of this process (user + system), not wall time: other processes' load on
  // the machine does not count.
  const time = (work: () => void) => {
    for (let i = 0; i < 2000; i += 1) work();
    const start = process.cpuUsage();
    for (let i = 0; i < n; i += 1) work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / n;
  };
  return [
    [
      'open one step-1 row (unwrap + 7 values)',
      time(() => {
        const key = keys.openRowKey('personal_details:1', rowKey.keyId, rowKey.dataKey);
        fields.forEach((field, i) => key.open(field, sealed[i] ?? null));
      }),
    ],
    [
      'open one bank account (unwrap + 2 values)',
      time(() => {
        const key = keys.openRowKey('personal_details:1', rowKey.keyId, rowKey.dataKey);
        key.open('name', sealed[0] ?? null);
        key.open('birth_date', sealed[1] ?? null);
      }),
    ],
    [
      'seal one step-1 row (new key + 7 values + blind index)',
      time(() => {
        const key = keys.newRowKey('personal_details:1');
        fields.forEach((field) => key.seal(field, `${field} 測試值 0123456789`));
        keys.blindIndex('id_number', 'A123456789');
      }),
    ],
  ];
}

const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await migrateDatabase(handle);
await seedDatabase(handle.db);
const app = await buildApp(config, { database: handle });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
const base = `http://127.0.0.1:${address.port}`;
const cipher = createNodeCipher(config.cipherKey);

async function call(endpoint: Endpoint, payload: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const request = encodeRequest(endpoint, payload, cipher, base, headers);
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const envelope = decodeEnvelope(await response.text(), cipher);
  if (envelope.status !== 200) throw new Error(`${endpoint.path} answered ${envelope.status} ${envelope.message}`);
  return envelope.body;
}

const mobile = `09${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
await call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'login' });
const outbox = (await (await fetch(`${base}/__test__/sms-outbox?mobile=${mobile}`)).json()) as Array<{ code: string | null }>;
const session = (await call(ENDPOINTS.login, { mobile, code: outbox[0]?.code })) as { token: string; userId: unknown; uuId: unknown };
const headers = {
  [HEADER.version]: CLIENT_VERSION,
  [HEADER.sourceChannel]: DEFAULT_SOURCE_CHANNEL,
  [HEADER.packageName]: config.packageName,
  [HEADER.countryCode]: COUNTRY_CODE,
  [HEADER.token]: session.token,
  [HEADER.userId]: String(session.userId),
  [HEADER.uuId]: String(session.uuId),
};
await call(
  ENDPOINTS.userAuthSupplementUserInfo,
  {
    name: '陳志明',
    gender: 'male',
    birthDate: '1988-11-20',
    idNumber: 'A123456789',
    maritalStatus: 'married',
    education: 'senior_high',
    occupation: 'self_employed',
    employer: '志明商行',
    monthlyIncome: 38000,
    county: '高雄市',
    district: '苓雅區',
    address: '四維三路 2 號',
    email: 'chen@example.tw',
    lineId: 'chen88',
  },
  headers,
);
await call(
  ENDPOINTS.emergencyContactAdd,
  {
    contacts: [
      { name: '陳媽媽', relationship: 'parent', mobile: '0911222333' },
      { name: '李同事', relationship: 'colleague', mobile: '0922333444' },
    ],
    consent: true,
  },
  headers,
);
await call(
  ENDPOINTS.bindCardBind,
  { bankCode: '004', branchCode: '0040037', accountNumber: '12345678901234', holderName: '陳志明' },
  headers,
);
await call(
  ENDPOINTS.bindCardBind,
  { bankCode: '004', branchCode: '0040037', accountNumber: '12345678905678', holderName: '陳志明' },
  headers,
);

type Rows = { rows: Array<Record<string, unknown>> };

/** The borrower's rows written back in clear, key id null: what the repositories read without decrypting. */
async function unseal(): Promise<void> {
  for (const spec of SEALED_TABLES) {
    const { rows } = (await handle.db.execute(sql`select * from ${sql.identifier(spec.table)}`)) as unknown as Rows;
    for (const row of rows) {
      const rowKey = keys.openRowKey(
        rowScope(spec.table, Number(row[spec.owner])),
        row.key_id as string | null,
        row.data_key as string | null,
      );
      const sets = spec.columns.map((column) => sql`${sql.identifier(column)} = ${rowKey.open(column, row[column] as string | null)}`);
      await handle.db.execute(
        sql`update ${sql.identifier(spec.table)} set ${sql.join(sets, sql`, `)}, key_id = null, data_key = null where ${sql.identifier(spec.key)} = ${row[spec.key] as number}`,
      );
    }
  }
}

const endpoints: Array<[string, Endpoint]> = [
  ['POST queryUserDetail (step 1 + 2 contacts)', ENDPOINTS.userAuthQueryUserDetail],
  ['POST bindCard/list (2 accounts)', ENDPOINTS.bindCardList],
  ['POST queryCashUser (flags only)', ENDPOINTS.queryCashUser],
];

/** CPU µs of this process (server and client, the same for both ways) and wall µs per request. */
async function measure(endpoint: Endpoint): Promise<{ cpu: number; wall: number }> {
  for (let i = 0; i < 50; i += 1) await call(endpoint, {}, headers);
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) await call(endpoint, {}, headers);
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / REQUESTS, wall: ((performance.now() - start) * 1000) / REQUESTS };
}

const results = new Map<string, { sealed: Array<{ cpu: number; wall: number }>; plain: Array<{ cpu: number; wall: number }> }>();
for (let round = 0; round < ROUNDS; round += 1) {
  // Which way goes first alternates by round, so that a drift of the machine's load favours neither.
  for (const mode of round % 2 === 0 ? (['sealed', 'plain'] as const) : (['plain', 'sealed'] as const)) {
    if (mode === 'plain') await unseal();
    else await resealRows(handle.db, keys, { which: 'plain' });
    for (const [title, endpoint] of endpoints) {
      const entry = results.get(title) ?? { sealed: [], plain: [] };
      entry[mode].push(await measure(endpoint));
      results.set(title, entry);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(`\n${handle.kind}: ${REQUESTS} sequential requests per endpoint and round, ${ROUNDS} rounds each way (median of rounds)\n`);
console.log('| cryptography alone | CPU µs |');
console.log('|---|---:|');
for (const [title, us] of cryptoOnly()) console.log(`| ${title} | ${us.toFixed(1)} |`);
console.log('\n| endpoint | sealed: CPU µs (wall µs) | in clear: CPU µs (wall µs) | CPU difference |');
console.log('|---|---:|---:|---:|');
for (const [title, { sealed, plain }] of results) {
  const a = median(sealed.map((m) => m.cpu));
  const b = median(plain.map((m) => m.cpu));
  const wallA = median(sealed.map((m) => m.wall));
  const wallB = median(plain.map((m) => m.wall));
  console.log(
    `| ${title} | ${a.toFixed(0)} (${wallA.toFixed(0)}) | ${b.toFixed(0)} (${wallB.toFixed(0)}) | ${(a - b).toFixed(0)} µs (${(((a - b) / b) * 100).toFixed(1)}%) |`,
  );
}
console.log(
  `\nload average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')} (${os.cpus().length} cores)`,
);

await app.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
if (usePostgres) await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
