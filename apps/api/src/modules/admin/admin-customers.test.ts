import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_CONTRACT_UNSIGNED, ADMIN_SEARCH_UNRECOGNISED } from '@app/contract/admin/admin-messages.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type {
  TAdminOrderDetailResponse,
  TCustomerDetailResponse,
  TCustomerSearchResponse,
} from '@app/contract/admin/admin-customer-schemas.ts';
import type { TAuditListResponse } from '@app/contract/admin/admin-schemas.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { CONTRACT_NOT_FOUND } from '@app/contract/messages/contracts.ts';
import type { TLoanApplyResponse, TLoanIndexResponse } from '@app/contract/schemas/loans.ts';
import { maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import { DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { accountsServerPerFile, bodyOf, uploadedImage } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient, type AdminClient } from '../../test/admin-test-kit.ts';
import { createBorrower, type Borrower } from '../../test/lending-test-kit.ts';
import { placeOrder } from '../../test/order-test-kit.ts';
import { openRepayingOrder } from '../../test/repayments-test-kit.ts';
import { getOrder } from '../orders/get-order.ts';

/**
 * Customer service's look-ups through the admin API: exact search by mobile, ID number and
 * order number (masked results), a person's page and an order's page with personal data
 * whole only for the roles the route table names, every view in the audit trail, the
 * signed contract as HTML and PDF.
 */

const { server, database } = accountsServerPerFile();

let people: { repaying: Borrower; repayingOrderId: number; signer: Borrower; signedOrderId: number } | null = null;

/** A real PNG of a stroke, as the signature canvas exports it. */
async function signaturePng(): Promise<Uint8Array<ArrayBuffer>> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 180 20, 240 130 S 380 190, 560 40" stroke="#111" stroke-width="6" fill="none"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** One borrower repaying an order; another who applied and signed a contract through the app's own calls. */
async function seed() {
  if (people) return people;
  const repaying = await createBorrower(server, database.handle);
  const repayingOrderId = await openRepayingOrder(server, database.handle, repaying, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
  const signer = await createBorrower(server, database.handle);
  const products = bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {})).envelope).products;
  const product = products.find((entry) => entry.method === 'singleRepayment');
  if (!product) throw new Error('no product');
  const applied = bodyOf<TLoanApplyResponse>(
    (
      await server.client.call(
        ENDPOINTS.loanApply,
        {
          productId: product.id,
          amount: product.amountMin,
          term: product.terms[0],
          requestId: randomBytes(8).toString('hex'),
          bankCardId: signer.bankCardId,
          purpose: 'living',
        },
        signer.headers,
      )
    ).envelope,
  );
  const signatureImageKey = (await uploadedImage(server, signer, await signaturePng(), { type: 'image/png' })).key;
  bodyOf((await server.client.call(ENDPOINTS.contractAdd, { orderId: applied.orderId, signatureImageKey }, signer.headers)).envelope);
  people = { repaying, repayingOrderId, signer, signedOrderId: Number(applied.orderId) };
  return people;
}

const search = async (client: AdminClient, q: string) => client.call(ADMIN_ROUTES.searchCustomers, { query: `q=${encodeURIComponent(q)}` });

