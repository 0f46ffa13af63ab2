import type { z } from 'zod';
import { PATHS, type PathDef } from './paths.ts';
import {
  ZCommonConfigRequestSchema,
  ZCommonConfigResponseSchema,
  ZConfigOneRequestSchema,
  ZConfigOneResponseSchema,
} from './schemas/config.ts';
import {
  ZDestroyRequestSchema,
  ZEditPasswordRequestSchema,
  ZInitPasswordRequestSchema,
  ZLoginRequestSchema,
  ZLoginResponseSchema,
  ZOkResponseSchema,
  ZSendVerifyCodeRequestSchema,
  ZSendVerifyCodeResponseSchema,
} from './schemas/auth.ts';
import { ZEmptyRequestSchema } from './schemas/common.ts';
import {
  ZUserQuestionQueryRequestSchema,
  ZUserQuestionQueryResponseSchema,
  ZUserQuestionSaveRequestSchema,
  ZUserQuestionSaveResponseSchema,
} from './schemas/question.ts';
import {
  ZAppListRequestSchema,
  ZContactsListRequestSchema,
  ZDeviceInfoRequestSchema,
  ZDocumentRequestSchema,
  ZDocumentResponseSchema,
  ZQueryCashUserResponseSchema,
  ZRegistryTokenInfoRequestSchema,
  ZUserDataListResponseSchema,
} from './schemas/user.ts';
import {
  ZOtherMarkRequestSchema,
  ZRecordedResponseSchema,
  ZRiskEventRequestSchema,
} from './schemas/tracking.ts';

/**
 * A path with its request and response schemas: the server validates requests with
 * `request` before any handler runs; the web request layer is typed by both.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType>
  extends PathDef {
  readonly request: Req;
  readonly response: Res;
}

function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  path: PathDef,
  request: Req,
  response: Res,
): Endpoint<Req, Res> {
  return { ...path, request, response };
}

export const ENDPOINTS = {
  commonConfig: endpoint(PATHS.commonConfig, ZCommonConfigRequestSchema, ZCommonConfigResponseSchema),
  commonConfigOne: endpoint(PATHS.commonConfigOne, ZConfigOneRequestSchema, ZConfigOneResponseSchema),
  otherMark: endpoint(PATHS.otherMark, ZOtherMarkRequestSchema, ZRecordedResponseSchema),
  riskEvent: endpoint(PATHS.riskEvent, ZRiskEventRequestSchema, ZRecordedResponseSchema),
  commonDocument: endpoint(PATHS.commonDocument, ZDocumentRequestSchema, ZDocumentResponseSchema),

  // Accounts
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
  userQuestionQuery: endpoint(PATHS.userQuestionQuery, ZUserQuestionQueryRequestSchema, ZUserQuestionQueryResponseSchema),
  userQuestionSave: endpoint(PATHS.userQuestionSave, ZUserQuestionSaveRequestSchema, ZUserQuestionSaveResponseSchema),
} as const;

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
