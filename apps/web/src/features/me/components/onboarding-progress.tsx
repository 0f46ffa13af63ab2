import { useNavigate } from 'react-router';
import List from 'antd-mobile/es/components/list';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { CheckCircleFill } from 'antd-mobile-icons';
import {
  ME_CREDIT_LIMIT,
  ME_CREDIT_OPEN_ORDER,
  ME_PROGRESS_TITLE,
  STEP_STATE_DONE,
  STEP_STATE_TODO,
  progressCount,
} from '@app/contract/messages/accounts.ts';
import { ONBOARDING_STEP_PAGES } from '../../../shared/config/onboarding-step-pages.ts';
import type { CashUser } from '../../../shared/api/query-cash-user.ts';
import { StepNumber } from '../../../shared/ui/step-number.tsx';
import { formatMoney } from '../../../shared/utils/format.ts';

export function OnboardingProgress({ user }: { user: CashUser }) {
  const navigate = useNavigate();
  const total = user.steps.length;
  const percent = total === 0 ? 0 : Math.round((user.completedSteps / total) * 100);
  return (
    <section className="me-card" aria-label={ME_PROGRESS_TITLE}>
      <div className="me-card-head">
        <h2 className="me-card-title">{ME_PROGRESS_TITLE}</h2>
        <span className="me-progress-count">{progressCount(user.completedSteps, total)}</span>
      </div>
      <ProgressBar percent={percent} style={{ '--track-width': '6px', '--fill-color': '#2886ff' }} />
      <List className="me-steps">
        {user.steps.map((step, index) => (
          <List.Item
            key={step.key}
            prefix={<StepNumber value={index + 1} />}
            extra={
              step.done ? (
                <span className="me-step-done">
                  <CheckCircleFill /> {STEP_STATE_DONE}
                </span>
              ) : (
                <span className="me-step-todo">{STEP_STATE_TODO}</span>
              )
            }
            onClick={() => void navigate(ONBOARDING_STEP_PAGES[step.key].path)}
          >
            {ONBOARDING_STEP_PAGES[step.key].title}
          </List.Item>
        ))}
      </List>
      {user.creditLimit > 0 ? (
        // An open loan blocks new applications (one at a time): nothing is available until it is settled.
        <div className="me-credit" data-testid="me-credit">
          <p>
            {ME_CREDIT_LIMIT} <strong>{formatMoney(user.hasOpenOrder ? 0 : user.creditLimit)}</strong>
          </p>
          {user.hasOpenOrder ? <p className="me-credit-note">{ME_CREDIT_OPEN_ORDER}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
