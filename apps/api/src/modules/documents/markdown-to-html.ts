/**
 * The small Markdown our legal documents use (headings, paragraphs, ordered and
 * unordered lists, **bold**, [links](https://…)) to HTML. Everything is escaped first
 * and only these constructs produce tags, so an operator's edit can never inject markup
 * or script: safe by construction, with no sanitiser to keep up to date.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Only web, mail and in-app hash links; anything else (javascript:, data:) stays text. */
const SAFE_HREF = /^(https?:\/\/|mailto:|#)/i;

function inline(raw: string): string {
  const escaped = escape(raw);
  return escaped
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) => {
      // href is already escaped, so it cannot close the attribute.
      if (!SAFE_HREF.test(href)) return whole;
      const external = /^https?:/i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
      return `<a href="${href}"${external}>${label}</a>`;
    });
}

type Block = { kind: 'p'; lines: string[] } | { kind: 'ol' | 'ul'; items: string[] };

export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  let block: Block | null = null;

  const flush = () => {
    if (!block) return;
    if (block.kind === 'p') out.push(`<p>${block.lines.map(inline).join('<br>')}</p>`);
    else out.push(`<${block.kind}>${block.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${block.kind}>`);
    block = null;
  };

  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const ordered = /^\d+[.)]\s+(.*)$/.exec(line);
    const unordered = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
    } else if (ordered || unordered) {
      const kind = ordered ? 'ol' : 'ul';
      const text = (ordered ?? unordered)?.[1] ?? '';
      if (!block || block.kind !== kind) {
        flush();
        block = { kind, items: [] };
      }
      block.items.push(text);
    } else if (block && block.kind !== 'p') {
      // A continuation line belongs to the last list item.
      const last = block.items.length - 1;
      block.items[last] = `${block.items[last] ?? ''} ${line}`;
    } else {
      if (!block) block = { kind: 'p', lines: [] };
      block.lines.push(line);
    }
  }
  flush();
  return out.join('\n');
}
