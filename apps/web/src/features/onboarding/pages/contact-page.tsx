import { STEP_CONTACTS } from '@app/contract/messages/app-shell.ts';
import { CONTACT_PAGE_INTRO, PAGE_LOGIN_PROMPT } from '@app/contract/messages/onboarding-pages.ts';
import { useQueryUserDetail } from '../../../shared/api/query-user-detail.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useSession } from '../../../shared/session/session.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { ContactForm } from '../components/contact-form.tsx';

/** /pages/me/contact — onboarding step 2 (聯絡人). */
export default function ContactPage() {
  const { loggedIn } = useSession();
  const detail = useQueryUserDetail(loggedIn);
  return (
    <StepPage title={STEP_CONTACTS} step="2" otherBack>
      <LoginGate returnTo={ROUTES.contact} prompt={PAGE_LOGIN_PROMPT}>
        <p className="step-page-intro">{CONTACT_PAGE_INTRO}</p>
        <QueryState query={detail}>{(data) => <ContactForm detail={data} />}</QueryState>
      </LoginGate>
    </StepPage>
  );
}
