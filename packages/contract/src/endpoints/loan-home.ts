import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import { ZEmptyRequestSchema, ZOkResponseSchema } from '../schemas/common.ts';
import {
  ZBannerListResponseSchema,
  ZConfirmPopRequestSchema,
  ZGetPopResponseSchema,
  ZLoanCheckResponseSchema,
  ZLoanIndexResponseSchema,
  ZNoticeListResponseSchema,
  ZPopListResponseSchema,
} from '../schemas/loan-home.ts';

/**
 * The loans home's endpoints (the app's first view): its one home request, banners,
 * notices, the daily popup, and loan/check (where 立即申請 goes, which applyFor asks too). Part of ENDPOINTS (endpoints.ts) for the server; the web's
 * first view imports this group alone, so it loads these schemas and not the table's
 * hundred others (decision 0159).
 */
export const LOAN_HOME_ENDPOINTS = {
  loanCommonIndex: endpoint(PATHS.loanCommonIndex, ZEmptyRequestSchema, ZLoanIndexResponseSchema),
  loanCommonBanner: endpoint(PATHS.loanCommonBanner, ZEmptyRequestSchema, ZBannerListResponseSchema),
  loanCommonNotice: endpoint(PATHS.loanCommonNotice, ZEmptyRequestSchema, ZNoticeListResponseSchema),
  loanCommonGetPop: endpoint(PATHS.loanCommonGetPop, ZEmptyRequestSchema, ZGetPopResponseSchema),
  loanCommonConfirmPop: endpoint(PATHS.loanCommonConfirmPop, ZConfirmPopRequestSchema, ZOkResponseSchema),
  getPopList: endpoint(PATHS.getPopList, ZEmptyRequestSchema, ZPopListResponseSchema),
  loanCheck: endpoint(PATHS.loanCheck, ZEmptyRequestSchema, ZLoanCheckResponseSchema),
} as const;
