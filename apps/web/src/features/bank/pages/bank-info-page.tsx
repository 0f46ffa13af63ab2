import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { STEP_BANK_CARD } from '@app/contract/messages/app-shell.ts';
import { BANK_CARD_ADD } from '@app/contract/messages/bank-accounts.ts';
import { BANK_PAGE_INFO_CARDS, BANK_PAGE_INFO_INTRO, PAGE_LOGIN_PROMPT, PAGE_STEP_NEXT } from '@app/contract/messages/onboarding-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useContinueOnboarding } from '../../../shared/hooks/use-continue-onboarding.ts';
import { useSession } from '../../../shared/session/session.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { useBindCardList } from '../api/bind-card-list.ts';
import { AddCardForm } from '../components/add-card-form.tsx';
import { CardList } from '../components/card-list.tsx';
import './bank.css';

/** /pages/me/bankInfo — onboarding step 4 (銀行卡): the user's cards, or the form to add one. */
export default function BankInfoPage() {
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const cards = useBindCardList(loggedIn);
  const continueOnboarding = useContinueOnboarding('bankCard');
  const next = () => void continueOnboarding();
  return (
    <StepPage title={STEP_BANK_CARD} step="4" otherBack>
      <LoginGate returnTo={ROUTES.bankInfo} prompt={PAGE_LOGIN_PROMPT}>
        <p className="step-page-intro">{BANK_PAGE_INFO_INTRO}</p>
        <QueryState query={cards}>
          {(list) =>
            list.length === 0 ? (
              <AddCardForm onBound={next} />
            ) : (
              <>
                <CardList cards={list} header={BANK_PAGE_INFO_CARDS} />
                <div className="step-page-actions">
                  <Button block color="primary" size="large" shape="rounded" onClick={next}>
                    {PAGE_STEP_NEXT}
                  </Button>
                  <Button block fill="outline" shape="rounded" onClick={() => navigate(ROUTES.addBank)}>
                    {BANK_CARD_ADD}
                  </Button>
                </div>
              </>
            )
          }
        </QueryState>
      </LoginGate>
    </StepPage>
  );
}
