/**
 * The corporate bank's batch payment file (docs/bank-batch-file.md, decision 0149): one
 * CSV row per payout in the columns a Taiwan corporate-banking batch upload (整批付款) takes,
 * and the bank's result file — the same rows with a status and a reason — read back.
 * UTF-8 with a byte-order mark (or Big5, CP950, for a bank that takes only that), CRLF,
 * amounts in whole NT$, account numbers as digits.
 */
import iconv from 'iconv-lite';

export const BANK_FILE_BOM = '\uFEFF';

/** The batch file's columns, in order (the header row). */
export const BANK_BATCH_COLUMNS = ['收款銀行代碼', '收款分行代碼', '收款帳號', '收款戶名', '金額', '參考編號', '訂單編號', '附言'] as const;
/** The result file: the batch file's columns, then these. */
export const BANK_RESULT_COLUMNS = [...BANK_BATCH_COLUMNS, '處理結果', '失敗原因'] as const;

export interface BankBatchRow {
  bankCode: string;
  /** 7 digits (bank code + 4), or empty when the account was bound without a branch. */
  branchCode: string;
  accountNumber: string;
  holderName: string;
  amount: number;
  /** The payout's reference: `PO` and its id in 10 digits. */
  reference: string;
  orderNo: string;
  remark: string;
}

/** The payout's reference in the bank files. */
export function payoutReference(payoutId: number): string {
  return `PO${String(payoutId).padStart(10, '0')}`;
}

/** The payout id a reference names; null for anything else. */
export function payoutIdOfReference(reference: string): number | null {
  const match = /^PO(\d{10})$/.exec(reference.trim());
  const id = match ? Number(match[1]) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Bank upload programs split on commas and take no quoting: a field never holds a comma, quote or line break. */
function plain(value: string): string {
  return value.replace(/[",\r\n\t]/g, ' ').trim();
}

export function formatBankBatchFile(rows: readonly BankBatchRow[]): string {
  return BANK_FILE_BOM + bankBatchLines(rows);
}

function bankBatchLines(rows: readonly BankBatchRow[]): string {
  const lines = [
    BANK_BATCH_COLUMNS.join(','),
    ...rows.map((row) =>
      [row.bankCode, row.branchCode, row.accountNumber, row.holderName, String(row.amount), row.reference, row.orderNo, row.remark]
        .map(plain)
        .join(','),
    ),
  ];
  return lines.join('\r\n') + '\r\n';
}

/** Microsoft's code page 950: Big5 with the ETEN additions, what Taiwan's Big5-only upload programs read. */
const BIG5 = 'cp950';

/** The characters of `text` Big5 (CP950) has no code for, each once, in order (e.g. 堃, 喆, 犇, 峯, and any outside the BMP). */
export function charactersOutsideBig5(text: string): string[] {
  const outside = new Set<string>();
  for (const character of text) {
    if (iconv.decode(iconv.encode(character, BIG5), BIG5) !== character) outside.add(character);
  }
  return [...outside];
}

/**
 * The batch file in Big5 (CP950), no byte-order mark, for a bank whose upload takes only
 * Big5. Never a `?` in place of a character: a row whose fields hold a character Big5 cannot
 * write (a name's rare character) refuses the whole file, naming the first such row's order
 * and characters, so finance downloads the UTF-8 file instead (docs/bank-batch-file.md).
 */
export function formatBankBatchFileBig5(
  rows: readonly BankBatchRow[],
): { ok: true; bytes: Buffer } | { ok: false; orderNo: string; characters: string[] } {
  for (const row of rows) {
    const characters = charactersOutsideBig5(Object.values(row).map(String).map(plain).join(''));
    if (characters.length > 0) return { ok: false, orderNo: row.orderNo, characters };
  }
  return { ok: true, bytes: iconv.encode(bankBatchLines(rows), BIG5) };
}

/**
 * A bank file's bytes as text, for every path that reads one (the console's upload and `npm
 * run operator -- import-bank-result`): UTF-8 when the bytes are valid UTF-8 (a byte-order
 * mark dropped), else Big5 (CP950, as the batch file is written) — a Big5 file of Chinese
 * text is practically never valid UTF-8, and an ASCII-only file reads the same either way.
 */
export function decodeBankFile(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return text.startsWith(BANK_FILE_BOM) ? text.slice(1) : text;
  } catch {
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), BIG5);
  }
}

/** Splits CSV text into rows of fields (RFC 4180 quoting accepted, as a spreadsheet may save it). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.startsWith(BANK_FILE_BOM) ? text.slice(1) : text;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

export interface BankResultRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  reference: string;
  /** Null when the amount is not a whole number. */
  amount: number | null;
  /** Null when the status is neither success nor failure. */
  succeeded: boolean | null;
  reason: string;
}

const SUCCESS = new Set(['成功', 'success', 's', 'ok', '0000']);
const FAILURE = new Set(['失敗', 'failure', 'failed', 'f', 'fail']);

/**
 * Reads the bank's result file: the header must name 參考編號, 金額 and 處理結果 (失敗原因
 * optional), in any order, as the bank may add columns. Null when the header lacks them.
 */
export function parseBankResultFile(text: string): BankResultRow[] | null {
  const [header, ...rows] = parseCsv(text);
  if (!header) return null;
  const names = header.map((cell) => cell.trim());
  const at = (name: string) => names.indexOf(name);
  const [reference, amount, status, reason] = [at('參考編號'), at('金額'), at('處理結果'), at('失敗原因')];
  if (reference < 0 || amount < 0 || status < 0) return null;
  return rows.map((cells, index) => {
    const amountText = (cells[amount] ?? '').trim().replace(/,/g, '');
    const statusText = (cells[status] ?? '').trim().toLowerCase();
    return {
      line: index + 2,
      reference: (cells[reference] ?? '').trim(),
      amount: /^\d{1,9}$/.test(amountText) ? Number(amountText) : null,
      succeeded: SUCCESS.has(statusText) ? true : FAILURE.has(statusText) ? false : null,
      reason: reason >= 0 ? plain(cells[reason] ?? '').slice(0, 60) : '',
    };
  });
}
