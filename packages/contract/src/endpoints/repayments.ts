import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import {
  ZExtensionRepayRequestSchema,
  ZExtensionTrialRequestSchema,
  ZExtensionTrialResponseSchema,
  ZPaymentResponseSchema,
  ZRepayChannelRequestSchema,
  ZRepayChannelResponseSchema,
  ZRepayCollectRequestSchema,
  ZRepayManualRequestSchema,
  ZReplanRepayRequestSchema,
  ZReplanRepayResponseSchema,
} from '../schemas/repayments.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** Repayment and extension. Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const REPAYMENT_ENDPOINTS = {
  repayChannel: endpoint(PATHS.repayChannel, ZRepayChannelRequestSchema, ZRepayChannelResponseSchema),
  repayCollect: endpoint(PATHS.repayCollect, ZRepayCollectRequestSchema, ZPaymentResponseSchema),
  replanRepay: endpoint(PATHS.replanRepay, ZReplanRepayRequestSchema, ZReplanRepayResponseSchema),
  repayManual: endpoint(PATHS.repayManual, ZRepayManualRequestSchema, ZPaymentResponseSchema),
  extensionTrial: endpoint(PATHS.extensionTrial, ZExtensionTrialRequestSchema, ZExtensionTrialResponseSchema),
  extensionRepay: endpoint(PATHS.extensionRepay, ZExtensionRepayRequestSchema, ZPaymentResponseSchema),
} as const;
