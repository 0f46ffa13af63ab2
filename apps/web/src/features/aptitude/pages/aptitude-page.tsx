import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { CheckCircleFill } from 'antd-mobile-icons';
import { STEP_STATE_DONE, progressCount } from '@app/contract/messages/accounts.ts';
import { TAB_APTITUDE } from '@app/contract/messages/app-shell.ts';
import {
  APTITUDE_ALL_DONE,
  APTITUDE_APPLY,
  APTITUDE_CONTINUE,
  APTITUDE_CREDIT_LIMIT,
  APTITUDE_GO,
  APTITUDE_INTRO,
  APTITUDE_LOGIN_PROMPT,
} from '@app/contract/messages/onboarding-pages.ts';
import { useQueryCashUser } from '../../../shared/api/query-cash-user.ts';
import { ONBOARDING_STEP_PAGES } from '../../../shared/config/onboarding-step-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { applicationToResume } from '../../../shared/store/application-to-resume.ts';
import { useSession } from '../../../shared/session/session.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { StepNumber } from '../../../shared/ui/step-number.tsx';
import { formatMoney } from '../../../shared/utils/format.ts';
import './aptitude-page.css';

/** /pages/aptitude (tab 資質) — the five verification items, their state, and the credit limit. */
export default function AptitudePage() {
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const user = useQueryCashUser(loggedIn);
  return (
    <div className="page aptitude-page">
      <NavBar title={TAB_APTITUDE} showBack={false} />
      <main className="page-body">
        <LoginGate returnTo={ROUTES.aptitude} prompt={APTITUDE_LOGIN_PROMPT}>
          <QueryState query={user}>
            {(data) => {
              const allDone = data.steps.length > 0 && data.steps.every((s) => s.done);
              const firstToDo = data.steps.find((s) => !s.done);
              // Never a page without a way on: into the application, or on to the next step.
              const action = allDone ? (
                <Button
                  block
                  color="primary"
                  size="large"
                  shape="rounded"
                  onClick={() => navigate(applicationToResume() ?? ROUTES.applyFor)}
                >
                  {APTITUDE_APPLY}
                </Button>
              ) : firstToDo ? (
                <Button
                  block
                  color="primary"
                  size="large"
                  shape="rounded"
                  onClick={() => navigate(ONBOARDING_STEP_PAGES[firstToDo.key].path)}
                >
                  {APTITUDE_CONTINUE}
                </Button>
              ) : null;
              return (
                <>
                  <section className="aptitude-summary" aria-live="polite">
                    {allDone ? (
                      <>
                        <p className="aptitude-summary-label">{APTITUDE_CREDIT_LIMIT}</p>
                        <p className="aptitude-limit" data-testid="credit-limit">
                          {formatMoney(data.creditLimit)}
                        </p>
                        <p className="aptitude-summary-note">{APTITUDE_ALL_DONE}</p>
                      </>
                    ) : (
                      <>
                        <p className="aptitude-summary-label">{APTITUDE_INTRO}</p>
                        <p className="aptitude-count" data-testid="aptitude-count">
                          {progressCount(data.completedSteps, data.steps.length)}
                        </p>
                      </>
                    )}
                  </section>
                  <List mode="card" className="aptitude-items">
                    {data.steps.map((step, index) => (
                      <List.Item
                        key={step.key}
                        data-testid={`aptitude-${step.key}`}
                        data-done={step.done}
                        prefix={<StepNumber value={index + 1} />}
                        extra={
                          step.done ? (
                            <span className="aptitude-done">
                              <CheckCircleFill aria-hidden /> {STEP_STATE_DONE}
                            </span>
                          ) : (
                            <span className="aptitude-go">{APTITUDE_GO}</span>
                          )
                        }
                        onClick={() => void navigate(ONBOARDING_STEP_PAGES[step.key].path)}
                      >
                        {ONBOARDING_STEP_PAGES[step.key].title}
                      </List.Item>
                    ))}
                  </List>
                  <div className="aptitude-action">{action}</div>
                </>
              );
            }}
          </QueryState>
        </LoginGate>
      </main>
    </div>
  );
}
