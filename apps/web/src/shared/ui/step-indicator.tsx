import type { CSSProperties } from 'react';
import Steps from 'antd-mobile/es/components/steps';
import { ONBOARDING_STEPS } from '@app/contract/messages/app-shell.ts';
import { stepIndex } from './step-index.ts';

export interface StepIndicatorProps {
  /** The current step, 1-based, as a string (SPEC.md section 2). Default '1'. */
  current?: string;
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
