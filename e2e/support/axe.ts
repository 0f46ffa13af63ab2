import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, evaluated in the page (DevTools evaluation: the page's CSP does not apply). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * SPEC.md gives the tab bar's colours (#A4B8D2 on white for the tabs not selected); they
 * are kept as specified, so their contrast finding is not counted. Nothing else is excused.
 */
const SPECIFIED_COLOURS = [/\.adm-tab-bar-item/];

/**
 * Waits for the page's finite CSS transitions and animations that change how something
 * looks (a fade, a colour) to end, and for inline styles to stop changing (antd-mobile's
 * popups and dialogs fade in through JavaScript springs), so colours are measured at rest
 * and not halfway through a fade. Endless animations, like spinners, are not waited for,
 * nor motion alone (a transform: the notice marquee's one pass is a transition of 10-20 s
 * that changes no colour); a page still changing after 3 s is measured as it is.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const MOTION = new Set(['transform', 'translate', 'rotate', 'scale', 'offset', 'computedOffset', 'easing', 'composite']);
    const changesLooks = (animation: Animation) => {
      const effect = animation.effect;
      if (!(effect instanceof KeyframeEffect)) return true;
      return effect.getKeyframes().some((frame) => Object.keys(frame).some((property) => !MOTION.has(property)));
    };
    const finite = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.effect?.getComputedTiming().endTime !== Infinity && animation.playState === 'running' && changesLooks(animation),
      );
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    const inlineStyles = () => Array.from(document.querySelectorAll('[style]'), (element) => element.getAttribute('style')).join('|');
    const deadline = Date.now() + 3000;
    let before = inlineStyles();
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = inlineStyles();
      if (now === before) return;
      before = now;
    }
  });
}

/** Serious and critical WCAG A/AA findings of axe-core on the page as it is now, once its transitions end. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await settleAnimations(page);
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const findings = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
  return findings
    .filter((f) => f.impact === 'serious' || f.impact === 'critical')
    .map((f) => (f.id === 'color-contrast' ? { ...f, targets: f.targets.filter((t) => !SPECIFIED_COLOURS.some((re) => re.test(t))) } : f))
    .filter((f) => f.targets.length > 0);
}

/** Fails with every serious or critical finding listed (rule, help, elements). */
export async function expectNoSeriousAxeFindings(page: Page, where: string): Promise<void> {
  const findings = await axeFindings(page);
  if (findings.length === 0) return;
  const lines = findings.map((f) => `  ${f.id} (${f.impact}): ${f.help}\n    ${f.targets.join('\n    ')}`);
  throw new Error(`axe-core on ${where}: ${findings.length} serious/critical finding(s)\n${lines.join('\n')}`);
}
