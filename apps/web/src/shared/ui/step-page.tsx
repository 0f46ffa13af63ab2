import type { ReactNode } from 'react';
import { NavBar } from './nav-bar.tsx';
import { StepIndicator } from './step-indicator.tsx';
import './step-page.css';

interface StepPageProps {
  title: string;
  /** The onboarding step shown as current, as a string ('1' to '5'); none on other pages. */
  step?: string;
  /** Back asks first (SPEC.md's quit popup): the onboarding steps. */
  otherBack?: boolean;
  children: ReactNode;
  /** Pinned under the content: the page's main action. */
  footer?: ReactNode;
}

/** An onboarding or bank page: nav bar, the step indicator, the content and its action. */
export function StepPage({ title, step, otherBack = false, children, footer }: StepPageProps) {
  return (
    <div className="page step-page">
      <NavBar title={title} otherBack={otherBack} />
      {step ? <StepIndicator current={step} /> : null}
      <main className="page-body step-page-body">{children}</main>
      {footer ? <div className="step-page-footer">{footer}</div> : null}
    </div>
  );
}
