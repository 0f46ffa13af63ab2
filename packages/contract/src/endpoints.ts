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
import {
  ZBankBranchListRequestSchema,
  ZBankBranchListResponseSchema,
  ZBankCardListResponseSchema,
  ZBankCardResponseSchema,
  ZBankListRequestSchema,
  ZBankListResponseSchema,
  ZBindCardImageRequestSchema,
  ZBindCardRequestSchema,
  ZUpdateBranchBankRequestSchema,
  ZUpdateDefaultBankRequestSchema,
} from './schemas/bank-accounts.ts';
import { ZActivityAwardResponseSchema, ZChangeDomainNameResponseSchema } from './schemas/app-origins-and-campaigns.ts';
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
  ZCommonAddressResponseSchema,
  ZEmergencyContactAddRequestSchema,
  ZIdCardPhotosRequestSchema,
  ZIdentityCheckRequestSchema,
  ZIdentityCheckResponseSchema,
  ZLicenseRequestSchema,
  ZLoanCheckResponseSchema,
  ZQueryUserDetailResponseSchema,
  ZSupplementUserInfoRequestSchema,
} from './schemas/onboarding.ts';
import {
  ZOcrCheckRequestSchema,
  ZOcrCheckResponseSchema,
  ZOcrConfirmRequestSchema,
  ZOcrConfirmResponseSchema,
} from './schemas/identity-document.ts';
import {
  ZFaceCompareRequestSchema,
  ZFaceCompareResponseSchema,
  ZFaceDetectionRequestSchema,
  ZFaceDetectionResponseSchema,
  ZFaceSilenceRequestSchema,
  ZFaceSilenceResponseSchema,
} from './schemas/face-check.ts';
import {
  ZBannerListResponseSchema,
  ZCheckTipsResponseSchema,
  ZConfirmPopRequestSchema,
  ZContractAddRequestSchema,
  ZContractAddResponseSchema,
  ZGetPopResponseSchema,
  ZLoanApplyRequestSchema,
  ZLoanApplyResponseSchema,
  ZLoanCancelRequestSchema,
  ZLoanConfirmRequestSchema,
  ZLoanIndexResponseSchema,
  ZLoanInitResponseSchema,
  ZLoanInitSingleRequestSchema,
  ZLoanInitSingleResponseSchema,
  ZNoticeListResponseSchema,
  ZOrderStateResponseSchema,
  ZPopListResponseSchema,
  ZQuoteRequestSchema,
  ZQuoteResponseSchema,
  ZViewContractRequestSchema,
} from './schemas/loans.ts';
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
} from './schemas/repayments.ts';
import {
  ZOrderDetailRequestSchema,
  ZOrderDetailResponseSchema,
  ZOrderRecordRequestSchema,
  ZOrderRecordResponseSchema,
} from './schemas/orders.ts';
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

  // Bank accounts (onboarding step 4)
  bankList: endpoint(PATHS.bankList, ZBankListRequestSchema, ZBankListResponseSchema),
  bankBranchList: endpoint(PATHS.bankBranchList, ZBankBranchListRequestSchema, ZBankBranchListResponseSchema),
  bindCardBind: endpoint(PATHS.bindCardBind, ZBindCardRequestSchema, ZBankCardResponseSchema),
  bindCardList: endpoint(PATHS.bindCardList, ZEmptyRequestSchema, ZBankCardListResponseSchema),
  bindCardImg: endpoint(PATHS.bindCardImg, ZBindCardImageRequestSchema, ZBankCardResponseSchema),
  updateBank: endpoint(PATHS.updateBank, ZUpdateDefaultBankRequestSchema, ZBankCardListResponseSchema),
  updateBranchBank: endpoint(PATHS.updateBranchBank, ZUpdateBranchBankRequestSchema, ZBankCardResponseSchema),

  // Onboarding (steps 1-3) and where 立即申請 goes. Every save answers the detail as saved.
  userAuthSupplementUserInfo: endpoint(PATHS.userAuthSupplementUserInfo, ZSupplementUserInfoRequestSchema, ZQueryUserDetailResponseSchema),
  userAuthQueryUserDetail: endpoint(PATHS.userAuthQueryUserDetail, ZEmptyRequestSchema, ZQueryUserDetailResponseSchema),
  userAuthIdentityCheck: endpoint(PATHS.userAuthIdentityCheck, ZIdentityCheckRequestSchema, ZIdentityCheckResponseSchema),
  emergencyContactAdd: endpoint(PATHS.emergencyContactAdd, ZEmergencyContactAddRequestSchema, ZQueryUserDetailResponseSchema),
  userAuthIdCardPhotos: endpoint(PATHS.userAuthIdCardPhotos, ZIdCardPhotosRequestSchema, ZQueryUserDetailResponseSchema),
  userAuthLicense: endpoint(PATHS.userAuthLicense, ZLicenseRequestSchema, ZQueryUserDetailResponseSchema),
  // The ID card's front read on the server (OCR), then confirmed or corrected by the user.
  userAuthOcrCheck: endpoint(PATHS.userAuthOcrCheck, ZOcrCheckRequestSchema, ZOcrCheckResponseSchema),
  userAuthOcrConfirm: endpoint(PATHS.userAuthOcrConfirm, ZOcrConfirmRequestSchema, ZOcrConfirmResponseSchema),
  // Step 5 (face): detection, silent liveness, comparison with the ID card front; verdicts on the server.
  userAuthDetection: endpoint(PATHS.userAuthDetection, ZFaceDetectionRequestSchema, ZFaceDetectionResponseSchema),
  userAuthSilence: endpoint(PATHS.userAuthSilence, ZFaceSilenceRequestSchema, ZFaceSilenceResponseSchema),
  userAuthFaceCompare: endpoint(PATHS.userAuthFaceCompare, ZFaceCompareRequestSchema, ZFaceCompareResponseSchema),
  loanCommonAddress: endpoint(PATHS.loanCommonAddress, ZEmptyRequestSchema, ZCommonAddressResponseSchema),
  loanCheck: endpoint(PATHS.loanCheck, ZEmptyRequestSchema, ZLoanCheckResponseSchema),

  // Loans: home data (one request for the home page), quotes, the application, the contract.
  loanCommonIndex: endpoint(PATHS.loanCommonIndex, ZEmptyRequestSchema, ZLoanIndexResponseSchema),
  loanCommonBanner: endpoint(PATHS.loanCommonBanner, ZEmptyRequestSchema, ZBannerListResponseSchema),
  loanCommonNotice: endpoint(PATHS.loanCommonNotice, ZEmptyRequestSchema, ZNoticeListResponseSchema),
  loanCommonGetPop: endpoint(PATHS.loanCommonGetPop, ZEmptyRequestSchema, ZGetPopResponseSchema),
  loanCommonConfirmPop: endpoint(PATHS.loanCommonConfirmPop, ZConfirmPopRequestSchema, ZOkResponseSchema),
  getPopList: endpoint(PATHS.getPopList, ZEmptyRequestSchema, ZPopListResponseSchema),
  changeDomainName: endpoint(PATHS.changeDomainName, ZEmptyRequestSchema, ZChangeDomainNameResponseSchema),
  activityAward: endpoint(PATHS.activityAward, ZEmptyRequestSchema, ZActivityAwardResponseSchema),
  loanCommonAdjust: endpoint(PATHS.loanCommonAdjust, ZQuoteRequestSchema, ZQuoteResponseSchema),
  loanInitV31: endpoint(PATHS.loanInitV31, ZEmptyRequestSchema, ZLoanInitResponseSchema),
  loanInit: endpoint(PATHS.loanInit, ZLoanInitSingleRequestSchema, ZLoanInitSingleResponseSchema),
  loanCheckTips: endpoint(PATHS.loanCheckTips, ZQuoteRequestSchema, ZCheckTipsResponseSchema),
  loanApply: endpoint(PATHS.loanApply, ZLoanApplyRequestSchema, ZLoanApplyResponseSchema),
  loanConfirm: endpoint(PATHS.loanConfirm, ZLoanConfirmRequestSchema, ZOrderStateResponseSchema),
  loanCancel: endpoint(PATHS.loanCancel, ZLoanCancelRequestSchema, ZOrderStateResponseSchema),
  contractAdd: endpoint(PATHS.contractAdd, ZContractAddRequestSchema, ZContractAddResponseSchema),
  /** Answers raw HTML (or a PDF with format 'pdf'); `response` is unused. */
  viewContract: endpoint(PATHS.viewContract, ZViewContractRequestSchema, ZOkResponseSchema),

  // Orders
  loanOrderRecord: endpoint(PATHS.loanOrderRecord, ZOrderRecordRequestSchema, ZOrderRecordResponseSchema),
  loanOrderDetail: endpoint(PATHS.loanOrderDetail, ZOrderDetailRequestSchema, ZOrderDetailResponseSchema),
  /** Answers the PDF file; `response` is unused. */
  settlementCertificate: endpoint(PATHS.settlementCertificate, ZOrderDetailRequestSchema, ZOkResponseSchema),

  // Repayment and extension
  repayChannel: endpoint(PATHS.repayChannel, ZRepayChannelRequestSchema, ZRepayChannelResponseSchema),
  repayCollect: endpoint(PATHS.repayCollect, ZRepayCollectRequestSchema, ZPaymentResponseSchema),
  replanRepay: endpoint(PATHS.replanRepay, ZReplanRepayRequestSchema, ZReplanRepayResponseSchema),
  repayManual: endpoint(PATHS.repayManual, ZRepayManualRequestSchema, ZPaymentResponseSchema),
  extensionTrial: endpoint(PATHS.extensionTrial, ZExtensionTrialRequestSchema, ZExtensionTrialResponseSchema),
  extensionRepay: endpoint(PATHS.extensionRepay, ZExtensionRepayRequestSchema, ZPaymentResponseSchema),
} as const;

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
