import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import { ZEmptyRequestSchema } from '../schemas/common.ts';
import {
  ZCommonAddressResponseSchema,
  ZEmergencyContactAddRequestSchema,
  ZIdCardPhotosRequestSchema,
  ZIdentityCheckRequestSchema,
  ZIdentityCheckResponseSchema,
  ZLicenseRequestSchema,
  ZQueryUserDetailResponseSchema,
  ZSupplementUserInfoRequestSchema,
} from '../schemas/onboarding.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** Onboarding (steps 1-3). Every save answers the detail as saved. Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const ONBOARDING_ENDPOINTS = {
  userAuthSupplementUserInfo: endpoint(PATHS.userAuthSupplementUserInfo, ZSupplementUserInfoRequestSchema, ZQueryUserDetailResponseSchema),
  userAuthQueryUserDetail: endpoint(PATHS.userAuthQueryUserDetail, ZEmptyRequestSchema, ZQueryUserDetailResponseSchema),
  userAuthIdentityCheck: endpoint(PATHS.userAuthIdentityCheck, ZIdentityCheckRequestSchema, ZIdentityCheckResponseSchema),
  emergencyContactAdd: endpoint(PATHS.emergencyContactAdd, ZEmergencyContactAddRequestSchema, ZQueryUserDetailResponseSchema),
  userAuthIdCardPhotos: endpoint(PATHS.userAuthIdCardPhotos, ZIdCardPhotosRequestSchema, ZQueryUserDetailResponseSchema),
  userAuthLicense: endpoint(PATHS.userAuthLicense, ZLicenseRequestSchema, ZQueryUserDetailResponseSchema),
  loanCommonAddress: endpoint(PATHS.loanCommonAddress, ZEmptyRequestSchema, ZCommonAddressResponseSchema),
} as const;
