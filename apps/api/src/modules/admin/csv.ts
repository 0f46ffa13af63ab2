/**
 * CSV as Excel opens it with Chinese intact: UTF-8 with a byte-order mark, CRLF line ends,
 * every field quoted when it holds a comma, quote or line break. A field that starts with
 * = + - @ (a formula to a spreadsheet) is prefixed with a quote character unless it is a number.
 */
export const CSV_BOM = '\uFEFF';

type Cell = string | number | null;

function field(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
