import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_RELOGIN } from '@app/contract/envelope.ts';
import {
  CONTRACT_ALREADY_SIGNED,
  CONTRACT_NOT_FOUND,
  CONTRACT_NOT_SIGNABLE,
  CONTRACT_PDF_UNSIGNED,
  CONTRACT_SIGNATURE_INVALID,
} from '@app/contract/messages/contracts.ts';
import { SESSION_EXPIRED } from '@app/contract/messages/request-errors.ts';
import type { TContractAddResponse, TLoanApplyResponse, TLoanIndexResponse, TLoanQuote } from '@app/contract/schemas/loans.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import { loanContracts } from '../../db/schema/contracts.ts';
import { accountsServerPerFile, bodyOf, pngBytes, refusal, uploadedImage } from '../../test/accounts-test-kit.ts';
import { inflatedStreams } from '../../test/pdf-streams.ts';
import { createBorrower, type Borrower } from '../../test/lending-test-kit.ts';
import { changeOrderState } from '../orders/change-order-state.ts';
import { getOrderOfUser } from '../orders/get-order.ts';

const { database, server } = accountsServerPerFile();
let alice: Borrower;
let bob: Borrower;
let carol: Borrower;
let products: TLoanIndexResponse['products'];

const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) contracts-test';
const MONEY = new Intl.NumberFormat('zh-TW');

beforeAll(async () => {
  [alice, bob, carol] = [
    await createBorrower(server, database.handle),
    await createBorrower(server, database.handle),
    await createBorrower(server, database.handle),
  ];
  products = bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {})).envelope).products;
});

async function apply(
  user: Borrower,
  method: 'singleRepayment' | 'equalInstalments',
  amount: number,
  term: number,
): Promise<TLoanApplyResponse> {
  const product = products.find((p) => p.method === method);
  if (!product) throw new Error(`no ${method} product`);
  const payload = {
    productId: product.id,
    amount,
    term,
    requestId: randomBytes(8).toString('hex'),
    bankCardId: user.bankCardId,
    purpose: 'living',
  };
  return bodyOf<TLoanApplyResponse>((await server.client.call(ENDPOINTS.loanApply, payload, user.headers)).envelope);
}

/** A real PNG of a handwritten-looking stroke, as the signature canvas exports it. */
async function signaturePng(): Promise<Uint8Array<ArrayBuffer>> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 180 20, 240 130 S 380 190, 560 40" stroke="#111" stroke-width="6" fill="none"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

async function upload(user: Borrower, bytes: Uint8Array<ArrayBuffer>, type = 'image/png'): Promise<string> {
  return (await uploadedImage(server, user, bytes, { type })).key;
}

async function sign(user: Borrower, orderId: string, signatureImageKey: string) {
  return (await server.client.call(ENDPOINTS.contractAdd, { orderId, signatureImageKey }, { ...user.headers, 'user-agent': USER_AGENT }))
    .envelope;
}

