import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import {
  ZDestroyRequestSchema,
  ZEditPasswordRequestSchema,
  ZInitPasswordRequestSchema,
  ZLoginRequestSchema,
  ZLoginResponseSchema,
  ZSendVerifyCodeRequestSchema,
  ZSendVerifyCodeResponseSchema,
} from '../schemas/auth.ts';
import { ZEmptyRequestSchema, ZOkResponseSchema } from '../schemas/common.ts';
import {
  ZAppListRequestSchema,
  ZContactsListRequestSchema,
  ZDeviceInfoRequestSchema,
  ZQueryCashUserResponseSchema,
  ZRegistryTokenInfoRequestSchema,
  ZUserDataListResponseSchema,
} from '../schemas/user.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** Accounts: codes, login, passwords, the session's user, device reports. Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const ACCOUNT_ENDPOINTS = {
  sendVerifyCode: endpoint(PATHS.sendVerifyCode, ZSendVerifyCodeRequestSchema, ZSendVerifyCodeResponseSchema),
  login: endpoint(PATHS.login, ZLoginRequestSchema, ZLoginResponseSchema),
  initPassword: endpoint(PATHS.initPassword, ZInitPasswordRequestSchema, ZOkResponseSchema),
  editPassword: endpoint(PATHS.editPassword, ZEditPasswordRequestSchema, ZOkResponseSchema),
  loginOut: endpoint(PATHS.loginOut, ZEmptyRequestSchema, ZOkResponseSchema),
  destroy: endpoint(PATHS.destroy, ZDestroyRequestSchema, ZOkResponseSchema),
  queryCashUser: endpoint(PATHS.queryCashUser, ZEmptyRequestSchema, ZQueryCashUserResponseSchema),
  userDataList: endpoint(PATHS.userDataList, ZEmptyRequestSchema, ZUserDataListResponseSchema),
  deviceInfo: endpoint(PATHS.deviceInfo, ZDeviceInfoRequestSchema, ZOkResponseSchema),
  registryTokenInfo: endpoint(PATHS.registryTokenInfo, ZRegistryTokenInfoRequestSchema, ZOkResponseSchema),
  appList: endpoint(PATHS.appList, ZAppListRequestSchema, ZOkResponseSchema),
  contactsList: endpoint(PATHS.contactsList, ZContactsListRequestSchema, ZOkResponseSchema),
} as const;
