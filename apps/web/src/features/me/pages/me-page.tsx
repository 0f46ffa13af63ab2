import { useState } from 'react';
import { useNavigate } from 'react-router';
import Dialog from 'antd-mobile/es/components/dialog';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import {
  BankcardOutline,
  CloseCircleOutline,
  FileOutline,
  LockOutline,
  MessageOutline,
  QuestionCircleOutline,
  EyeOutline,
  UserCircleOutline,
  UserOutline,
} from 'antd-mobile-icons';
import {
  LOGOUT_CONFIRM,
  LOGOUT_DONE,
  ME_LOGIN_PROMPT,
  ME_MENU_AGREEMENT,
  ME_MENU_BANK,
  ME_MENU_BANK_NOTE,
  ME_MENU_DESTROY,
  ME_MENU_EDIT_PASSWORD,
  ME_MENU_FAQ,
  ME_MENU_LOGOUT,
  ME_MENU_MY_DATA,
  ME_MENU_MY_DATA_NOTE,
  ME_MENU_PROFILE,
  ME_MENU_PROFILE_NOTE,
  ME_MENU_SET_PASSWORD,
} from '@app/contract/messages/accounts.ts';
import { CANCEL, SERVICE_BUTTON, TAB_ME } from '@app/contract/messages/app-shell.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useSession } from '../../../shared/session/session.ts';
import { usePageChrome } from '../../../shared/ui/page-chrome.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { LenderFooter } from '../../../shared/ui/lender-footer.tsx';
import { LoginButton } from '../../../shared/ui/login-button.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { ServerErrorRetry } from '../../../shared/ui/server-error-retry.tsx';
import { useLoginOut } from '../api/login-out.ts';
import { useQueryCashUser } from '../../../shared/api/query-cash-user.ts';
import { DestroyAccountPopup } from '../components/destroy-account-popup.tsx';
import { MyDataPopup } from '../components/my-data-popup.tsx';
import { OnboardingProgress } from '../components/onboarding-progress.tsx';
import { PasswordPopup } from '../components/password-popup.tsx';
import './me-page.css';

type Sheet = 'password' | 'data' | 'destroy' | null;

/** /pages/me/index (tab 我的). */
export default function MePage() {
  const navigate = useNavigate();
  const { requestService } = usePageChrome();
  // Logout and account deletion end the session (their mutations): this page follows.
  const { loggedIn } = useSession();
  const [sheet, setSheet] = useState<Sheet>(null);
  // Fixed when the popup opens: saving a first password must not retitle it while it closes.
  const [changingPassword, setChangingPassword] = useState(false);
  const user = useQueryCashUser(loggedIn);
  const logout = useLoginOut();
  const close = () => setSheet(null);

  async function onLogout() {
    const confirmed = await Dialog.confirm({ content: LOGOUT_CONFIRM, confirmText: ME_MENU_LOGOUT, cancelText: CANCEL });
    if (!confirmed) return;
    try {
      await logout.mutateAsync();
    } catch {
      // The session is forgotten here anyway (useLoginOut); the query client shows why.
    }
    toast(LOGOUT_DONE);
    void navigate(ROUTES.loans, { replace: true });
  }

  const common = (
    <>
      <List.Item prefix={<FileOutline />} onClick={() => void navigate(ROUTES.meAgreement)}>
        {ME_MENU_AGREEMENT}
      </List.Item>
      <List.Item prefix={<QuestionCircleOutline />} onClick={() => void navigate(ROUTES.question)}>
        {ME_MENU_FAQ}
      </List.Item>
      <List.Item prefix={<MessageOutline />} onClick={requestService}>
        {SERVICE_BUTTON}
      </List.Item>
    </>
  );

  if (!loggedIn) {
    return (
      <div className="page me-page">
        <NavBar title={TAB_ME} showBack={false} />
        <main className="page-body">
          <section className="me-card me-login-prompt">
            <UserCircleOutline className="me-avatar" />
            <p>{ME_LOGIN_PROMPT}</p>
            <LoginButton returnTo={ROUTES.me} />
          </section>
          <List mode="card" className="me-menu">
            {common}
          </List>
          <LenderFooter />
        </main>
      </div>
    );
  }

  const data = user.data;
  return (
    <div className="page me-page">
      <NavBar title={TAB_ME} showBack={false} />
      <main className="page-body">
        <section className="me-card me-header">
          <UserCircleOutline className="me-avatar" />
          {data ? (
            <span className="me-mobile" data-testid="me-mobile">
              {data.maskedMobile}
            </span>
          ) : (
            <Skeleton.Title animated className="me-mobile-skeleton" />
          )}
        </section>
        {data ? <OnboardingProgress user={data} /> : null}
        {user.isPending ? <Skeleton.Paragraph lineCount={5} animated className="me-card" /> : null}
        {user.isError ? <ServerErrorRetry className="me-card" onRetry={() => void user.refetch()} /> : null}
        <List mode="card" className="me-menu">
          <List.Item prefix={<UserOutline />} description={ME_MENU_PROFILE_NOTE} onClick={() => void navigate(ROUTES.userInfo)}>
            {ME_MENU_PROFILE}
          </List.Item>
          {/* The borrower's cards (bankList: the default, add one), not onboarding step 4. */}
          <List.Item prefix={<BankcardOutline />} description={ME_MENU_BANK_NOTE} onClick={() => void navigate(ROUTES.bankList)}>
            {ME_MENU_BANK}
          </List.Item>
          {common}
          <List.Item
            prefix={<LockOutline />}
            onClick={() => {
              setChangingPassword(data?.hasPassword === true);
              setSheet('password');
            }}
            disabled={!data}
          >
            {data?.hasPassword ? ME_MENU_EDIT_PASSWORD : ME_MENU_SET_PASSWORD}
          </List.Item>
          <List.Item prefix={<EyeOutline />} description={ME_MENU_MY_DATA_NOTE} onClick={() => setSheet('data')}>
            {ME_MENU_MY_DATA}
          </List.Item>
        </List>
        <List mode="card" className="me-menu">
          <List.Item onClick={() => void onLogout()} arrowIcon={false} className="me-logout">
            {ME_MENU_LOGOUT}
          </List.Item>
          <List.Item prefix={<CloseCircleOutline />} onClick={() => setSheet('destroy')} disabled={!data} className="me-destroy">
            {ME_MENU_DESTROY}
          </List.Item>
        </List>
        <LenderFooter />
      </main>
      {data ? (
        <>
          <PasswordPopup visible={sheet === 'password'} onClose={close} hasPassword={changingPassword} maskedMobile={data.maskedMobile} />
          <DestroyAccountPopup
            visible={sheet === 'destroy'}
            onClose={close}
            maskedMobile={data.maskedMobile}
            hasOpenOrder={data.hasOpenOrder}
            onDestroyed={close}
          />
        </>
      ) : null}
      <MyDataPopup visible={sheet === 'data'} onClose={close} />
    </div>
  );
}
