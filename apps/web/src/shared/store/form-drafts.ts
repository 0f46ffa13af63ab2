import { forgetApplication } from './application-to-resume.ts';
import { readItem } from './local-store.ts';

/**
 * What a borrower typed into an onboarding step and has not saved yet, kept on this
 * device (localStorage) so a reload, a back or a relogin loses nothing. Per user
 * (loginInfo.userId): another account on the same phone never sees it. A step's draft is
 * cleared when the step is saved, all of them on logout. Typed fields only: never a
 * photo (ID card photos stay on the server, a draft at most names an upload of the user's own).
 */
export type DraftStep = 'userInfo' | 'contact' | 'idCard' | 'bank';

const PREFIX = 'draft:';

function keyOf(step: DraftStep): string | undefined {
  const userId = readItem('loginInfo')?.userId;
  return userId ? `${PREFIX}${userId}:${step}` : undefined;
}

/** Drops empty values so an untouched field does not hide a saved answer. */
function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  );
}

/** The step's draft for the logged-in user; undefined when there is none (or it is corrupt). */
export function readDraft(step: DraftStep): Record<string, unknown> | undefined {
  const key = keyOf(step);
  if (!key) return undefined;
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(step: DraftStep, values: Record<string, unknown>): void {
  const key = keyOf(step);
  if (!key) return;
  const kept = compact(values);
  try {
    if (Object.keys(kept).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

/** The step was saved: its draft has served. */
export function clearDraft(step: DraftStep): void {
  const key = keyOf(step);
  if (key) window.localStorage.removeItem(key);
}

/** Logout: every draft on this device, whoever typed it, and the application it led to. */
export function clearDrafts(): void {
  forgetApplication();
  const keys: string[] = [];
  for (let i = 0; i < window.localStorage.length; i += 1) {
    const key = window.localStorage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) window.localStorage.removeItem(key);
}

/** A draft value read back as a string (user-editable storage: anything else counts as absent). */
export function draftString(draft: Record<string, unknown> | undefined, field: string): string | undefined {
  const value = draft?.[field];
  return typeof value === 'string' ? value : undefined;
}

/** A draft value read back as a list of strings (picker values). */
export function draftStrings(draft: Record<string, unknown> | undefined, field: string): string[] | undefined {
  const value = draft?.[field];
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}
