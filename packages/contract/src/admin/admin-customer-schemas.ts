import { z } from 'zod';
import { ZOrderDetailSchema } from '../schemas/orders.ts';

/** Customer service's look-ups: one person and their orders, found by an exact value. */

export const CUSTOMER_SEARCH_KINDS = { mobile: '手機號碼', idNumber: '身分證字號', orderNo: '訂單編號' } as const;
export type TCustomerSearchKind = keyof typeof CUSTOMER_SEARCH_KINDS;

/** One box: a mobile (09xxxxxxxx), an ID or resident-certificate number, or an order number (L…), matched exactly. */
export const ZCustomerSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(32) });

export const ZCustomerSearchResponseSchema = z.object({
  kind: z.enum(Object.keys(CUSTOMER_SEARCH_KINDS) as [TCustomerSearchKind, ...TCustomerSearchKind[]]).nullable(),
  items: z.array(
    z.object({
      userId: z.number().int(),
      /** Masked in a result list whatever the role (王*明, 0912***678). */
      name: z.string().nullable(),
      mobile: z.string().nullable(),
      registeredAt: z.string(),
      /** The order searched for, when the search was by order number. */
      orderId: z.number().int().nullable(),
      orderNo: z.string().nullable(),
    }),
  ),
});
export type TCustomerSearchResponse = z.infer<typeof ZCustomerSearchResponseSchema>;

export const ZUserIdParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

const ZAuditLineSchema = z.object({ at: z.string(), operator: z.string(), action: z.string(), target: z.string() });

export const ZCustomerDetailResponseSchema = z.object({
  /** Whether name, mobile and birth date are shown whole (the caller's role); the ID number is always masked. */
  unmasked: z.boolean(),
  person: z.object({
    userId: z.number().int(),
    mobile: z.string().nullable(),
    name: z.string().nullable(),
    idNumber: z.string().nullable(),
    birthDate: z.string().nullable(),
    gender: z.string().nullable(),
    registeredAt: z.string(),
    sourceChannel: z.string().nullable(),
  }),
  steps: z.object({ personal: z.boolean(), contacts: z.boolean(), idCard: z.boolean(), bankCard: z.boolean(), face: z.boolean() }),
  /** As the borrower's app shows them: 臺灣銀行 ****1234. */
  bankAccounts: z.array(
    z.object({ bankName: z.string(), branchName: z.string().nullable(), accountMasked: z.string(), isDefault: z.boolean() }),
  ),
  orders: z.array(
    z.object({
      orderId: z.number().int(),
      orderNo: z.string(),
      state: z.string(),
      productName: z.string(),
      principal: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      orderId: z.number().int(),
      orderNo: z.string(),
      kind: z.string(),
      channel: z.string(),
      amount: z.number().int(),
      state: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  /** What operators did to this person and their orders, newest first. */
  audit: z.array(ZAuditLineSchema),
});
export type TCustomerDetailResponse = z.infer<typeof ZCustomerDetailResponseSchema>;

export const ZAdminOrderDetailResponseSchema = z.object({
  unmasked: z.boolean(),
  userId: z.number().int(),
  borrowerName: z.string().nullable(),
  /** The order as the borrower sees it: schedule, payments, extensions, the state timeline in words. */
  order: ZOrderDetailSchema,
  stateChanges: z.array(z.object({ from: z.string().nullable(), to: z.string(), cause: z.string(), at: z.string() })),
  /**
   * Each change of the receiving account after a failed payout (decision 0169): accounts
   * masked, who (cause), when, and the contract's addendum as the borrower confirmed it
   * (decision 0174; null for a change made before it was kept).
   */
  accountChanges: z
    .array(
      z.object({
        failedPayoutId: z.number().int(),
        from: z.string(),
        to: z.string(),
        cause: z.string(),
        at: z.string(),
        confirmedText: z.string().nullable().default(null),
      }),
    )
    .default([]),
  /** Each failed payout attempt: the reason in the borrower's words, and when (decision 0169). */
  payoutFailures: z.array(z.object({ text: z.string(), at: z.string() })).default([]),
  journal: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      source: z.string(),
      amount: z.number().int(),
      valueDate: z.string(),
      paidOn: z.string(),
      at: z.string(),
    }),
  ),
  extensions: z.array(
    z.object({ on: z.string(), fromDueDate: z.string(), newDueDate: z.string(), accruedInterest: z.number().int(), fee: z.number().int() }),
  ),
  audit: z.array(ZAuditLineSchema),
});
export type TAdminOrderDetailResponse = z.infer<typeof ZAdminOrderDetailResponseSchema>;

export const ZOrderContractQuerySchema = z.object({ format: z.enum(['html', 'pdf']).default('html') });
