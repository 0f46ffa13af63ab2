import { COMING_SOON, EMPTY_STATE } from '@app/contract/messages/app-shell.ts';
import { EmptyState } from './empty-state.tsx';
import { NavBar, type NavBarProps } from './nav-bar.tsx';
import { StepIndicator } from './step-indicator.tsx';

interface PlaceholderPageProps extends NavBarProps {
  /** Onboarding pages show the step indicator at this step. */
  step?: string;
}

/** A page whose capability is not built yet: its nav bar, title and an empty state. */
export function PlaceholderPage({ step, ...nav }: PlaceholderPageProps) {
  return (
    <div className="page">
      <NavBar {...nav} />
      {step ? <StepIndicator current={step} /> : null}
      <main className="page-body">
        <EmptyState title={EMPTY_STATE} description={COMING_SOON} />
      </main>
    </div>
  );
}
