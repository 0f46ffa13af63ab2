import type { CSSProperties } from 'react';
import Steps from 'antd-mobile/es/components/steps';
import { ONBOARDING_STEPS } from '@app/contract/messages.ts';

export interface StepIndicatorProps {
  /** The current step, 1-based, as a string (SPEC.md section 2). Default '1'. */
  current?: string;
}

/** Zero-based index of the current step; anything unreadable falls back to the first. */
export function stepIndex(current: string): number {
  const n = Number.parseInt(current, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(Math.max(n, 1), ONBOARDING_STEPS.length) - 1;
}

/** The five onboarding steps in SPEC.md order, in number mode. */
export function StepIndicator({ current = '1' }: StepIndicatorProps) {
  const index = stepIndex(current);
  return (
    <nav className="step-indicator" aria-label="onboarding">
      <Steps current={index} style={{ '--title-font-size': '12px' } as CSSProperties}>
        {ONBOARDING_STEPS.map((title, i) => (
          <Steps.Step
            key={title}
            title={title}
            icon={
              <span className="step-number" aria-current={i === index ? 'step' : undefined}>
                {i + 1}
              </span>
            }
          />
        ))}
      </Steps>
    </nav>
  );
}
