import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import * as T from '@app/contract/messages/order-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';

/** A page about one order opened without a valid order id. */
export function NoOrder() {
  const navigate = useNavigate();
  return (
    <EmptyState title={T.ORDER_DETAIL_NO_ORDER}>
      <Button color="primary" shape="rounded" onClick={() => navigate(ROUTES.orders)}>
        {T.ORDER_DETAIL_BACK_TO_LIST}
      </Button>
    </EmptyState>
  );
}
