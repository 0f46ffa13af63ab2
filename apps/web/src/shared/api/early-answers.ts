import type { PathDef } from '@app/contract/paths.ts';
import type { Transported } from './transport.ts';

/**
 * Answers asked for before the app's code has run (decision 0194). On a session's page the
 * start script runs a small module of its own beside the app's entry (src/early-start.ts):
 * it sends the page's first requests at once, and keeps each answer here under the
 * request's key. The request layer, when the page then makes that request, takes the kept
 * answer instead of sending it again, and handles it as every other (envelope, 301, schema).
 *
 * An answer is taken once, only by the session that asked (the same token), and only while
 * it is fresh; once the app has made a request of its own, nothing more is kept (a late
 * early start would only ask twice).
 *
 * The early start is a build of its own (vite.early-start.config.ts) with its own copy of
 * this module: what both read and write lives on the page's window, under EARLY_ANSWERS_GLOBAL.
 */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;
export const EARLY_ANSWERS_GLOBAL = '__APP_EARLY_ANSWERS__';

interface EarlyAnswer {
  token: string;
  sentAt: number;
  /** null: the early request failed (no answer, timed out); the page then sends its own. */
  answer: Promise<Transported | null>;
}

interface EarlyAnswers {
  answers: Record<string, EarlyAnswer | undefined>;
  appAsked: boolean;
}

declare global {
  interface Window {
    [EARLY_ANSWERS_GLOBAL]?: EarlyAnswers;
  }
}

function store(): EarlyAnswers {
  window[EARLY_ANSWERS_GLOBAL] ??= { answers: {}, appAsked: false };
  return window[EARLY_ANSWERS_GLOBAL];
}

/** A request's key: method, path and the payload as it is encrypted (JSON.stringify, as encodeRequest does). */
export function earlyRequestKey(path: Pick<PathDef, 'method' | 'path'>, payload: unknown): string {
  return `${path.method} ${path.path} ${JSON.stringify(payload ?? {})}`;
}

/** Whether an early request may still be sent: not once the app asks for itself. */
export function mayAskEarly(): boolean {
  return !store().appAsked;
}

/** Keeps an early request's answer; the early start asks `mayAskEarly` before it sends. */
export function keepEarlyAnswer(key: string, token: string, answer: Promise<Transported | null>, now: number = Date.now()): void {
  store().answers[key] = { token, sentAt: now, answer };
}

/**
 * The request layer's look before it sends: the answer kept under this key for this session,
 * taken (never given twice); undefined when there is none, it is another session's or it is
 * stale. Any call marks that the app now asks for itself.
 */
export function takeEarlyAnswer(key: string, token: string, now: number = Date.now()): Promise<Transported | null> | undefined {
  const early = store();
  early.appAsked = true;
  const kept = early.answers[key];
  if (!kept) return undefined;
  delete early.answers[key];
  if (kept.token !== token || now - kept.sentAt > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  return kept.answer;
}
