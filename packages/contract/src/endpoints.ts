import { endpoint } from './endpoint.ts';
import { ACCOUNT_ENDPOINTS } from './endpoints/accounts.ts';
import { BANK_ACCOUNT_ENDPOINTS } from './endpoints/bank-accounts.ts';
import { COMMON_ENDPOINTS } from './endpoints/common.ts';
import { IDENTITY_DOCUMENT_ENDPOINTS } from './endpoints/identity-document.ts';
import { LOAN_HOME_ENDPOINTS } from './endpoints/loan-home.ts';
import { LOAN_ENDPOINTS } from './endpoints/loans.ts';
import { ONBOARDING_ENDPOINTS } from './endpoints/onboarding.ts';
import { ORDER_ENDPOINTS } from './endpoints/orders.ts';
import { QUESTION_ENDPOINTS } from './endpoints/questions.ts';
import { REPAYMENT_ENDPOINTS } from './endpoints/repayments.ts';
import { PATHS } from './paths.ts';
import {
  ZFaceCompareRequestSchema,
  ZFaceCompareResponseSchema,
  ZFaceDetectionRequestSchema,
  ZFaceDetectionResponseSchema,
  ZFaceSilenceRequestSchema,
  ZFaceSilenceResponseSchema,
} from './schemas/face-check.ts';

export type { Endpoint, RequestOf, ResponseOf } from './endpoint.ts';

/**
 * Every endpoint, one table: the server registers each and validates its requests with
 * its schemas. The endpoints live in groups by feature (endpoints/*.ts), spread in here;
 * the web imports a page's group alone, so a page builds only its own zod schemas
 * (decision 0159). No key is defined twice (endpoints.test.ts).
 */
export const ENDPOINTS = {
  ...COMMON_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...QUESTION_ENDPOINTS,
  ...BANK_ACCOUNT_ENDPOINTS,
  ...ONBOARDING_ENDPOINTS,
  ...IDENTITY_DOCUMENT_ENDPOINTS,
  // Step 5 (face): detection, silent liveness, comparison with the ID card front; verdicts on the server.
  userAuthDetection: endpoint(PATHS.userAuthDetection, ZFaceDetectionRequestSchema, ZFaceDetectionResponseSchema),
  userAuthSilence: endpoint(PATHS.userAuthSilence, ZFaceSilenceRequestSchema, ZFaceSilenceResponseSchema),
  userAuthFaceCompare: endpoint(PATHS.userAuthFaceCompare, ZFaceCompareRequestSchema, ZFaceCompareResponseSchema),
  ...LOAN_HOME_ENDPOINTS,
  ...LOAN_ENDPOINTS,
  ...ORDER_ENDPOINTS,
  ...REPAYMENT_ENDPOINTS,
} as const;

/** The groups, for the check that together they are the table with no key twice. */
export const ENDPOINT_GROUPS = {
  COMMON_ENDPOINTS,
  ACCOUNT_ENDPOINTS,
  QUESTION_ENDPOINTS,
  BANK_ACCOUNT_ENDPOINTS,
  ONBOARDING_ENDPOINTS,
  IDENTITY_DOCUMENT_ENDPOINTS,
  LOAN_HOME_ENDPOINTS,
  LOAN_ENDPOINTS,
  ORDER_ENDPOINTS,
  REPAYMENT_ENDPOINTS,
} as const;
