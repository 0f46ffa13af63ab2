import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import { ZOkResponseSchema } from '../schemas/common.ts';
import {
  ZChangePayoutAccountRequestSchema,
  ZChangePayoutAccountResponseSchema,
  ZOrderDetailRequestSchema,
  ZOrderDetailResponseSchema,
  ZOrderRecordRequestSchema,
  ZOrderRecordResponseSchema,
} from '../schemas/orders.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** Orders. Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const ORDER_ENDPOINTS = {
  loanOrderRecord: endpoint(PATHS.loanOrderRecord, ZOrderRecordRequestSchema, ZOrderRecordResponseSchema),
  loanOrderDetail: endpoint(PATHS.loanOrderDetail, ZOrderDetailRequestSchema, ZOrderDetailResponseSchema),
  /** Answers the PDF file; `response` is unused. */
  settlementCertificate: endpoint(PATHS.settlementCertificate, ZOrderDetailRequestSchema, ZOkResponseSchema),
  /** A failed payout's order paid into another of the borrower's accounts (decision 0169). */
  changePayoutAccount: endpoint(PATHS.changePayoutAccount, ZChangePayoutAccountRequestSchema, ZChangePayoutAccountResponseSchema),
} as const;
