import type { TReviewDetailResponse, TReviewListResponse } from '@app/contract/admin/admin-schemas.ts';
import type { Db } from '../../db/client.ts';
import { listAwaitingReview, listDecisionOutcomes } from '../decisions/index.ts';
import { listFaceCheckScores } from '../face-check/index.ts';
import { getIdCardReadingForReview } from '../identity-document/index.ts';
import { getBorrowerIdentity, getIdCardPhotos } from '../onboarding/index.ts';
import { getOrder, getOrders, orderTermUnit, type LoanOrder } from '../orders/index.ts';
import { selectOperatorNames, selectPendingApprovals } from './admin-repository.ts';

/** 王小明 → 王*明, 王明 → 王*: enough to tell rows apart, not to name anyone. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

type ReviewItem = TReviewListResponse['items'][number];

async function reviewItem(
  db: Db,
  row: { orderId: number; rules: string[]; since: string },
  secondApprovalAbove: number,
  firstApprovals: Map<number, string>,
  known?: LoanOrder,
): Promise<ReviewItem | null> {
  const order = known ?? (await getOrder({ db, orderId: row.orderId }));
  if (!order) return null;
  const identity = await getBorrowerIdentity({ db, userId: order.userId });
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    productName: order.productName,
    principal: order.principal,
    term: order.term,
    termUnit: orderTermUnit(order),
    borrowerName: identity ? maskName(identity.name) : '',
    rules: row.rules,
    since: row.since,
    needsSecondApproval: order.principal > secondApprovalAbove,
    firstApprovalBy: firstApprovals.get(order.id) ?? null,
  };
}

async function firstApprovalsByOrder(db: Db): Promise<Map<number, string>> {
  const pending = await selectPendingApprovals(db);
  const names = await selectOperatorNames(db, [...new Set(pending.map((row) => row.operatorId))]);
  return new Map(pending.map((row) => [row.orderId, names.get(row.operatorId) ?? '']));
}

/** Applications the decision engine left to staff (審核中, a rule in manual review), oldest first; names masked. */
export async function listReviews(options: { db: Db; secondApprovalAbove: number }): Promise<TReviewListResponse> {
  const { db, secondApprovalAbove } = options;
  const firstApprovals = await firstApprovalsByOrder(db);
  const awaiting = await listAwaitingReview({ db });
  const orders = new Map((await getOrders({ db, orderIds: awaiting.map((row) => row.orderId) })).map((order) => [order.id, order]));
  const items: ReviewItem[] = [];
  for (const row of awaiting) {
    const item = await reviewItem(db, row, secondApprovalAbove, firstApprovals, orders.get(row.orderId));
    if (item) items.push(item);
  }
  return { items, secondApprovalAbove };
}

/**
 * One application as a reviewer needs it: the rules' outcomes, what the borrower typed in
 * step 1 against what OCR read from the card (ID numbers masked, with whether they match),
 * the face scores and which photos exist. The borrower's name is shown whole: the reviewer
 * compares it with the card (the route records the view in the audit trail).
 */
export async function getReviewDetail(options: {
  db: Db;
  orderId: number;
  secondApprovalAbove: number;
}): Promise<TReviewDetailResponse | null> {
  const { db, orderId, secondApprovalAbove } = options;
  const order = await getOrder({ db, orderId });
  if (!order) return null;
  const outcomes = await listDecisionOutcomes({ db, orderId });
  const awaiting = outcomes.filter((row) => row.outcome === 'manualReview').map((row) => row.rule);
  const base = await reviewItem(
    db,
    { orderId, rules: awaiting, since: order.createdAt.toISOString() },
    secondApprovalAbove,
    await firstApprovalsByOrder(db),
  );
  if (!base) return null;
  const identity = await getBorrowerIdentity({ db, userId: order.userId });
  const reading = await getIdCardReadingForReview({ db, userId: order.userId });
  const photos = await getIdCardPhotos({ db, userId: order.userId });
  const face = await listFaceCheckScores({ db, userId: order.userId });
  return {
    order: {
      ...base,
      borrowerName: identity?.name ?? '',
      state: order.state,
      createdAt: order.createdAt.toISOString(),
      apr: order.quote.aprPercent,
    },
    outcomes: outcomes.map((row) => ({ rule: row.rule, outcome: row.outcome, detail: row.detail, decidedAt: row.decidedAt.toISOString() })),
    typed: identity
      ? { name: identity.name, idNumber: identity.maskedIdNumber, birthDate: identity.birthDate, gender: identity.gender }
      : { name: null, idNumber: null, birthDate: null, gender: null },
    ocr: reading
      ? {
          ...reading.read,
          idNumberMatches: reading.idNumberMatchesStepOne,
          correctedFields: reading.correctedFields,
          acceptedDifferences: reading.acceptedDifferences,
        }
      : null,
    face: face.map((row) => ({
      at: row.at.toISOString(),
      outcome: row.outcome,
      antispoof: row.antispoof,
      liveness: row.liveness,
      similarity: row.similarity,
      similarityThreshold: row.similarityThreshold,
    })),
    images: { idFront: Boolean(photos), idBack: Boolean(photos), selfie: face.length > 0 },
  };
}

/** The upload key of one of the application's photos (ID front, back, latest selfie) with its owner, or null. */
export async function reviewImageKey(options: {
  db: Db;
  orderId: number;
  image: 'idFront' | 'idBack' | 'selfie';
}): Promise<{ userId: number; key: string } | null> {
  const order = await getOrder({ db: options.db, orderId: options.orderId });
  if (!order) return null;
  if (options.image === 'selfie') {
    const latest = (await listFaceCheckScores({ db: options.db, userId: order.userId })).at(-1);
    return latest ? { userId: order.userId, key: latest.imageKey } : null;
  }
  const photos = await getIdCardPhotos({ db: options.db, userId: order.userId });
  if (!photos) return null;
  return { userId: order.userId, key: options.image === 'idFront' ? photos.frontKey : photos.backKey };
}
