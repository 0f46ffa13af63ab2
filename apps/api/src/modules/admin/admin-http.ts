import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ADMIN_CSRF_INVALID,
  ADMIN_FORBIDDEN,
  ADMIN_INPUT_INVALID,
  ADMIN_NOT_FOUND,
  ADMIN_SERVER_ERROR,
} from '@app/contract/admin/admin-messages.ts';
import {
  ADMIN_CSRF_COOKIE,
  ADMIN_CSRF_HEADER,
  ADMIN_SESSION_COOKIE,
  roleMayCall,
  type TAdminRoute,
} from '@app/contract/admin/admin-routes.ts';
import { AppError, type AppErrorCode } from '../../errors/app-error.ts';
import { safeError } from '../../plugins/safe-error.ts';
import { resolveOperatorSession, type OperatorCaller } from './operator-session.ts';

/** The admin API's transport: JSON answers with HTTP statuses, cookies, the session, role and CSRF checks. */

const HTTP_STATUS: Partial<Record<AppErrorCode, number>> = {
  DATA_INVALID: 400,
  FIELD_INVALID: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BUSINESS_RULE: 409,
};

/** What a field is called in a refusal (ADMIN_INPUT_INVALID). */
const FIELD_LABELS: Record<string, string> = {
  username: '帳號',
  password: '密碼',
  code: '驗證碼',
  token: '啟用連結',
  verdict: '決定',
  reasonCode: '原因',
  note: '備註',
  origins: 'API 網址',
  role: '角色',
  // The back office's configuration (products, LINE, home content, campaigns).
  line: 'LINE 帳號',
  lineUrl: '加入好友連結',
  lineImg: 'QR 碼圖片網址',
  productId: '產品',
  name: '產品名稱',
  method: '計息方式',
  annualRatePercent: '年利率',
  amountMin: '最低金額',
  amountMax: '最高金額',
  amountStep: '金額級距',
  terms: '借款期限',
  fees: '費用',
  extension: '展期設定',
  periodDays: '展期天數',
  maxCount: '展期次數',
  feeFixed: '展期固定費用',
  feePercentOfPrincipal: '展期費用比例',
  windowDays: '可申請展期天數',
  percentOfPrincipal: '費用比例',
  fixed: '固定費用',
  sortOrder: '排序',
  enabled: '上架',
  title: '標題',
  imageUrl: '圖片網址',
  linkUrl: '連結',
  active: '啟用',
  startsAt: '開始時間',
  endsAt: '結束時間',
  discountBasisPoints: '利率折扣',
  version: '版本代號',
  body: '文件內容',
  key: '文件',
  faqId: '常見問題',
  groupName: '分類',
  groupOrder: '分類排序',
  question: '問題',
  answer: '回答',
  disabled: '停用',
  orderId: '訂單編號',
  id: '編號',
  image: '圖片',
  page: '頁數',
  from: '起日',
  to: '迄日',
  action: '操作項目',
  operator: '操作人員',
  target: '對象',
  q: '查詢條件',
  userId: '用戶編號',
  kind: '匯出種類',
  format: '格式',
  stage: '撥款狀態',
  batch: '付款檔編號',
  fileName: '檔名',
  content: '檔案內容',
  encoding: '付款檔編碼',
  // The decision engine's thresholds and the reminder templates.
  manualReviewAbove: '人工審核門檻',
  secondApprovalAbove: '雙人覆核門檻',
  coolDownDays: '拒絕後冷卻天數',
  reminder: '提醒簡訊種類',
  text: '簡訊內容',
};

const invalid = (field: string) =>
  new AppError('FIELD_INVALID', { userMessage: ADMIN_INPUT_INVALID.replace('{field}', field), message: `admin input invalid: ${field}` });

/** Parses a request part; a refusal names the first bad field in words, never echoing the value. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const key = parsed.error.issues[0]?.path.find((part) => typeof part === 'string');
  throw invalid(typeof key === 'string' ? (FIELD_LABELS[key] ?? key) : '內容');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Cookies over https only when the request came over TLS (TRUST_PROXY reads the balancer's) and always in production. */
export function cookieOptions(req: FastifyRequest, production: boolean, httpOnly: boolean) {
  return { path: '/admin', httpOnly, sameSite: 'strict' as const, secure: production || req.protocol === 'https' };
}

/**
 * Who may pass, in order: a session (401 without one, or when idle), the route's roles
 * (403), and on every state-changing method the CSRF token of the header equal to the
 * cookie's (double submit) and, when signed in, to the session's own (403).
 */
export async function guardAdminRoute(app: FastifyInstance, req: FastifyRequest, route: TAdminRoute): Promise<OperatorCaller | null> {
  let caller: OperatorCaller | null = null;
  if (route.access !== 'public') {
    caller = await resolveOperatorSession({
      db: app.db,
      config: app.config.admin,
      token: req.cookies[ADMIN_SESSION_COOKIE],
      now: app.clock.now(),
    });
    if (!roleMayCall(caller.role, route))
      throw new AppError('FORBIDDEN', { userMessage: ADMIN_FORBIDDEN, message: 'role may not call this admin route' });
  }
  if (route.method !== 'GET') {
    const header = req.headers[ADMIN_CSRF_HEADER];
    const cookie = req.cookies[ADMIN_CSRF_COOKIE];
    const ok =
      typeof header === 'string' &&
      header.length > 0 &&
      cookie !== undefined &&
      sameText(header, cookie) &&
      (!caller || sameText(header, caller.csrfToken));
    if (!ok) throw new AppError('FORBIDDEN', { userMessage: ADMIN_CSRF_INVALID, message: 'admin csrf token missing or wrong' });
  }
  return caller;
}

/** JSON refusals: the contract's message and a status; an unexpected error is logged (safely) and answered generically. */
export function sendAdminError(req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  let status = 500;
  let message = ADMIN_SERVER_ERROR;
  if (error instanceof AppError) {
    status = HTTP_STATUS[error.code] ?? 500;
    message = status === 500 ? ADMIN_SERVER_ERROR : error.userMessage;
    if (status === 500) req.log.error({ error: safeError(error), path: req.routeOptions.url }, 'admin route failed');
  } else if (statusCode === 413) {
    status = 413;
    message = ADMIN_INPUT_INVALID.replace('{field}', '內容');
  } else if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    status = 400;
    message = ADMIN_INPUT_INVALID.replace('{field}', '內容');
  } else {
    req.log.error({ error: safeError(error), path: req.routeOptions.url }, 'admin route failed');
  }
  return reply.code(status).header('cache-control', 'no-store').send({ message });
}

export function sendAdminNotFound(_req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').send({ message: ADMIN_NOT_FOUND });
}
