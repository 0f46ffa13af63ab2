import {
  CAMPAIGN_APR_NOTE,
  CAMPAIGN_APR_PROMISE,
  CAMPAIGN_BENEFITS,
  CAMPAIGN_FORM_TITLE,
  CAMPAIGN_NO_DEDUCTION,
} from '@app/contract/messages/accounts.ts';
import { TITLE_LOGIN } from '@app/contract/messages/app-shell.ts';
import { getRuntimeConfig } from '../../../shared/config/runtime-config.ts';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { useAfterLogin } from '../hooks/use-after-login.ts';
import './login-page.css';

/** /pages/login/moduleB: the campaign landing that ad links open (urlData kept at launch). */
export default function ModuleBPage() {
  const afterLogin = useAfterLogin();
  return (
    <div className="page module-b-page">
      <NavBar title={TITLE_LOGIN} bgColor="#1458c4" />
      <main className="page-body">
        <section className="campaign-hero">
          <h2 className="campaign-product">{getRuntimeConfig().productName}</h2>
          <p className="campaign-promise">{CAMPAIGN_APR_PROMISE}</p>
          <p className="campaign-promise-sub">{CAMPAIGN_NO_DEDUCTION}</p>
        </section>
        <ul className="campaign-benefits">
          {CAMPAIGN_BENEFITS.map((benefit, index) => (
            <li key={benefit.title} className="campaign-benefit">
              <span className="campaign-benefit-index" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <section className="campaign-form">
          <h3 className="campaign-form-title">{CAMPAIGN_FORM_TITLE}</h3>
          <LoginForm onLoggedIn={afterLogin} />
        </section>
        <p className="campaign-note">{CAMPAIGN_APR_NOTE}</p>
      </main>
    </div>
  );
}