describe('searching people and orders', () => {
  it('finds one person by exact mobile, ID number or order number, masked, and refuses anything else in words', async () => {
    const { repaying, repayingOrderId } = await seed();
    const support = await signedInClient(server, await enrolledOperator(server, 'search-support', 'support'));
    const orderNo = (await getOrder({ db: database.handle.db, orderId: repayingOrderId }))?.orderNo ?? '';
    const expected = {
      userId: Number(repaying.userId),
      name: '陳*明',
      mobile: `${repaying.mobile.slice(0, 4)}***${repaying.mobile.slice(-3)}`,
    };

    const byMobile = (await search(support, repaying.mobile)).json as TCustomerSearchResponse;
    expect(byMobile).toMatchObject({ kind: 'mobile', items: [{ ...expected, orderId: null }] });
    const byId = (await search(support, repaying.idNumber.toLowerCase())).json as TCustomerSearchResponse;
    expect(byId).toMatchObject({ kind: 'idNumber', items: [{ ...expected, orderId: null }] });
    const byOrder = (await search(support, orderNo)).json as TCustomerSearchResponse;
    expect(byOrder).toMatchObject({ kind: 'orderNo', items: [{ ...expected, orderId: repayingOrderId, orderNo }] });

    // Exact only: a part of a number finds nobody; a well-formed number nobody holds neither.
    expect(await search(support, repaying.mobile.slice(0, 6))).toMatchObject({ status: 400, json: { message: ADMIN_SEARCH_UNRECOGNISED } });
    expect((await search(support, '0900000000')).json).toEqual({ kind: 'mobile', items: [] });
    expect(await search(support, "' or 1=1 --")).toMatchObject({ status: 400, json: { message: ADMIN_SEARCH_UNRECOGNISED } });
    expect((await support.call(ADMIN_ROUTES.searchCustomers)).status).toBe(400);

    const reviewer = await signedInClient(server, await enrolledOperator(server, 'search-reviewer', 'reviewer'));
    expect((await search(reviewer, repaying.mobile)).status).toBe(403);
  });
});

describe('a person’s page', () => {
  it('shows support the person whole and finance masked, the ID number masked for both, and audits every view', async () => {
    const { repaying, repayingOrderId } = await seed();
    const support = await signedInClient(server, await enrolledOperator(server, 'page-support', 'support'));
    const finance = await signedInClient(server, await enrolledOperator(server, 'page-finance', 'finance'));
    const admin = await signedInClient(server, await enrolledOperator(server, 'page-admin', 'administrator'));
    const userId = Number(repaying.userId);

    const whole = (await support.call(ADMIN_ROUTES.customerDetail, { params: { userId } })).json as TCustomerDetailResponse;
    expect(whole).toMatchObject({
      unmasked: true,
      person: {
        userId,
        name: repaying.name,
        mobile: repaying.mobile,
        idNumber: maskIdentityNumber(repaying.idNumber),
        birthDate: '1988-11-20',
        gender: 'male',
        sourceChannel: 'Organic',
      },
      steps: { personal: true, contacts: true, idCard: true, bankCard: true, face: true },
    });
    expect(whole.bankAccounts).toEqual([
      { bankName: expect.any(String), branchName: expect.any(String), accountMasked: expect.stringMatching(/^\*+\d{4}$/), isDefault: true },
    ]);
    expect(whole.orders).toMatchObject([{ orderId: repayingOrderId, state: '待還款', principal: 3_000 }]);
    expect(JSON.stringify(whole)).not.toContain(repaying.idNumber);

    const masked = (await finance.call(ADMIN_ROUTES.customerDetail, { params: { userId } })).json as TCustomerDetailResponse;
    expect(masked).toMatchObject({
      unmasked: false,
      person: { name: '陳*明', mobile: `${repaying.mobile.slice(0, 4)}***${repaying.mobile.slice(-3)}`, birthDate: '1988-**-**' },
    });
    expect(JSON.stringify(masked)).not.toContain(repaying.mobile);
    expect(JSON.stringify(masked)).not.toContain(repaying.name);
    // The earlier view is on the page: who looked at this person.
    expect(masked.audit.map((row) => [row.operator, row.action, row.target])).toContainEqual([
      'page-support',
      'customer.viewed',
      `user:${userId}`,
    ]);

    expect(await support.call(ADMIN_ROUTES.customerDetail, { params: { userId: 2_000_000_000 } })).toMatchObject({ status: 404 });
    const reviewer = await signedInClient(server, await enrolledOperator(server, 'page-reviewer', 'reviewer'));
    expect((await reviewer.call(ADMIN_ROUTES.customerDetail, { params: { userId } })).status).toBe(403);

    const views = (await admin.call(ADMIN_ROUTES.listAudit, { query: `action=customer.viewed&target=user:${userId}` }))
      .json as TAuditListResponse;
    expect(views.items.map((row) => [row.operator, row.after])).toEqual([
      ['page-finance', { unmasked: false }],
      ['page-support', { unmasked: true }],
    ]);
  });
});

