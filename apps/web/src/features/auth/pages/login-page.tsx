import { LOGIN_TITLE } from '@app/contract/messages/accounts.ts';
import { TITLE_LOGIN } from '@app/contract/messages/app-shell.ts';
import { productName } from '../../../shared/config/shell-config.ts';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { useAfterLogin } from '../hooks/use-after-login.ts';
import './login-page.css';

/** /pages/login/index */
export default function LoginPage() {
  const afterLogin = useAfterLogin();
  return (
    <div className="page login-page">
      <NavBar title={TITLE_LOGIN} />
      <main className="page-body login-body">
        <h2 className="login-heading">{LOGIN_TITLE}</h2>
        <p className="login-product">{productName()}</p>
        <LoginForm onLoggedIn={afterLogin} />
      </main>
    </div>
  );
}
