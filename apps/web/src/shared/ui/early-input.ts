import { useEffect } from 'react';

/** The global where the head's early-input script keeps what the visitor did before React owned the page. */
export const EARLY_INPUT_GLOBAL = '__earlyInput';

/** Taps kept at most (a visitor tapping on and on while the code loads). */
export const EARLY_TAPS_MAX = 20;

/** What the early-input script keeps. */
export interface EarlyInput {
  /** Elements tapped (or forms submitted) in the server's view before it was hydrated, in order. */
  taps: EventTarget[];
  /** Text fields typed into before then: their text is in the page, not yet in React's state. */
  typed: EventTarget[];
  /** Each typed field's text after its last input event, by the index in `typed`. */
  texts: string[];
  /** Set once the page is hydrated: from then on the script lets every event through. */
  released: boolean;
  /** Set once React has committed the page's frame: an element it owns already gets its tap directly. */
  framed: boolean;
}

/**
 * What the visitor did in the server's first view before React owned it (decision 0171):
 * the head's early-input script kept it (app/first-view.ts, EARLY_INPUT_SCRIPT); once the page
 * is hydrated this hands it to React — the typed text first, then each tap in order, one
 * at a time so React has committed what the one before changed.
 */
function earlyInput(): EarlyInput | undefined {
  return (window as unknown as Record<string, EarlyInput | undefined>)[EARLY_INPUT_GLOBAL];
}

/** A macrotask: React has committed what the last replayed event changed. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Tells React about text that is already in a field: React's hydration keeps the field's
 * text but not its state (the form would send an empty number). Setting the value through
 * the element's own setter first makes React's value tracker expect '' (it wraps that
 * setter), so the input event that follows reads as a change.
 */
export function announceTypedText(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setNativeValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setNativeValue || text === '') return;
  field.value = '';
  setNativeValue.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

async function replay(early: EarlyInput): Promise<void> {
  // The texts as the script noted them, not read from the fields now: the first change
  // re-renders the form, and React then writes its state ('') into the fields it has not
  // heard from yet.
  await settle();
  for (const [index, field] of early.typed.entries()) {
    // A field the hydration replaced (a mismatch re-rendered it) is not the one typed into.
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !field.isConnected) continue;
    announceTypedText(field, early.texts[index] ?? field.value);
    await settle();
  }
  for (const target of early.taps) {
    if (!(target instanceof HTMLElement) || !target.isConnected) continue;
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else target.click();
    await settle();
  }
  early.taps.length = 0;
  early.typed.length = 0;
  early.texts.length = 0;
}

/**
 * The page is React's: the early-input script lets events through from now on, and what it
 * kept is replayed. Called once the page's own component has hydrated (or failed to load),
 * and at once by a page React renders from scratch; later calls do nothing.
 */
export function releaseEarlyInput(): void {
  const early = earlyInput();
  if (!early || early.released) return;
  early.released = true;
  void replay(early);
}

/**
 * React has committed the page's frame (the root's hydration, the page's own chunk possibly
 * still loading): taps on what it owns go to it from now on; the rest are still kept.
 */
export function markFrameHydrated(): void {
  const early = earlyInput();
  if (early) early.framed = true;
}

/** Renders nothing; marks the frame hydrated once the root's hydration has committed (its effects run then). */
export function FrameHydrated(): null {
  useEffect(markFrameHydrated, []);
  return null;
}

/** Renders nothing; releases the early input once its part of the page is hydrated (its effects run then). */
export function ReleaseEarlyInput(): null {
  useEffect(releaseEarlyInput, []);
  return null;
}
