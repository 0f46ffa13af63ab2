import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { contractHtmlBlocks, type ContractBlock } from './contract-html-blocks.ts';

/**
 * The signed contract as a PDF, laid out from its stored HTML (so the download shows the
 * signed text, signature included). Chinese needs a CJK font and the server may have
 * none: Noto Sans TC ships in @expo-google-fonts/noto-sans-tc, read once per process;
 * pdfkit embeds only the glyphs a document uses.
 */

const require = createRequire(import.meta.url);
/**
 * One weight only: each font costs its own glyph layout and subset (a second weight for
 * headings doubled the time, ~0.3 s, and the size, ~115 KB, of a four-page contract).
 */
const FONT_FILE = '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf';

let font: Promise<Buffer> | undefined;

function loadFont(): Promise<Buffer> {
  font ??= readFile(require.resolve(FONT_FILE));
  // A failed read is retried by the next request instead of being kept.
  font.catch(() => {
    font = undefined;
  });
  return font;
}

const FONT = 'NotoSansTC';
const MARGIN = 50;
const IMAGE_HEIGHT = 80;
const TEXT = '#1f2329';
const GREY = '#646a73';
const LINE = '#c9cdd4';
const HEADER_FILL = '#f2f3f5';

/** Column shares of a table row by its cell count: the facts table (2) and the schedule (6). */
function columnShares(count: number): number[] {
  if (count === 2) return [0.36, 0.64];
  if (count === 6) return [0.1, 0.2, 0.17, 0.17, 0.15, 0.21];
  return Array.from({ length: count }, () => 1 / count);
}

function drawRow(doc: PDFKit.PDFDocument, block: Extract<ContractBlock, { kind: 'row' }>): void {
  const width = doc.page.width - MARGIN * 2;
  const shares = columnShares(block.cells.length);
  const padding = 4;
  const fontSize = 9;
  const facts = block.tableClass.includes('facts');
  const heights = block.cells.map((cell, i) =>
    doc
      .font(FONT)
      .fontSize(fontSize)
      .heightOfString(cell || ' ', { width: width * (shares[i] ?? 0) - padding * 2 }),
  );
  const height = Math.max(...heights) + padding * 2;
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  const top = doc.y;
  let x = MARGIN;
  block.cells.forEach((cell, i) => {
    const cellWidth = width * (shares[i] ?? 0);
    if (block.header || (facts && i === 0)) doc.rect(x, top, cellWidth, height).fill(HEADER_FILL);
    doc.rect(x, top, cellWidth, height).lineWidth(0.5).strokeColor(LINE).stroke();
    const align = facts || block.header ? (facts ? 'left' : 'center') : i === 0 ? 'center' : 'right';
    doc
      .fillColor(TEXT)
      .font(FONT)
      .fontSize(fontSize)
      .text(cell, x + padding, top + padding, { width: cellWidth - padding * 2, align });
    x += cellWidth;
  });
  doc.x = MARGIN;
  doc.y = top + height;
}

function drawBlock(
  doc: PDFKit.PDFDocument,
  block: ContractBlock,
  previous: ContractBlock | undefined,
  next: ContractBlock | undefined,
): void {
  const width = doc.page.width - MARGIN * 2;
  if (block.kind !== 'row' && previous?.kind === 'row') doc.moveDown(0.4);
  switch (block.kind) {
    case 'h1':
      doc.font(FONT).fontSize(18).fillColor(TEXT).text(block.text, MARGIN, doc.y, { width, align: 'center' });
      doc.moveDown(0.2);
      break;
    case 'h2':
      // A heading never ends a page alone.
      if (doc.y + 60 > doc.page.height - MARGIN) doc.addPage();
      doc.moveDown(0.6);
      doc.font(FONT).fontSize(12.5).fillColor(TEXT).text(block.text, MARGIN, doc.y, { width });
      doc.moveDown(0.2);
      break;
    case 'p': {
      const small = /\b(small|meta)\b/.test(block.className);
      const align = block.className.includes('meta') ? 'center' : 'left';
      // The line that introduces the signature stays on the signature's page.
      if (next?.kind === 'image' && doc.y + IMAGE_HEIGHT + 30 > doc.page.height - MARGIN) doc.addPage();
      doc
        .font(FONT)
        .fontSize(small ? 8.5 : 10)
        .fillColor(small ? GREY : TEXT)
        .text(block.text, MARGIN, doc.y, { width, align, lineGap: 2.5 });
      doc.moveDown(0.3);
      break;
    }
    case 'li':
      doc
        .font(FONT)
        .fontSize(10)
        .fillColor(TEXT)
        .text(block.text, MARGIN + 12, doc.y, { width: width - 12, lineGap: 2.5 });
      doc.moveDown(0.15);
      break;
    case 'row':
      if (previous?.kind !== 'row') doc.moveDown(0.3);
      drawRow(doc, block);
      break;
    case 'image': {
      const boxHeight = IMAGE_HEIGHT;
      if (doc.y + boxHeight > doc.page.height - MARGIN) doc.addPage();
      const top = doc.y;
      doc.image(block.png, MARGIN, top, { fit: [220, boxHeight] });
      doc
        .moveTo(MARGIN, top + boxHeight)
        .lineTo(MARGIN + 220, top + boxHeight)
        .lineWidth(0.5)
        .strokeColor(TEXT)
        .stroke();
      doc.x = MARGIN;
      doc.y = top + boxHeight + 6;
      break;
    }
  }
}

/**
 * The PDF bytes of a stored contract, or of another document of ours written in the same
 * markup (the settlement certificate): `title` and `footerLabel` name it.
 */
export async function renderContractPdf(options: {
  html: string;
  contractNo: string;
  signedAt: Date;
  lenderName: string;
  title?: string;
  footerLabel?: string;
}): Promise<Buffer> {
  const fontBytes = await loadFont();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: options.title ?? '借款契約', Subject: options.contractNo, Author: options.lenderName, CreationDate: options.signedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, fontBytes);

  const blocks = contractHtmlBlocks(options.html);
  blocks.forEach((block, i) => drawBlock(doc, block, blocks[i - 1], blocks[i + 1]));

  // Every page names the contract and its place, so a loose page can be matched.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page for the text: lift it.
    doc.page.margins.bottom = 0;
    const footer = `${options.footerLabel ?? `契約編號 ${options.contractNo}`}\u3000第 ${i + 1} 頁，共 ${range.count} 頁`;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(GREY)
      .text(footer, MARGIN, doc.page.height - MARGIN + 16, { width: doc.page.width - MARGIN * 2, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
