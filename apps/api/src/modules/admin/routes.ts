import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_INPUT_INVALID, ADMIN_NOT_FOUND, ADMIN_SIGNINS_THROTTLED } from '@app/contract/admin/admin-messages.ts';
import {
  ADMIN_API_PREFIX,
  ADMIN_CSRF_COOKIE,
  ADMIN_ROUTES,
  ADMIN_SESSION_COOKIE,
  type TAdminRouteKey,
} from '@app/contract/admin/admin-routes.ts';
import {
  ZApiOriginsSchema,
  ZAuditQuerySchema,
  ZCreateOperatorRequestSchema,
  ZCreditRefundRequestSchema,
  ZEnrolmentCompleteRequestSchema,
  ZEnrolmentTokenSchema,
  ZHeldResolveRequestSchema,
  ZIdParamsSchema,
  ZLoginRequestSchema,
  ZOrderIdParamsSchema,
  ZReviewDecisionRequestSchema,
  ZReviewImageParamsSchema,
  ZTransferReviewRequestSchema,
  ZUpdateOperatorRequestSchema,
} from '@app/contract/admin/admin-schemas.ts';
import { ZCustomerSearchQuerySchema, ZOrderContractQuerySchema, ZUserIdParamsSchema } from '@app/contract/admin/admin-customer-schemas.ts';
import {
  defaultReconciliationRange,
  ZDayRangeQuerySchema,
  ZExportParamsSchema,
  ZReconciliationQuerySchema,
} from '@app/contract/admin/admin-report-schemas.ts';
import {
  taipeiMinuteOf,
  ZCampaignFormSchema,
  ZHomeContentFormSchema,
  ZHomeContentIdParamsSchema,
  ZHomeContentKindParamsSchema,
  ZProductFormSchema,
  ZProductIdParamsSchema,
  ZDocumentKeyParamsSchema,
  ZFaqFormSchema,
  ZFaqIdParamsSchema,
  ZDocumentPublishSchema,
  ZServiceLineSchema,
} from '@app/contract/admin/admin-config-schemas.ts';
import { listDocumentsForConsole, listDocumentVersions } from '../documents/index.ts';
import { listHomeContent, getServiceLine, getApiOrigins } from '../config/index.ts';
import { listCampaignsForConsole, listProductsForConsole, listProductVersions, productInputOf, checkProductTerms } from '../loans/index.ts';
import { changeFaq, changeHomeContent, changeServiceLine, publishDocument, removeFaq, saveCampaign } from './change-content.ts';
import { listFaqForConsole } from '../questions/index.ts';
import { createProduct, retireProduct, updateProduct } from './change-products.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import {
  ZBankBatchDownloadQuerySchema,
  ZBankBatchParamsSchema,
  ZBankResultImportRequestSchema,
  ZPayoutListQuerySchema,
} from '@app/contract/admin/admin-payout-schemas.ts';
import { ADMIN_CONTRACT_UNSIGNED } from '@app/contract/admin/admin-messages.ts';
import { roleSeesPerson } from '@app/contract/admin/admin-routes.ts';
import { clientAddressKey } from '../../domain/client-address.ts';
import { FileAnswer } from '../../plugins/envelope-codec.ts';
import { loadBankDirectory } from '../bank-accounts/index.ts';
import { viewContract } from '../contracts/index.ts';
import { reconcileCollections, checkBooks, listCreditLeft, listForReview } from '../repayments/index.ts';
import { findUserPhone } from '../users/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { getOrder } from '../orders/index.ts';
import { readOwnImage } from '../uploads/index.ts';
import { cookieOptions, guardAdminRoute, parseInput, sendAdminError, sendAdminNotFound } from './admin-http.ts';
import { changeApiOrigins } from './change-api-origins.ts';
import { changeDecisionPolicy, showDecisionPolicy } from './change-decision-policy.ts';
import { changeReminderTemplate, listReminderTemplates } from './change-reminder-template.ts';
import { ZDecisionPolicyFormSchema, ZReminderTemplateSaveSchema } from '@app/contract/admin/admin-policy-schemas.ts';
import { getDecisionPolicy } from '../decisions/index.ts';
import { createOperator, reissueEnrolment } from './create-operator.ts';
import { decideReview } from './decide-review.ts';
import { exportCsv } from './export-csv.ts';
import { searchCustomers } from './search-customers.ts';
import { showCustomer } from './show-customer.ts';
import { showDashboard } from './show-dashboard.ts';
import { showOrder } from './show-order.ts';
import { daysFrom, instantsOf } from './taipei-days.ts';
import { completeEnrolment, showEnrolment } from './enrol-operator.ts';
import { listAudit } from './list-audit.ts';
import { getReviewDetail, listReviews, reviewImageKey } from './list-reviews.ts';
import { reviewFaceFrameKey, reviewFaceStillKey, showFaceReview } from './show-face-review.ts';
import { ZReviewFaceFrameParamsSchema, ZReviewFaceStillParamsSchema } from '@app/contract/admin/admin-face-review-schemas.ts';
import { logInOperator } from './log-in-operator.ts';
import { changeOperator, listOperators } from './manage-operators.ts';
import type { OperatorCaller } from './operator-session.ts';
import { logOutOperator } from './operator-session.ts';
import { recordAudit } from './record-audit.ts';
import { refundCredit } from './refund-credit.ts';
import { resolveHeld } from './resolve-held.ts';
import { reviewTransfer } from './review-transfer.ts';
import { createBankBatchByOperator, downloadBankBatch, importBankResultByOperator } from './bank-batch-files.ts';
import { listPayoutsForFinance } from './list-payouts.ts';
import { releasePayoutByOperator } from './release-payout.ts';
import { retryPayoutByOperator } from './retry-payout.ts';
import { listBankBatches } from '../payments/index.ts';
import { webVitalsP75 } from '../tracking/index.ts';
import { VITALS_DASHBOARD_DAYS } from '@app/contract/schemas/web-vitals.ts';
import { readHookBody } from '../../plugins/test-hooks.ts';

