import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { BankcardOutline } from 'antd-mobile-icons';
import { TITLE_BANK_LIST } from '@app/contract/messages/app-shell.ts';
import { BANK_CARD_ADD, BANK_CARD_DEFAULT_CHANGED, BANK_CARD_EMPTY } from '@app/contract/messages/bank-accounts.ts';
import { PAGE_LOGIN_PROMPT } from '@app/contract/messages/onboarding-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useSession } from '../../../shared/session/session.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { useBindCardList } from '../api/bind-card-list.ts';
import { useUpdateDefaultBank } from '../api/update-bank.ts';
import { CardList } from '../components/card-list.tsx';
import './bank.css';

/** /pages/me/bankList — the bound cards; one is the default that loans are paid to. */
export default function BankListPage() {
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const cards = useBindCardList(loggedIn);
  const setDefault = useUpdateDefaultBank();
  const add = (
    <Button block color="primary" shape="rounded" onClick={() => navigate(ROUTES.addBank)}>
      {BANK_CARD_ADD}
    </Button>
  );
  return (
    <StepPage title={TITLE_BANK_LIST}>
      <LoginGate returnTo={ROUTES.bankList} prompt={PAGE_LOGIN_PROMPT}>
        <QueryState query={cards}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={BANK_CARD_EMPTY} icon={<BankcardOutline />}>
                {add}
              </EmptyState>
            ) : (
              <>
                <CardList
                  cards={list}
                  busy={setDefault.isPending}
                  onSetDefault={(cardId) => setDefault.mutate(cardId, { onSuccess: () => toastSuccess(BANK_CARD_DEFAULT_CHANGED) })}
                />
                <div className="step-page-actions">{add}</div>
              </>
            )
          }
        </QueryState>
      </LoginGate>
    </StepPage>
  );
}
