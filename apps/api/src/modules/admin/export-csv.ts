import type { TExportKind } from '@app/contract/admin/admin-report-schemas.ts';
import { taipeiWallClock } from '@app/contract/taipei-time.ts';
import type { Db } from '../../db/client.ts';
import { listPayoutsBetween } from '../payments/index.ts';
import { listCollectionsBetween, listJournalLinesBetween } from '../repayments/index.ts';
import { toCsv } from './csv.ts';
import { instantsOf } from './taipei-days.ts';

/** An instant as Taipei wall-clock time, 2026-11-25 14:05:09. */
function taipeiTime(instant: Date | null): string | null {
  if (!instant) return null;
  const { date, time } = taipeiWallClock(instant);
  return `${date} ${time}`;
}

/**
 * Finance's CSV of a range of Taipei days (both included): payouts (by the day requested),
 * collections (credited payments, by the day credited) or the loan journal's lines (by the
 * day posted). Amounts are integer NT$; no personal data (orders by id).
 */
export async function exportCsv(options: {
  db: Db;
  kind: TExportKind;
  from: string;
  to: string;
}): Promise<{ csv: string; rows: number; fileName: string }> {
  const { db, kind } = options;
  const range = instantsOf(options.from, options.to);
  const fileName = `${kind}-${options.from}-${options.to}.csv`;
  if (kind === 'payouts') {
    const rows = await listPayoutsBetween({ db, ...range });
    const csv = toCsv(
      ['撥款編號', '訂單編號', '金額', '狀態', '金流業者', '交易序號', '申請時間', '完成時間'],
      rows.map((row) => [
        row.id,
        row.orderId,
        row.amount,
        row.state,
        row.provider,
        row.providerTransactionId,
        taipeiTime(row.requestedAt),
        taipeiTime(row.settledAt),
      ]),
    );
    return { csv, rows: rows.length, fileName };
  }
  if (kind === 'collections') {
    const rows = await listCollectionsBetween({ db, ...range });
    const csv = toCsv(
      ['入帳編號', '訂單編號', '繳款單編號', '種類', '管道', '來源', '金額', '沖銷本息', '展期', '溢繳保留', '入帳時間'],
      rows.map((row) => [
        row.id,
        row.orderId,
        row.requestId,
        row.kind,
        row.channel,
        row.source,
        row.amount,
        row.allocated,
        row.extension,
        row.creditKept,
        taipeiTime(row.creditedAt),
      ]),
    );
    return { csv, rows: rows.length, fileName };
  }
  const rows = await listJournalLinesBetween({ db, ...range });
  const csv = toCsv(
    ['分錄編號', '訂單編號', '事件', '來源', '起息日', '付款日', '過帳時間', '科目', '金額（借正貸負）'],
    rows.map((row) => [
      row.entryId,
      row.orderId,
      row.kind,
      row.source,
      row.valueDate,
      row.paidOn,
      taipeiTime(row.at),
      row.account,
      row.amount,
    ]),
  );
  return { csv, rows: rows.length, fileName };
}