describe('an order’s page', () => {
  it('shows the schedule, the journal and the state history, masks the borrower for finance, and audits each view', async () => {
    const { repaying, repayingOrderId } = await seed();
    const finance = await signedInClient(server, await enrolledOperator(server, 'order-finance', 'finance'));
    const support = await signedInClient(server, await enrolledOperator(server, 'order-support', 'support'));
    const detail = (await finance.call(ADMIN_ROUTES.orderDetail, { params: { orderId: repayingOrderId } }))
      .json as TAdminOrderDetailResponse;
    expect(detail).toMatchObject({
      unmasked: false,
      userId: Number(repaying.userId),
      borrowerName: '陳*明',
      order: { id: String(repayingOrderId), state: '待還款', principal: 3_000 },
    });
    expect(detail.order.instalments).toHaveLength(1);
    expect(detail.journal).toMatchObject([{ kind: 'payout', amount: 3_000 }]);
    expect(detail.stateChanges.map((change) => change.to)).toEqual(['待簽約', '審核中', '已核准', '放款中', '待還款']);
    expect(
      ((await support.call(ADMIN_ROUTES.orderDetail, { params: { orderId: repayingOrderId } })).json as TAdminOrderDetailResponse)
        .borrowerName,
    ).toBe(repaying.name);
    expect((await finance.call(ADMIN_ROUTES.orderDetail, { params: { orderId: 2_000_000_000 } })).status).toBe(404);
    const again = (await finance.call(ADMIN_ROUTES.orderDetail, { params: { orderId: repayingOrderId } }))
      .json as TAdminOrderDetailResponse;
    expect(again.audit.map((row) => [row.operator, row.action])).toEqual([
      ['order-support', 'order.viewed'],
      ['order-finance', 'order.viewed'],
    ]);
  });

  it('serves the signed contract as HTML and as PDF, audited; an order without a signed contract has none', async () => {
    const { signedOrderId, repayingOrderId } = await seed();
    const support = await signedInClient(server, await enrolledOperator(server, 'contract-support', 'support'));
    const html = await support.call(ADMIN_ROUTES.orderContract, { params: { orderId: signedOrderId } });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(new TextDecoder().decode(html.json as ArrayBuffer)).toContain('借款契約');
    const pdf = await support.call(ADMIN_ROUTES.orderContract, { params: { orderId: signedOrderId }, query: 'format=pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(pdf.json as ArrayBuffer).slice(0, 5))).toBe('%PDF-');
    // The test kit's repaying order was marked signed without a stored contract: nothing to show.
    expect(await support.call(ADMIN_ROUTES.orderContract, { params: { orderId: repayingOrderId } })).toMatchObject({
      status: 404,
      json: { message: CONTRACT_NOT_FOUND },
    });
    const unsigned = await placeOrder(database.handle.db, await createBorrower(server, database.handle), { now: server.clock.now() });
    expect(await support.call(ADMIN_ROUTES.orderContract, { params: { orderId: unsigned.id } })).toMatchObject({
      status: 404,
      json: { message: ADMIN_CONTRACT_UNSIGNED },
    });
    expect(await support.call(ADMIN_ROUTES.orderContract, { params: { orderId: 2_000_000_000 } })).toMatchObject({ status: 404 });
    const admin = await signedInClient(server, await enrolledOperator(server, 'contract-admin', 'administrator'));
    const rows = (await admin.call(ADMIN_ROUTES.listAudit, { query: 'operator=contract-support&action=order.contractViewed' }))
      .json as TAuditListResponse;
    expect(rows.items.map((row) => row.after)).toEqual([{ format: 'pdf' }, { format: 'html' }]);
  });
});