interface HandlerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Set on every route that is not public. */
  caller: OperatorCaller | null;
  now: Date;
}
type Handler = (ctx: HandlerContext) => Promise<unknown>;

/**
 * Sign-in tries from one address in any 15 minutes, right or wrong: the per-operator lock
 * stops guessing one password; this stops trying a few passwords on every name.
 */
export const SIGNINS_PER_ADDRESS = 30;
const SIGNIN_WINDOW_MS = 15 * 60_000;

const notFound = () => new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'admin record not found' });

function signedIn(caller: OperatorCaller | null): OperatorCaller {
  if (!caller) throw new Error('a signed-in route ran without its caller');
  return caller;
}

const actorOf = (caller: OperatorCaller | null) => {
  const { operatorId, username } = signedIn(caller);
  return { operatorId, operatorName: username };
};

/**
 * The back office's API under /admin/api: JSON over HTTP with a session cookie, apart from
 * the borrowers' encrypted protocol. Every route comes from the contract's ADMIN_ROUTES,
 * which names who may call it; each handler parses, calls one use case and answers.
 */
export const adminModule: FastifyPluginAsync = async (app) => {
  const config = app.config.admin;
  const production = app.config.nodeEnv === 'production';
  const { db } = app;
  const directory = await loadBankDirectory();

  const sendImage = async (reply: FastifyReply, owner: { userId: number; key: string } | null) => {
    const image = owner ? await readOwnImage({ db, files: app.fileStorage, userId: owner.userId, key: owner.key }) : null;
    if (!image) throw notFound();
    return reply.type(image.mime).header('cache-control', 'no-store').send(image.bytes);
  };

  const handlers: Record<TAdminRouteKey, Handler> = {
    async csrf({ req, reply }) {
      const csrfToken = req.cookies[ADMIN_CSRF_COOKIE] ?? randomBytes(24).toString('base64url');
      reply.setCookie(ADMIN_CSRF_COOKIE, csrfToken, cookieOptions(req, production, false));
      return { csrfToken };
    },
    async login({ req, reply, now }) {
      const input = parseInput(ZLoginRequestSchema, req.body);
      const address = app.limiterTag(clientAddressKey(req.ip));
      if (!(await app.rateLimiter.hit(`admin:signin:${address}`, SIGNINS_PER_ADDRESS, SIGNIN_WINDOW_MS, now.getTime())).allowed) {
        throw new AppError('UNAUTHENTICATED', {
          userMessage: ADMIN_SIGNINS_THROTTLED,
          message: 'admin sign-ins from one address throttled',
        });
      }
      const signIn = await logInOperator({ db, config, ...input, now });
      reply.setCookie(ADMIN_SESSION_COOKIE, signIn.sessionToken, cookieOptions(req, production, true));
      reply.setCookie(ADMIN_CSRF_COOKIE, signIn.csrfToken, cookieOptions(req, production, false));
      return { operator: signIn.operator, csrfToken: signIn.csrfToken, idleMinutes: config.idleMinutes };
    },
    async enrolmentShow({ req, now }) {
      return showEnrolment({ db, config, token: parseInput(ZEnrolmentTokenSchema, req.body).token, now });
    },
    async enrolmentComplete({ req, now }) {
      return completeEnrolment({ db, config, ...parseInput(ZEnrolmentCompleteRequestSchema, req.body), now });
    },
    async session({ caller }) {
      const { operatorId, username, role, csrfToken } = signedIn(caller);
      return { operator: { id: operatorId, username, role }, csrfToken, idleMinutes: config.idleMinutes };
    },
    async logout({ req, reply, caller, now }) {
      await logOutOperator({ db, caller: signedIn(caller), now });
      reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions(req, production, true));
      return { ok: true };
    },

    async listReviews() {
      return listReviews({ db, secondApprovalAbove: (await getDecisionPolicy({ db })).secondApprovalAbove });
    },
    async reviewDetail({ req, caller, now }) {
      const { orderId } = parseInput(ZOrderIdParamsSchema, req.params);
      const detail = await getReviewDetail({ db, orderId, secondApprovalAbove: (await getDecisionPolicy({ db })).secondApprovalAbove });
      if (!detail) throw notFound();
      // The whole name and the photos are personal data: each view is attributable.
      await recordAudit({ db, actor: actorOf(caller), at: now, action: 'review.viewed', target: `order:${detail.order.orderNo}` });
      return detail;
    },
    async reviewImage({ req, reply }) {
      const { orderId, image } = parseInput(ZReviewImageParamsSchema, req.params);
      return sendImage(reply, await reviewImageKey({ db, orderId, image }));
    },
    async reviewFaceAttempts({ req, caller, now }) {
      const { orderId } = parseInput(ZOrderIdParamsSchema, req.params);
      const answer = await showFaceReview({ db, actor: actorOf(caller), orderId, now });
      if (!answer) throw notFound();
      return answer;
    },
    async reviewFaceFrame({ req, reply }) {
      const { orderId, frameId } = parseInput(ZReviewFaceFrameParamsSchema, req.params);
      return sendImage(reply, await reviewFaceFrameKey({ db, orderId, frameId }));
    },
    async reviewFaceStill({ req, reply }) {
      const { orderId, attemptId } = parseInput(ZReviewFaceStillParamsSchema, req.params);
      return sendImage(reply, await reviewFaceStillKey({ db, orderId, attemptId }));
    },
    async decideReview({ req, caller, now }) {
      const { orderId } = parseInput(ZOrderIdParamsSchema, req.params);
      const input = parseInput(ZReviewDecisionRequestSchema, req.body);
      return decideReview({
        db,
        jobs: app.jobs,
        actor: actorOf(caller),
        orderId,
        ...input,
        payoutPolicy: app.config.payouts,
        now,
      });
    },

    async listTransfers() {
      return {
        items: (await listForReview({ db, what: 'transfers' })).map(({ receiptImageKey, ...item }) => ({
          ...item,
          hasReceipt: receiptImageKey !== null,
        })),
      };
    },
    async transferReceipt({ req, reply }) {
      const { id } = parseInput(ZIdParamsSchema, req.params);
      const transfer = (await listForReview({ db, what: 'transfers' })).find((item) => item.id === id);
      const order = transfer ? await getOrder({ db, orderId: transfer.orderId }) : null;
      return sendImage(reply, order && transfer?.receiptImageKey ? { userId: order.userId, key: transfer.receiptImageKey } : null);
    },
    async reviewTransfer({ req, caller, now }) {
      const { id } = parseInput(ZIdParamsSchema, req.params);
      const input = parseInput(ZTransferReviewRequestSchema, req.body);
      return reviewTransfer({ db, actor: actorOf(caller), requestId: id, ...input, now });
    },
    async listHeld() {
      return {
        items: (await listForReview({ db, what: 'held' })).map(({ receiptImageKey, ...item }) => ({
          ...item,
          hasReceipt: receiptImageKey !== null,
        })),
      };
    },
    async resolveHeld({ req, caller, now }) {
      const { id } = parseInput(ZIdParamsSchema, req.params);
      return resolveHeld({ db, actor: actorOf(caller), requestId: id, ...parseInput(ZHeldResolveRequestSchema, req.body), now });
    },
    async listCredits() {
      return { items: await listCreditLeft({ db }) };
    },
    async refundCredit({ req, caller, now }) {
      const { orderId } = parseInput(ZOrderIdParamsSchema, req.params);
      return refundCredit({ db, actor: actorOf(caller), orderId, ...parseInput(ZCreditRefundRequestSchema, req.body), now });
    },
    async checkBooks({ caller, now }) {
      const differences = await checkBooks({ db });
      await recordAudit({ db, actor: actorOf(caller), at: now, action: 'books.checked', after: { differences: differences.length } });
      return { balanced: differences.length === 0, differences };
    },

    async listPayouts({ req }) {
      const query = parseInput(ZPayoutListQuerySchema, req.query);
      return listPayoutsForFinance({ db, directory, policy: app.config.payouts, ...query });
    },
    async releasePayout({ req, caller, now }) {
      const { id } = parseInput(ZIdParamsSchema, req.params);
      return releasePayoutByOperator({
        db,
        jobs: app.jobs,
        actor: actorOf(caller),
        payoutId: id,
        twoPeopleAbove: app.config.payouts.twoPeopleAbove,
        now,
      });
    },
    async listBankBatches() {
      return { items: (await listBankBatches({ db })).map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })) };
    },
    async createBankBatch({ caller, now }) {
      return createBankBatchByOperator({ db, actor: actorOf(caller), now });
    },
    async downloadBankBatch({ req, reply, caller, now }) {
      const { batch } = parseInput(ZBankBatchParamsSchema, req.params);
      const { encoding } = parseInput(ZBankBatchDownloadQuerySchema, req.query);
      const file = await downloadBankBatch({ db, actor: actorOf(caller), batch, remarkPrefix: '撥款', encoding, now });
      return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    },
    async retryPayout({ req, caller, now }) {
      const { id } = parseInput(ZIdParamsSchema, req.params);
      return retryPayoutByOperator({ db, jobs: app.jobs, actor: actorOf(caller), payoutId: id, policy: app.config.payouts, now });
    },
    async importBankResult({ req, caller, now }) {
      const input = parseInput(ZBankResultImportRequestSchema, req.body);
      const content = input.contentBase64 === undefined ? (input.content ?? '') : Buffer.from(input.contentBase64, 'base64');
      return importBankResultByOperator({ db, jobs: app.jobs, actor: actorOf(caller), fileName: input.fileName, content, now });
    },

    async reconciliation({ req, now }) {
      const asked = parseInput(ZReconciliationQuerySchema, req.query);
      // No range asked: the last days ending today in Taipei, not in the server's zone.
      const { from, to } = asked.from && asked.to ? { from: asked.from, to: asked.to } : defaultReconciliationRange(now);
      return reconcileCollections({ db, ...instantsOf(from, to), days: daysFrom(from, to) });
    },
    async exportCsv({ req, reply, caller, now }) {
      const { kind } = parseInput(ZExportParamsSchema, req.params);
      const { from, to } = parseInput(ZDayRangeQuerySchema, req.query);
      const file = await exportCsv({ db, kind, from, to });
      await recordAudit({
        db,
        actor: actorOf(caller),
        at: now,
        action: 'export.downloaded',
        target: `export:${kind}`,
        after: { from, to, rows: file.rows },
      });
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.csv);
    },

    async dashboard({ now }) {
      return showDashboard({ db, now });
    },
    async webVitals({ now }) {
      return webVitalsP75({ db, now, days: VITALS_DASHBOARD_DAYS });
    },

    async searchCustomers({ req, caller, now }) {
      const { q } = parseInput(ZCustomerSearchQuerySchema, req.query);
      const result = await searchCustomers({ db, query: q });
      // Who looked whom up (never the value typed: it is personal data).
      const [found] = result.items;
      await recordAudit({
        db,
        actor: actorOf(caller),
        at: now,
        action: 'customer.searched',
        target: found ? `user:${found.userId}` : '',
        after: { by: result.kind, found: result.items.length },
      });
      return result;
    },
    async customerDetail({ req, caller, now }) {
      const { userId } = parseInput(ZUserIdParamsSchema, req.params);
      const unmasked = roleSeesPerson(signedIn(caller).role, ADMIN_ROUTES.customerDetail);
      const detail = await showCustomer({ db, directory, userId, unmasked });
      if (!detail) throw notFound();
      await recordAudit({ db, actor: actorOf(caller), at: now, action: 'customer.viewed', target: `user:${userId}`, after: { unmasked } });
      return detail;
    },
    async orderDetail({ req, caller, now }) {
      const { orderId } = parseInput(ZOrderIdParamsSchema, req.params);
      const unmasked = roleSeesPerson(signedIn(caller).role, ADMIN_ROUTES.orderDetail);
      const detail = await showOrder({ db, config: app.config, orderId, now, unmasked });
      if (!detail) throw notFound();
      await recordAudit({
        db,
        actor: actorOf(caller),
        at: now,
        action: 'order.viewed',
        target: `order:${detail.order.orderNo}`,
        after: { unmasked },
      });
      return detail;
    },
    async orderContract({ req, reply, caller, now }) {
      const { orderId } = parseInput(ZOrderIdParamsSchema, req.params);
      const { format } = parseInput(ZOrderContractQuerySchema, req.query);
      const order = await getOrder({ db, orderId });
      if (!order) throw notFound();
      if (!order.contractSignedAt)
        throw new AppError('NOT_FOUND', { userMessage: ADMIN_CONTRACT_UNSIGNED, message: 'admin asked for an unsigned contract' });
      const answer = await viewContract({
        db,
        directory,
        lender: app.config.lender,
        userId: order.userId,
        phone: (await findUserPhone({ db, userId: order.userId })) ?? '',
        orderId,
        format,
      });
      await recordAudit({
        db,
        actor: actorOf(caller),
        at: now,
        action: 'order.contractViewed',
        target: `order:${order.orderNo}`,
        after: { format },
      });
      reply.header('cache-control', 'no-store');
      if (answer instanceof FileAnswer) {
        return reply
          .type(answer.contentType)
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(answer.fileName)}`)
          .send(answer.bytes);
      }
      return reply.type('text/html; charset=utf-8').send(answer);
    },

    async listAudit({ req }) {
      const query = parseInput(ZAuditQuerySchema, req.query);
      return listAudit({ db, ...query });
    },

    async getApiOrigins() {
      return { origins: await getApiOrigins({ db }) };
    },
    async saveApiOrigins({ req, caller, now }) {
      const { origins } = parseInput(ZApiOriginsSchema, req.body);
      await changeApiOrigins({ db, actor: actorOf(caller), origins, now });
      return { origins: await getApiOrigins({ db }) };
    },

    async getServiceLine() {
      return getServiceLine({ db });
    },
    async saveServiceLine({ req, caller, now }) {
      const values = parseInput(ZServiceLineSchema, req.body);
      await changeServiceLine({ db, actor: actorOf(caller), values, now });
      return getServiceLine({ db });
    },

    async getDecisionPolicy() {
      return showDecisionPolicy({ db });
    },
    async saveDecisionPolicy({ req, caller, now }) {
      await changeDecisionPolicy({ db, actor: actorOf(caller), form: parseInput(ZDecisionPolicyFormSchema, req.body), now });
      return showDecisionPolicy({ db });
    },
    async listReminderTemplates() {
      return listReminderTemplates({ db });
    },
    async saveReminderTemplate({ req, caller, now }) {
      await changeReminderTemplate({ db, actor: actorOf(caller), input: parseInput(ZReminderTemplateSaveSchema, req.body), now });
      return listReminderTemplates({ db });
    },

    async listProducts({ now }) {
      return { items: await listProductsForConsole({ db, now }), capPercent: APR_CAP_PERCENT };
    },
    async checkProduct({ req, now }) {
      // The same check saving runs, as the operator types: nothing is stored.
      return checkProductTerms(productInputOf(parseInput(ZProductFormSchema, req.body)).terms, now);
    },
    async createProduct({ req, caller, now }) {
      return createProduct({ db, actor: actorOf(caller), form: parseInput(ZProductFormSchema, req.body), now });
    },
    async updateProduct({ req, caller, now }) {
      const { productId } = parseInput(ZProductIdParamsSchema, req.params);
      return updateProduct({ db, actor: actorOf(caller), productId, form: parseInput(ZProductFormSchema, req.body), now });
    },
    async retireProduct({ req, caller, now }) {
      const { productId } = parseInput(ZProductIdParamsSchema, req.params);
      return retireProduct({ db, actor: actorOf(caller), productId, now });
    },
    async productVersions({ req }) {
      const { productId } = parseInput(ZProductIdParamsSchema, req.params);
      return listProductVersions({ db, productId });
    },

    async listHomeContent({ req, now }) {
      const { kind } = parseInput(ZHomeContentKindParamsSchema, req.params);
      return listHomeContent({ db, kind, now });
    },
    async createHomeContent({ req, caller, now }) {
      const { kind } = parseInput(ZHomeContentKindParamsSchema, req.params);
      return changeHomeContent({ db, actor: actorOf(caller), kind, id: null, values: parseInput(ZHomeContentFormSchema, req.body), now });
    },
    async updateHomeContent({ req, caller, now }) {
      const { kind, id } = parseInput(ZHomeContentIdParamsSchema, req.params);
      return changeHomeContent({ db, actor: actorOf(caller), kind, id, values: parseInput(ZHomeContentFormSchema, req.body), now });
    },

    async listDocuments() {
      return listDocumentsForConsole({ db });
    },
    async documentVersions({ req }) {
      const { key } = parseInput(ZDocumentKeyParamsSchema, req.params);
      return listDocumentVersions({ db, key });
    },
    async publishDocument({ req, caller, now }) {
      const { key } = parseInput(ZDocumentKeyParamsSchema, req.params);
      await publishDocument({ db, actor: actorOf(caller), key, ...parseInput(ZDocumentPublishSchema, req.body), now });
      return listDocumentVersions({ db, key });
    },

    async listFaq() {
      return listFaqForConsole({ db });
    },
    async createFaq({ req, caller, now }) {
      return changeFaq({ db, actor: actorOf(caller), id: null, values: parseInput(ZFaqFormSchema, req.body), now });
    },
    async updateFaq({ req, caller, now }) {
      const { faqId } = parseInput(ZFaqIdParamsSchema, req.params);
      return changeFaq({ db, actor: actorOf(caller), id: faqId, values: parseInput(ZFaqFormSchema, req.body), now });
    },
    async removeFaq({ req, caller, now }) {
      const { faqId } = parseInput(ZFaqIdParamsSchema, req.params);
      await removeFaq({ db, actor: actorOf(caller), id: faqId, now });
      return { ok: true };
    },

    async listCampaigns({ now }) {
      const items = await listCampaignsForConsole({ db, now });
      return {
        items: items.map((item) => ({
          ...item,
          startsAt: taipeiMinuteOf(item.startsAt),
          endsAt: taipeiMinuteOf(item.endsAt),
          createdAt: undefined,
        })),
      };
    },
    async createCampaign({ req, caller, now }) {
      return saveCampaign({ db, actor: actorOf(caller), id: null, form: parseInput(ZCampaignFormSchema, req.body), now });
    },
    async updateCampaign({ req, caller, now }) {
      const { id } = parseInput(ZIdParamsSchema, req.params);
      return saveCampaign({ db, actor: actorOf(caller), id, form: parseInput(ZCampaignFormSchema, req.body), now });
    },

    async listOperators() {
      return listOperators({ db });
    },
    async createOperator({ req, caller, now }) {
      const input = parseInput(ZCreateOperatorRequestSchema, req.body);
      const link = await createOperator({ db, config, actor: actorOf(caller), ...input, now });
      return { enrolmentPath: link.enrolmentPath, expiresAt: link.expiresAt.toISOString() };
    },
    async updateOperator({ req, caller, now }) {
      const { id } = parseInput(ZIdParamsSchema, req.params);
      await changeOperator({ db, actor: actorOf(caller), operatorId: id, ...parseInput(ZUpdateOperatorRequestSchema, req.body), now });
      return { ok: true };
    },
    async reissueEnrolment({ req, caller, now }) {
      const { id } = parseInput(ZIdParamsSchema, req.params);
      const link = await reissueEnrolment({ db, config, actor: actorOf(caller), operatorId: id, now });
      if (!link) throw notFound();
      return { enrolmentPath: link.enrolmentPath, expiresAt: link.expiresAt.toISOString() };
    },
  };

  // Browser tests only (TEST_HOOKS, which production refuses): an operator made on the
  // running server as `npm run admin:create` makes one on a stopped one, so a browser test
  // file needs no data folder of its own (admin-console.test.ts still runs the command).
  if (app.config.testHooks) {
    app.post('/__test__/operators', async (req, reply) => {
      const input = readHookBody(req.body, ZCreateOperatorRequestSchema);
      if ('error' in input) return reply.code(400).send({ error: input.error });
      try {
        const link = await createOperator({
          db,
          config,
          actor: { operatorId: null, operatorName: '(command line)' },
          ...input.data,
          now: app.clock.now(),
        });
        return { enrolmentPath: link.enrolmentPath };
      } catch (error) {
        if (error instanceof AppError) return reply.code(409).send({ error: error.userMessage });
        throw error;
      }
    });
  }

  await app.register(
    async (scope) => {
      await scope.register(fastifyCookie);
      // The borrowers' protocol takes every body as text (plugins/envelope.ts); here bodies are JSON.
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
        try {
          done(null, body === '' ? {} : (JSON.parse(String(body)) as unknown));
        } catch {
          done(
            new AppError('FIELD_INVALID', { userMessage: ADMIN_INPUT_INVALID.replace('{field}', '內容'), message: 'admin body not JSON' }),
          );
        }
      });
      scope.setErrorHandler((error, req, reply) => sendAdminError(req, reply, error));
      scope.setNotFoundHandler(sendAdminNotFound);
      scope.addHook('onSend', async (_req, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      for (const [key, route] of Object.entries(ADMIN_ROUTES) as Array<[TAdminRouteKey, (typeof ADMIN_ROUTES)[TAdminRouteKey]]>) {
        const handler = handlers[key];
        scope.route({
          method: route.method,
          url: route.path,
          handler: async (req, reply) => {
            const caller = await guardAdminRoute(app, req, route);
            return handler({ req, reply, caller, now: app.clock.now() });
          },
        });
      }
    },
    { prefix: ADMIN_API_PREFIX },
  );
};
