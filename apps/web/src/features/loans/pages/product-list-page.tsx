import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { TITLE_PRODUCT_LIST } from '@app/contract/messages/app-shell.ts';
import { HOME_NO_PRODUCTS } from '@app/contract/messages/loan-home.ts';
import { PRODUCT_CHOOSE, PRODUCT_LIST_INTRO } from '@app/contract/messages/loan-pages.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { useSession } from '../../../shared/session/session.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { useLoanIndex } from '../api/loan-index.ts';
import { ProductFacts, productMethodLabel } from '../components/product-summary.tsx';
import './loan-flow.css';

/**
 * /pages/loans/productList — the products with their amount range, terms, rate and APR
 * range (the home page's answer, usually already cached); a product opens applyFor.
 */
export default function ProductListPage() {
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const index = useLoanIndex(loggedIn);
  return (
    <div className="page loan-flow-page">
      <NavBar title={TITLE_PRODUCT_LIST} />
      <main className="page-body">
        <QueryState query={index}>
          {(data) =>
            data.products.length === 0 ? (
              <EmptyState title={HOME_NO_PRODUCTS} />
            ) : (
              <>
                <p className="loan-flow-intro">{PRODUCT_LIST_INTRO}</p>
                {data.products.map((product) => {
                  const choose = () => navigate(routeWithQuery(ROUTES.applyFor, { productId: product.id }));
                  return (
                    <article key={product.id} className="product-card" data-testid={`product-${product.id}`}>
                      <h2 className="product-card-name">{product.name}</h2>
                      <p className="product-card-method">{productMethodLabel(product)}</p>
                      <ProductFacts product={product} />
                      <Button className="product-card-choose" color="primary" fill="outline" shape="rounded" block onClick={choose}>
                        {PRODUCT_CHOOSE}
                      </Button>
                    </article>
                  );
                })}
                <p className="loan-flow-footnote">{data.aprLine}</p>
              </>
            )
          }
        </QueryState>
      </main>
    </div>
  );
}
