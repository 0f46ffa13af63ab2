/**
 * The blocks of a contract's HTML, in reading order, for the PDF. Only the markup the
 * templates write is understood (h1, h2, p, ol/li, table rows, img with a data URI);
 * anything else contributes its text to the block around it. The input is always a
 * stored contract of our own templates, never a page from elsewhere.
 */
export type ContractBlock =
  | { kind: 'h1' | 'h2' | 'p' | 'li'; text: string; className: string }
  | { kind: 'row'; cells: string[]; header: boolean; tableClass: string }
  | { kind: 'image'; png: Buffer; alt: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attribute(attrs: string, name: string): string {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(` ${attrs}`);
  return match?.[1] ? decodeEntities(match[1]) : '';
}

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/g;
const HIDDEN = new Set(['head', 'style', 'title', 'script']);
const TEXT_BLOCKS = new Set(['h1', 'h2', 'p', 'li']);
const PNG_DATA_URI = 'data:image/png;base64,';

export function contractHtmlBlocks(html: string): ContractBlock[] {
  const blocks: ContractBlock[] = [];
  let hidden = 0;
  let text: { kind: 'h1' | 'h2' | 'p' | 'li'; parts: string[]; className: string; prefix: string } | null = null;
  let row: { cells: string[]; header: boolean } | null = null;
  let cell: string[] | null = null;
  let tableClass = '';
  let inHeadOrFoot = false;
  const counters: number[] = [];

  const flushText = () => {
    if (!text) return;
    const content = `${text.prefix}${text.parts.join('')}`.replace(/\s+/g, ' ').trim();
    if (content) blocks.push({ kind: text.kind, text: content, className: text.className });
    text = null;
  };

  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawName, attrs = '', chunk] = match;
    if (chunk !== undefined) {
      if (hidden > 0) continue;
      const decoded = decodeEntities(chunk);
      if (cell) cell.push(decoded);
      else if (text) text.parts.push(decoded);
      continue;
    }
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (HIDDEN.has(name)) {
      hidden += closing ? -1 : 1;
      continue;
    }
    if (hidden > 0) continue;
    if (!closing) {
      if (TEXT_BLOCKS.has(name) && !cell) {
        flushText();
        let prefix = '';
        if (name === 'li') {
          const depth = counters.length - 1;
          counters[depth] = (counters[depth] ?? 0) + 1;
          prefix = `${counters[depth]}. `;
        }
        text = { kind: name as 'h1' | 'h2' | 'p' | 'li', parts: [], className: attribute(attrs, 'class'), prefix };
      } else if (name === 'ol' || name === 'ul') {
        flushText();
        counters.push(0);
      } else if (name === 'table') {
        flushText();
        tableClass = attribute(attrs, 'class');
      } else if (name === 'thead' || name === 'tfoot') {
        inHeadOrFoot = true;
      } else if (name === 'tr') {
        row = { cells: [], header: inHeadOrFoot };
      } else if ((name === 'td' || name === 'th') && row) {
        cell = [];
      } else if (name === 'br') {
        (cell ?? text?.parts)?.push('\n');
      } else if (name === 'img') {
        const src = attribute(attrs, 'src');
        if (src.startsWith(PNG_DATA_URI)) {
          flushText();
          blocks.push({ kind: 'image', png: Buffer.from(src.slice(PNG_DATA_URI.length), 'base64'), alt: attribute(attrs, 'alt') });
        }
      }
      continue;
    }
    if (TEXT_BLOCKS.has(name) && !cell) flushText();
    else if (name === 'ol' || name === 'ul') counters.pop();
    else if (name === 'thead' || name === 'tfoot') inHeadOrFoot = false;
    else if ((name === 'td' || name === 'th') && row && cell) {
      row.cells.push(cell.join('').replace(/\s+/g, ' ').trim());
      cell = null;
    } else if (name === 'tr' && row) {
      blocks.push({ kind: 'row', cells: row.cells, header: row.header, tableClass });
      row = null;
    }
  }
  flushText();
  return blocks;
}
