import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import { ZActivityAwardResponseSchema, ZChangeDomainNameResponseSchema } from '../schemas/app-origins-and-campaigns.ts';
import { ZEmptyRequestSchema } from '../schemas/common.ts';
import {
  ZCommonConfigRequestSchema,
  ZCommonConfigResponseSchema,
  ZConfigOneRequestSchema,
  ZConfigOneResponseSchema,
} from '../schemas/config.ts';
import { ZOtherMarkRequestSchema, ZRecordedResponseSchema, ZRiskEventRequestSchema } from '../schemas/tracking.ts';
import { ZDocumentRequestSchema, ZDocumentResponseSchema } from '../schemas/user.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** The app's own settings, legal documents, usage and risk events, the app's addresses and campaigns. Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const COMMON_ENDPOINTS = {
  commonConfig: endpoint(PATHS.commonConfig, ZCommonConfigRequestSchema, ZCommonConfigResponseSchema),
  commonConfigOne: endpoint(PATHS.commonConfigOne, ZConfigOneRequestSchema, ZConfigOneResponseSchema),
  otherMark: endpoint(PATHS.otherMark, ZOtherMarkRequestSchema, ZRecordedResponseSchema),
  riskEvent: endpoint(PATHS.riskEvent, ZRiskEventRequestSchema, ZRecordedResponseSchema),
  commonDocument: endpoint(PATHS.commonDocument, ZDocumentRequestSchema, ZDocumentResponseSchema),
  changeDomainName: endpoint(PATHS.changeDomainName, ZEmptyRequestSchema, ZChangeDomainNameResponseSchema),
  activityAward: endpoint(PATHS.activityAward, ZEmptyRequestSchema, ZActivityAwardResponseSchema),
} as const;
