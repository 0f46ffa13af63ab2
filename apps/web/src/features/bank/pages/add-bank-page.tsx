import { useNavigate } from 'react-router';
import { TITLE_ADD_BANK } from '@app/contract/messages/app-shell.ts';
import { PAGE_LOGIN_PROMPT } from '@app/contract/messages/onboarding-pages.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { useOrderId } from '../../../shared/orders/use-order-id.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { AddCardForm } from '../components/add-card-form.tsx';
import './bank.css';

/**
 * /pages/me/addBank — another card, then back to the list of cards; with `?orderId=` (from
 * an order whose payout failed), back to that order's choice of receiving account.
 */
export default function AddBankPage() {
  const navigate = useNavigate();
  const orderId = useOrderId();
  const back = orderId ? routeWithQuery(ROUTES.orderAccount, { orderId }) : ROUTES.bankList;
  return (
    <StepPage title={TITLE_ADD_BANK}>
      <LoginGate returnTo={ROUTES.addBank} prompt={PAGE_LOGIN_PROMPT}>
        <AddCardForm onBound={() => void navigate(back, { replace: true })} />
      </LoginGate>
    </StepPage>
  );
}
