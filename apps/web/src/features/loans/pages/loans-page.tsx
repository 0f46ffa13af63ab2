import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import {
  HOME_AMOUNT_LABEL,
  HOME_APPLY,
  HOME_CONTINUE_SIGNING,
  HOME_NO_PRODUCTS,
  HOME_PRODUCTS_MORE,
  HOME_PRODUCTS_TITLE,
  HOME_PROMISES,
  HOME_VIEW_ORDER,
  coolDownNotice,
  homeOpenOrder,
} from '@app/contract/messages/loan-home.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { productName } from '../../../shared/config/shell-config.ts';
import { useSession } from '../../../shared/session/session.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { LenderFooter } from '../../../shared/ui/lender-footer.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { useLoanIndex, type LoanIndex } from '../api/loan-index.ts';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { NoticeLine } from '../components/notice-line.tsx';
import { ProductFacts, productMethodLabel } from '../components/product-summary.tsx';
import { useStartApplication } from '../hooks/use-start-application.ts';
import { formatAmount, formatDate } from '../../../shared/utils/format.ts';
import { DailyPopup } from '../components/daily-popup.tsx';
import './loans-page.css';

// Only an order whose payout failed needs it: its own chunk, out of the first view's JS (decision 0173).
const PayoutFailureNotice = lazy(() => import('../components/payout-failure-notice.tsx'));

/**
 * `/` and /pages/loans/index (tab 貸款): banners, notices, the highest amount available
 * with 立即申請 and the APR disclosure line, the products — all from loan/common/index —
 * and the daily popup (getPop).
 */
export default function LoansPage() {
  const { loggedIn } = useSession();
  const index = useLoanIndex(loggedIn);
  return (
    <div className="page loans-page">
      <NavBar title={productName()} showBack={false} />
      <main className="page-body">
        <QueryState query={index}>{(data) => <LoansHome data={data} />}</QueryState>
        <LenderFooter />
      </main>
      <DailyPopup loggedIn={loggedIn} ready={index.data !== undefined} />
    </div>
  );
}

function LoansHome({ data }: { data: LoanIndex }) {
  const navigate = useNavigate();
  const { start, checking } = useStartApplication(data.products.map((product) => product.id));
  const notices = data.notices.map((notice) => notice.text);
  const openOrder = data.userState === 'openOrder' ? data.openOrder : null;
  const buttonText = openOrder ? (openOrder.state === '待簽約' ? HOME_CONTINUE_SIGNING : HOME_VIEW_ORDER) : HOME_APPLY;

  return (
    <>
      <BannerCarousel banners={data.banners} />
      {notices.length > 0 ? <NoticeLine texts={notices} /> : null}
      {openOrder?.payoutFailure ? (
        <Suspense fallback={null}>
          <PayoutFailureNotice orderId={openOrder.id} failure={openOrder.payoutFailure} />
        </Suspense>
      ) : null}
      <section className="home-card" aria-labelledby="home-amount-label">
        <p className="home-card-label" id="home-amount-label">
          {HOME_AMOUNT_LABEL}
        </p>
        <p className="home-card-amount" data-testid="home-max-amount">
          {formatAmount(data.maxAmount)}
        </p>
        {openOrder ? <p className="home-card-state">{homeOpenOrder(openOrder.state)}</p> : null}
        {data.userState === 'coolDown' && data.coolDownUntil ? (
          <p className="home-card-state">{coolDownNotice(formatDate(data.coolDownUntil))}</p>
        ) : null}
        <Button
          className="home-card-button"
          block
          shape="rounded"
          size="large"
          loading={checking}
          disabled={data.products.length === 0 && !openOrder}
          onClick={() => void start()}
        >
          {buttonText}
        </Button>
        <p className="home-card-apr" data-testid="home-apr-line">
          {data.aprLine}
        </p>
      </section>
      <ul className="home-promises">
        {HOME_PROMISES.map((promise) => (
          <li key={promise}>{promise}</li>
        ))}
      </ul>
      <section className="home-products" aria-labelledby="home-products-title">
        <header className="home-section-header">
          <h2 id="home-products-title">{HOME_PRODUCTS_TITLE}</h2>
          {data.products.length > 0 ? (
            <button type="button" className="home-more" onClick={() => void navigate(ROUTES.productList)}>
              {HOME_PRODUCTS_MORE}
            </button>
          ) : null}
        </header>
        {data.products.length === 0 ? (
          <EmptyState title={HOME_NO_PRODUCTS} />
        ) : (
          data.products.map((product) => (
            <button type="button" key={product.id} className="home-product" onClick={() => void start(product.id)}>
              <span className="home-product-name">{product.name}</span>
              <span className="home-product-method">{productMethodLabel(product)}</span>
              <ProductFacts product={product} />
            </button>
          ))
        )}
      </section>
    </>
  );
}
