import { STEP_PERSONAL } from '@app/contract/messages/app-shell.ts';
import { PAGE_LOGIN_PROMPT, USER_INFO_INTRO } from '@app/contract/messages/onboarding-pages.ts';
import { useQueryUserDetail } from '../../../shared/api/query-user-detail.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useSession } from '../../../shared/session/session.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { UserInfoForm } from '../components/user-info-form.tsx';

/** /pages/me/userInfo — onboarding step 1 (個人明細). */
export default function UserInfoPage() {
  const { loggedIn } = useSession();
  const detail = useQueryUserDetail(loggedIn);
  return (
    <StepPage title={STEP_PERSONAL} step="1" otherBack>
      <LoginGate returnTo={ROUTES.userInfo} prompt={PAGE_LOGIN_PROMPT}>
        <p className="step-page-intro">{USER_INFO_INTRO}</p>
        <QueryState query={detail}>{(data) => <UserInfoForm detail={data} />}</QueryState>
      </LoginGate>
    </StepPage>
  );
}
