import { readItem, removeItem, writeItem } from './local-store.ts';

/**
 * The application in progress, kept in SPEC.md's stored item `applyInfo` so a reload or
 * a return to applyFor resumes it, and cleared with the session on a 301 (local-store's
 * clearSession) and once the signed application is confirmed. Only ids and choices: no
 * account number or other personal data.
 */
export interface ApplyInfo {
  /** The user it belongs to (loginInfo.userId): another user on this device starts afresh. */
  userId: string;
  productId?: string;
  amount?: number;
  term?: number;
  bankCardId?: string;
  purpose?: string;
  /**
   * The idempotency key of the current attempt at loan/apply: kept until the choices
   * change, so a retry after a lost answer repeats the same id and creates one order.
   */
  requestId?: string;
  /** The order loan/apply created, awaiting signature. */
  orderId?: string;
}

const TEXT_FIELDS = ['productId', 'bankCardId', 'purpose', 'requestId', 'orderId'] as const;
const NUMBER_FIELDS = ['amount', 'term'] as const;

function currentUserId(): string | undefined {
  return readItem('loginInfo')?.userId;
}

/** Only the fields of the right type survive: the item is user-editable storage. */
function parse(value: unknown): ApplyInfo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  if (typeof raw.userId !== 'string') return undefined;
  const info: ApplyInfo = { userId: raw.userId };
  for (const field of TEXT_FIELDS) {
    const v = raw[field];
    if (typeof v === 'string' && v.length > 0 && v.length <= 64) info[field] = v;
  }
  for (const field of NUMBER_FIELDS) {
    const v = raw[field];
    if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) info[field] = v;
  }
  return info;
}

/** The current user's application in progress, or undefined. */
export function readApplyInfo(): ApplyInfo | undefined {
  const info = parse(readItem('applyInfo'));
  const userId = currentUserId();
  if (!info || userId === undefined || info.userId !== userId) return undefined;
  return info;
}

/** The choices that make an attempt: changing one starts a new attempt (a new requestId). */
const CHOICES = ['productId', 'amount', 'term', 'bankCardId', 'purpose'] as const;

/** Merges `patch` into the stored application (started for the current user when absent). */
export function updateApplyInfo(patch: Partial<Omit<ApplyInfo, 'userId'>>): ApplyInfo | undefined {
  const userId = currentUserId();
  if (userId === undefined) return undefined;
  const previous = readApplyInfo() ?? { userId };
  const next: ApplyInfo = { ...previous, ...patch, userId };
  if (CHOICES.some((key) => key in patch && patch[key] !== previous[key]) && !('requestId' in patch)) {
    delete next.requestId;
  }
  writeItem('applyInfo', next);
  return next;
}

/** The id of this attempt at loan/apply: the stored one, else a new one stored first. */
export function applyRequestId(): string {
  const stored = readApplyInfo()?.requestId;
  if (stored) return stored;
  const id = newRequestId();
  updateApplyInfo({ requestId: id });
  return id;
}

function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The application is confirmed (or abandoned): nothing left to resume. */
export function clearApplyInfo(): void {
  removeItem('applyInfo');
}
