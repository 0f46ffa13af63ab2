import { STEP_ID_CARD } from '@app/contract/messages/app-shell.ts';
import { ID_CARD_PAGE_INTRO, PAGE_LOGIN_PROMPT } from '@app/contract/messages/onboarding-pages.ts';
import { useQueryUserDetail } from '../../../shared/api/query-user-detail.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useSession } from '../../../shared/session/session.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { IdCardForm } from '../components/id-card-form.tsx';

/** /pages/me/idCard — onboarding step 3 (身分證). */
export default function IdCardPage() {
  const { loggedIn } = useSession();
  const detail = useQueryUserDetail(loggedIn);
  return (
    <StepPage title={STEP_ID_CARD} step="3" otherBack>
      <LoginGate returnTo={ROUTES.idCard} prompt={PAGE_LOGIN_PROMPT}>
        <p className="step-page-intro">{ID_CARD_PAGE_INTRO}</p>
        <QueryState query={detail}>{(data) => <IdCardForm detail={data} />}</QueryState>
      </LoginGate>
    </StepPage>
  );
}
