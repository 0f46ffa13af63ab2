import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import {
  ZOcrCheckRequestSchema,
  ZOcrCheckResponseSchema,
  ZOcrConfirmRequestSchema,
  ZOcrConfirmResponseSchema,
} from '../schemas/identity-document.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** The ID card's front read on the server (OCR), then confirmed or corrected by the user. Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const IDENTITY_DOCUMENT_ENDPOINTS = {
  userAuthOcrCheck: endpoint(PATHS.userAuthOcrCheck, ZOcrCheckRequestSchema, ZOcrCheckResponseSchema),
  userAuthOcrConfirm: endpoint(PATHS.userAuthOcrConfirm, ZOcrConfirmRequestSchema, ZOcrConfirmResponseSchema),
} as const;
