import { useNavigate } from 'react-router';
import { TITLE_ADD_BANK } from '@app/contract/messages/app-shell.ts';
import { PAGE_LOGIN_PROMPT } from '@app/contract/messages/onboarding-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { AddCardForm } from '../components/add-card-form.tsx';
import './bank.css';

/** /pages/me/addBank — another card, then back to the list of cards. */
export default function AddBankPage() {
  const navigate = useNavigate();
  return (
    <StepPage title={TITLE_ADD_BANK}>
      <LoginGate returnTo={ROUTES.addBank} prompt={PAGE_LOGIN_PROMPT}>
        <AddCardForm onBound={() => void navigate(ROUTES.bankList, { replace: true })} />
      </LoginGate>
    </StepPage>
  );
}
