/**
 * Every path of SPEC.md section 7. Exact where SPEC.md gives it; `/api/v3/<group>/<name>`
 * where it says "full paths not shown". `auth: true` paths need a logged-in token
 * (envelope 301 otherwise).
 */
export type HttpMethod = 'GET' | 'POST';

export interface PathDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: boolean;
}

function post(path: string, auth = true): PathDef {
  return { method: 'POST', path, auth };
}
function get(path: string, auth = true): PathDef {
  return { method: 'GET', path, auth };
}

export const PATHS = {
  // Config
  uploadImage: post('/api/v3/upload/image'),
  /**
   * Not in SPEC.md: the `imageURL` of an upload. Answers the image bytes (not an
   * envelope) to its owner only, with the session `token` header; HTTP 404 otherwise.
   * `key` in the query string.
   */
  uploadFile: get('/api/v3/upload/file'),
  sendVerifyCode: post('/auth/v3.1/user/sendVerifiyCode', false),
  commonConfig: post('/api/v3/common/config', false),
  commonConfigOne: get('/api/v3/common/config/one', false),
  /**
   * Not in SPEC.md: the legal documents (user agreement, privacy policy, contract
   * template), readable before login. See docs/decisions.md.
   */
  commonDocument: get('/api/v3/common/document', false),

  // User
  login: post('/auth/v3/user/login', false),
  queryCashUser: post('/api/v3/user/queryCashUser'),
  initPassword: post('/api/v3/user/init/password'),
  editPassword: post('/api/v3/user/edit/password'),
  contactsList: post('/api/v3/user/contactsList'),
  emergencyContactAdd: post('/api/v3/emergencyContact/add'),
  appList: post('/api/v3/user/appList'),
  loginOut: post('/auth/v3/user/loginOut'),
  destroy: post('/auth/v3/user/destroy'),
  userDataList: post('/api/v3/user/data/list'),
  deviceInfo: post('/api/v3/user/deviceInfo'),
  registryTokenInfo: post('/api/v3/user/registryTokenInfo'),
  userAuthDetection: post('/api/v3/userAuth/detection'),
  userAuthSilence: post('/api/v3/userAuth/silence'),
  userAuthFaceCompare: post('/api/v3/userAuth/faceCompare'),
  userAuthIdentityCheck: post('/api/v3/userAuth/identitycheck'),
  userAuthLicense: post('/api/v3/userAuth/license'),
  userAuthOcrCheck: post('/api/v3/userAuth/ocrCheck'),
  userAuthOcrConfirm: post('/api/v3/userAuth/ocrConfirm'),
  userAuthQueryUserDetail: post('/api/v3/userAuth/queryUserDetail'),
  userAuthSupplementUserInfo: post('/api/v3/userAuth/supplementUserInfo'),
  /**
   * Not in SPEC.md: saves the keys of the ID card's front and back photos (uploaded
   * first with upload/image). SPEC.md's ocrCheck/ocrConfirm read a photo; none saves one.
   */
  userAuthIdCardPhotos: post('/api/v3/userAuth/idCardPhotos'),

  // Loan
  loanCheck: post('/api/v3/loan/check', false),
  loanInitV31: post('/api/v3.1/loan/init'),
  loanInit: post('/api/v3/loan/init'),
  loanApply: post('/api/v3/loan/apply'),
  loanCheckTips: post('/api/v3/loan/checkTips'),
  loanConfirm: post('/api/v3/loan/confirm'),
  /**
   * Not in SPEC.md: the borrower cancels an order before its payout (PRODUCT.md's state
   * machine: 待簽約, 審核中 or 已核准 → 已取消). `{ orderId }`, answers the order's state.
   */
  loanCancel: post('/api/v3/loan/cancel'),
  loanCommonAddress: post('/api/v3/loan/common/address', false),
  loanCommonBanner: post('/api/v3/loan/common/banner', false),
  loanCommonConfirmPop: post('/api/v3/loan/common/confirmPop'),
  loanCommonGetPop: post('/api/v3/loan/common/getPop', false),
  loanCommonIndex: post('/api/v3/loan/common/index', false),
  loanCommonNotice: post('/api/v3/loan/common/notice', false),
  loanCommonAdjust: post('/api/v3/loan/common/adjust'),

  // Order
  loanOrderRecord: post('/api/v3/order/loanOrderRecord'),
  loanOrderDetail: post('/api/v3/order/loanOrderDetail'),
  /**
   * Not in SPEC.md: the settlement certificate (結清證明) of a settled order, answered as a
   * PDF file (a refusal as an envelope), like the contract's PDF.
   */
  settlementCertificate: get('/api/v3/order/settlementCertificate'),
  /**
   * Not in SPEC.md: after an order's payout failed and before finance retries it, its
   * borrower names another of their bound accounts as the order's receiving account
   * (decision 0169). `{ orderId, cardId }`, answers the account masked.
   */
  changePayoutAccount: post('/api/v3/order/changePayoutAccount'),
  extensionTrial: post('/api/v3/extension/trial'),
  extensionRepay: post('/api/v3/extension/repay'),
  repayChannel: post('/api/v3/repay/channel'),
  replanRepay: post('/api/v3/replan/repay'),
  repayCollect: post('/api/v5/repay/collect'),
  repayManual: post('/api/v5/repay/manual'),

  // Bank and contract
  bindCardBind: post('/api/v3/bindCard/bind'),
  bindCardList: post('/api/v3/bindCard/list'),
  bindCardImg: post('/api/v3/bindCard/img'),
  bankBranchList: post('/api/v3/bankBranch/list'),
  updateBranchBank: post('/api/v3/update/branchBank'),
  bankList: post('/api/v3/bank/list', false),
  updateBank: post('/api/v3/update/bank'),
  contractAdd: post('/api/v3/contract/add'),
  /** Returns raw HTML, not an envelope (SPEC.md section 7). */
  viewContract: get('/api/v5/view/contract'),

  // Other
  userQuestionQuery: post('/api/v3/userQuestion/query', false),
  userQuestionSave: post('/api/v3/userQuestion/save'),
  changeDomainName: post('/api/v3/other/changeDomainName', false),
  activityAward: post('/api/v3/activity/award'),
  getPopList: post('/api/v3/other/getPopList', false),
  riskEvent: post('/api/v3/other/riskEvent', false),
  /** The tracking call sent on every back action (SPEC.md "other mark"). */
  otherMark: post('/api/v3/other/mark', false),
} as const satisfies Record<string, PathDef>;

export type PathKey = keyof typeof PATHS;

/** The path whose answer is raw HTML, returned to the caller unparsed. */
export const RAW_RESPONSE_PATH = PATHS.viewContract.path;

/** Transport-only routes outside the envelope protocol. */
export const HEALTH_PATH = '/healthz';