/** GET /api/v5/view/contract as the web app sends it: HCDCYL and the token header; the raw answer. */
async function view(user: Borrower | null, payload: { orderId: string; format?: 'html' | 'pdf' }) {
  const request = encodeRequest(ENDPOINTS.viewContract, payload, server.client.cipher, server.baseUrl, user?.headers ?? {});
  const response = await fetch(request.url, { headers: request.headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition') ?? '',
    bytes,
    text: bytes.toString('utf8'),
  };
}

const storedContracts = (orderId: string) =>
  database.handle.db
    .select()
    .from(loanContracts)
    .where(eq(loanContracts.orderId, Number(orderId)));

/** The row of one instalment exactly as the template prints it. */
const scheduleRow = (row: TLoanQuote['instalments'][number]) =>
  `<tr><td>${row.number}</td><td>${row.dueDate.replaceAll('-', '/')}</td><td>${MONEY.format(row.principal)}</td><td>${MONEY.format(row.interest)}</td><td>${MONEY.format(row.fee)}</td><td>${MONEY.format(row.total)}</td></tr>`;

describe('the contract before signing', () => {
  let order: TLoanApplyResponse;
  beforeAll(async () => {
    order = await apply(alice, 'equalInstalments', 36_000, 12);
  });

  it('is the filled template: amount, APR with its footnote, every schedule row, the parties', async () => {
    const page = await view(alice, { orderId: order.orderId });
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    const html = page.text;
    const { quote } = order;
    expect(html).toContain('<h1>借款契約</h1>');
    expect(html).toContain(`新臺幣 ${MONEY.format(36_000)} 元`);
    expect(html).toContain(`總費用年百分率為 ${quote.aprPercent.toFixed(2)}%`);
    expect(html).toContain(quote.aprFootnote.replaceAll('&', '&amp;'));
    expect(quote.instalments).toHaveLength(12);
    for (const row of quote.instalments) expect(html).toContain(scheduleRow(row));
    expect(html).toContain(`新臺幣 ${MONEY.format(quote.totalRepayment)} 元`);
    expect(html).toContain(alice.name);
    expect(html).toContain(maskIdentityNumber(alice.idNumber));
    expect(html).not.toContain(alice.idNumber);
    expect(html).toContain(maskTaiwanMobile(alice.mobile));
    expect(html).not.toContain(alice.mobile);
    expect(html).toContain('臺灣臺北地方法院');
    expect(html).toContain('消費者保護法第十一條之一');
    expect(html).toContain('生活周轉');
    expect(html).toContain('契約編號：簽署後產生');
    // Equal instalments: no extension article.
    expect(html).not.toContain('展期');
  });

  it('states the extension terms of a single-repayment product', async () => {
    const single = await apply(carol, 'singleRepayment', 10_000, 90);
    const html = (await view(carol, { orderId: single.orderId })).text;
    expect(html).toContain('條　展期</h2>');
    expect(html).toContain('每次將到期日延後 30 日，最多 2 次');
    // 0.25 % of NT$10,000 per extension.
    expect(html).toContain(`即新臺幣 25 元`);
    for (const row of single.quote.instalments) expect(html).toContain(scheduleRow(row));
    // Out of the way of carol's next application (one open order per user).
    await changeOrderState({
      db: database.handle.db,
      orderId: Number(single.orderId),
      from: ['待簽約'],
      to: '已取消',
      cause: 'borrower',
      at: server.clock.now(),
    });
  });

  it('is never shown to another user, nor to a caller without a session: the refusal is an envelope, as for every call', async () => {
    const foreign = await view(bob, { orderId: order.orderId });
    expect(foreign.status).toBe(200);
    expect(foreign.type).toMatch(/^text\/plain/);
    expect(foreign.text).not.toContain(alice.name);
    expect(decodeEnvelope(foreign.text, server.client.cipher)).toEqual(refusal(CONTRACT_NOT_FOUND));
    expect(decodeEnvelope((await view(null, { orderId: order.orderId })).text, server.client.cipher)).toMatchObject({
      status: STATUS_RELOGIN,
      message: SESSION_EXPIRED,
    });
    expect(decodeEnvelope((await view(alice, { orderId: '999999999' })).text, server.client.cipher)).toEqual(refusal(CONTRACT_NOT_FOUND));
    // The PDF form refuses the same way.
    const foreignPdf = await view(bob, { orderId: order.orderId, format: 'pdf' });
    expect(foreignPdf.type).toMatch(/^text\/plain/);
    expect(decodeEnvelope(foreignPdf.text, server.client.cipher)).toEqual(refusal(CONTRACT_NOT_FOUND));
  });

  it('has no PDF until it is signed', async () => {
    const page = await view(alice, { orderId: order.orderId, format: 'pdf' });
    expect(page.type).toMatch(/^text\/plain/);
    expect(decodeEnvelope(page.text, server.client.cipher)).toEqual(refusal(CONTRACT_PDF_UNSIGNED));
  });
});

describe('signing', () => {
  let order: TLoanApplyResponse;
  let signed: TContractAddResponse;
  let signatureKey: string;

  beforeAll(async () => {
    order = await apply(bob, 'singleRepayment', 12_000, 90);
    signatureKey = await upload(bob, await signaturePng());
  });

  it('refuses an upload of someone else, a fake PNG and a JPEG, changing nothing', async () => {
    const aliceUpload = await upload(alice, await signaturePng());
    expect(await sign(bob, order.orderId, aliceUpload)).toEqual(refusal(CONTRACT_SIGNATURE_INVALID));
    expect(await sign(bob, order.orderId, await upload(bob, pngBytes()))).toEqual(refusal(CONTRACT_SIGNATURE_INVALID));
    const jpeg = new Uint8Array(
      await sharp(Buffer.from(await signaturePng()))
        .flatten({ background: '#fff' })
        .jpeg()
        .toBuffer(),
    );
    expect(await sign(bob, order.orderId, await upload(bob, jpeg, 'image/jpeg'))).toEqual(refusal(CONTRACT_SIGNATURE_INVALID));
    expect(await sign(bob, order.orderId, 'not-a-key')).toEqual(refusal(CONTRACT_SIGNATURE_INVALID));
    expect(await storedContracts(order.orderId)).toEqual([]);
  });

  it("refuses another user's order with the not-found message", async () => {
    const carolKey = await upload(carol, await signaturePng());
    expect(await sign(carol, order.orderId, carolKey)).toEqual(refusal(CONTRACT_NOT_FOUND));
    expect(await storedContracts(order.orderId)).toEqual([]);
  });

  it('stores the exact HTML with its SHA-256, version, time, address and user agent, and marks the order signed', async () => {
    server.clock.advance(60_000);
    const at = server.clock.now();
    signed = bodyOf<TContractAddResponse>(await sign(bob, order.orderId, signatureKey));
    expect(signed.orderId).toBe(order.orderId);
    expect(signed.contractNo).toMatch(/^C\d{16}$/);
    expect(signed.contractNo.endsWith(order.orderId.padStart(8, '0'))).toBe(true);
    expect(signed.signedAt).toBe(at.toISOString());

    const [row, ...others] = await storedContracts(order.orderId);
    expect(others).toEqual([]);
    if (!row) throw new Error('no contract stored');
    expect(row.sha256).toBe(createHash('sha256').update(row.html, 'utf8').digest('hex'));
    expect(row.sha256).toBe(signed.sha256);
    expect(row).toMatchObject({
      userId: Number(bob.userId),
      contractNo: signed.contractNo,
      templateVersion: 'v1',
      signatureImageKey: signatureKey,
      clientAddress: '127.0.0.1',
      userAgent: USER_AGENT,
    });
    expect(row.signedAt.toISOString()).toBe(at.toISOString());
    expect(row.html).toContain(`契約編號：${signed.contractNo}`);
    expect(row.html).toMatch(/<img alt="借款人簽名" src="data:image\/png;base64,[A-Za-z0-9+/=]{100,}">/);
    expect(row.html).not.toContain('簽署後產生');

    const stored = await getOrderOfUser({ db: database.handle.db, userId: Number(bob.userId), orderId: Number(order.orderId) });
    expect(stored?.contractSignedAt?.toISOString()).toBe(at.toISOString());
  });

  it('answers the signed contract byte for byte as stored, whose hash is the one kept', async () => {
    const page = await view(bob, { orderId: order.orderId });
    const [row] = await storedContracts(order.orderId);
    expect(page.bytes.equals(Buffer.from(row?.html ?? '', 'utf8'))).toBe(true);
    expect(createHash('sha256').update(page.bytes).digest('hex')).toBe(signed.sha256);
    // The terms shown before signing are the terms signed.
    for (const instalment of order.quote.instalments) expect(page.text).toContain(scheduleRow(instalment));
  });

  it('refuses a second signature and changes nothing', async () => {
    const before = await storedContracts(order.orderId);
    server.clock.advance(60_000);
    expect(await sign(bob, order.orderId, await upload(bob, await signaturePng()))).toEqual(refusal(CONTRACT_ALREADY_SIGNED));
    expect(await storedContracts(order.orderId)).toEqual(before);
  });

  it('gives the signed contract as a PDF with the Chinese font embedded and the contract number', async () => {
    const page = await view(bob, { orderId: order.orderId, format: 'pdf' });
    expect(page.status).toBe(200);
    expect(page.type).toBe('application/pdf');
    expect(page.disposition).toContain('attachment');
    expect(page.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`借款契約-${signed.contractNo}.pdf`)}`);
    const pdf = page.bytes;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTC-Regular/);
    expect(raw).toContain('/FontFile2');
    expect(raw).toContain(`(${signed.contractNo})`);
    // The text is written in the font's glyphs; its ToUnicode maps say which characters.
    const mapped = inflatedStreams(pdf)
      .filter((stream) => stream.includes('begincmap'))
      .join('\n');
    for (const char of '借款契約臺灣臺北地方法院總費用年百分率') {
      expect(mapped, char).toContain(`<${char.codePointAt(0)?.toString(16).padStart(4, '0')}>`);
    }
    expect(raw).toContain('/Subtype /Image');
  });

  it("refuses another user's PDF", async () => {
    const page = await view(alice, { orderId: order.orderId, format: 'pdf' });
    expect(page.type).toMatch(/^text\/plain/);
    expect(page.text).not.toContain('%PDF');
    expect(decodeEnvelope(page.text, server.client.cipher)).toEqual(refusal(CONTRACT_NOT_FOUND));
  });
});

describe('signatures that race', () => {
  it('store one contract: the others are refused as already signed', async () => {
    const dave = await createBorrower(server, database.handle);
    const order = await apply(dave, 'equalInstalments', 15_000, 6);
    const keys = await Promise.all(Array.from({ length: 5 }, async () => upload(dave, await signaturePng())));
    const answers = await Promise.all(keys.map((key) => sign(dave, order.orderId, key)));
    expect(answers.filter((answer) => answer?.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer?.status !== 200)).toEqual(Array.from({ length: 4 }, () => refusal(CONTRACT_ALREADY_SIGNED)));
    const rows = await storedContracts(order.orderId);
    expect(rows).toHaveLength(1);
    const winner = answers.find((answer) => answer?.status === 200)?.body as TContractAddResponse;
    expect(rows[0]?.sha256).toBe(winner.sha256);
  });
});

describe('an order that can no longer be signed', () => {
  it('has no contract to show once cancelled, and refuses a signature', async () => {
    const order = await apply(carol, 'equalInstalments', 20_000, 3);
    const key = await upload(carol, await signaturePng());
    expect(
      await changeOrderState({
        db: database.handle.db,
        orderId: Number(order.orderId),
        from: ['待簽約'],
        to: '已取消',
        cause: 'borrower',
        at: server.clock.now(),
      }),
    ).toBe(true);
    const page = await view(carol, { orderId: order.orderId });
    expect(decodeEnvelope(page.text, server.client.cipher)).toEqual(refusal(CONTRACT_NOT_FOUND));
    expect(await sign(carol, order.orderId, key)).toEqual(refusal(CONTRACT_NOT_SIGNABLE));
    expect(await storedContracts(order.orderId)).toEqual([]);
  });
});
