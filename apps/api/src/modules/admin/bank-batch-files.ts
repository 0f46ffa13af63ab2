import {
  ADMIN_BANK_BATCH_EMPTY,
  ADMIN_BANK_BATCH_NOT_BIG5,
  ADMIN_BANK_RESULT_UNREADABLE,
  ADMIN_NOT_FOUND,
  BANK_RESULT_OUTCOME_LABELS,
  type TBankResultOutcome,
} from '@app/contract/admin/admin-messages.ts';
import type { TBankBatchCreatedResponse, TBankResultImportResponse } from '@app/contract/admin/admin-payout-schemas.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { AppError } from '../../errors/app-error.ts';
import { bankBatchFile, createBankBatch, decodeBankFile, importBankResult, type BankFileEncoding } from '../payments/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/** A new batch file of the bank payouts ready (payments' use case), audited in the same transaction. */
export async function createBankBatchByOperator(options: { db: Db; actor: Actor; now: Date }): Promise<TBankBatchCreatedResponse> {
  const { actor, now } = options;
  return options.db.transaction(async (tx) => {
    const created = await createBankBatch({ db: tx, now });
    if (!created) throw new AppError('BUSINESS_RULE', { userMessage: ADMIN_BANK_BATCH_EMPTY, message: 'no bank payout ready' });
    await recordAudit({ db: tx, actor, at: now, action: 'payout.bankBatchCreated', target: `bankBatch:${created.batch}`, after: created });
    return created;
  });
}

/**
 * A batch's file, for upload to the bank: it holds names and account numbers, so each
 * download is audited. UTF-8 with a BOM unless Big5 is asked for; a Big5 file a name cannot
 * be written in is refused in words naming the order, and nothing is audited as downloaded.
 */
export async function downloadBankBatch(options: {
  db: Db;
  actor: Actor;
  batch: string;
  remarkPrefix: string;
  encoding?: BankFileEncoding;
  now: Date;
}): Promise<{ body: string | Buffer; fileName: string; contentType: string }> {
  const { db, actor, batch, now } = options;
  const encoding = options.encoding ?? 'utf8';
  const file = await bankBatchFile({ db, batch, remarkPrefix: options.remarkPrefix, encoding });
  if (!file) throw new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'no such bank batch' });
  if (!file.ok) {
    throw new AppError('BUSINESS_RULE', {
      userMessage: ADMIN_BANK_BATCH_NOT_BIG5.replace('{orderNo}', file.orderNo).replace('{characters}', file.characters.join('、')),
      message: 'bank batch has a character outside Big5',
    });
  }
  await recordAudit({
    db,
    actor,
    at: now,
    action: 'payout.bankBatchDownloaded',
    target: `bankBatch:${batch}`,
    after: { rows: file.rows, amount: file.amount, encoding },
  });
  return encoding === 'big5'
    ? { body: file.body, fileName: `bank-batch-${batch}-big5.csv`, contentType: 'text/csv; charset=big5' }
    : { body: file.body, fileName: `bank-batch-${batch}.csv`, contentType: 'text/csv; charset=utf-8' };
}

/**
 * The bank's result file imported (payments' use case: each row as a gateway notification
 * would be applied, idempotent), then one audit row with what each row did. Refused, with
 * nothing changed, when the file is not a result file.
 */
export async function importBankResultByOperator(options: {
  db: Db;
  jobs: JobQueue;
  actor: Actor;
  fileName: string;
  /** The file's bytes (decoded here: UTF-8 with or without a BOM, or Big5), or its text. */
  content: Uint8Array | string;
  now: Date;
}): Promise<TBankResultImportResponse> {
  const { db, jobs, actor, now } = options;
  const text = typeof options.content === 'string' ? options.content : decodeBankFile(options.content);
  const rows = await importBankResult({ db, jobs, text, now });
  if (!rows) throw new AppError('FIELD_INVALID', { userMessage: ADMIN_BANK_RESULT_UNREADABLE, message: 'bank result file unreadable' });
  const counts = Object.fromEntries(Object.keys(BANK_RESULT_OUTCOME_LABELS).map((key) => [key, 0])) as Record<TBankResultOutcome, number>;
  for (const row of rows) counts[row.outcome] += 1;
  await recordAudit({
    db,
    actor,
    at: now,
    action: 'payout.bankResultImported',
    target: `bankResult:${options.fileName.slice(0, 60)}`,
    after: { counts, rows: rows.map((row) => ({ line: row.line, payoutId: row.payoutId, outcome: row.outcome })) },
  });
  return { rows, counts };
}
