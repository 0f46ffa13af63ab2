import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { FileOutline } from 'antd-mobile-icons';
import * as T from '@app/contract/messages/order-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ServerErrorRetry } from '../../../shared/ui/server-error-retry.tsx';
import { useOrderRecord, type OrderListFilter } from '../api/order-record.ts';
import { OrderCard } from './order-card.tsx';

/** One tab's orders: loading, the error with a retry, empty with a way to apply, or the cards loading more as they scroll. */
export function OrderList({ filter }: { filter: OrderListFilter }) {
  const navigate = useNavigate();
  const record = useOrderRecord(filter, true);

  if (record.isPending) {
    return (
      <div className="order-list-loading" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <div className="order-card-skeleton" key={key}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        ))}
      </div>
    );
  }
  if (record.isError && !record.data) return <ServerErrorRetry onRetry={() => void record.refetch()} />;

  const orders = record.data?.pages.flatMap((page) => page.orders) ?? [];
  if (orders.length === 0) {
    return (
      <EmptyState
        title={filter === 'all' ? T.ORDER_LIST_EMPTY : T.ORDER_LIST_EMPTY_TAB}
        description={T.ORDER_LIST_EMPTY_HINT}
        icon={<FileOutline />}
      >
        <Button color="primary" shape="rounded" onClick={() => navigate(ROUTES.loans)}>
          {T.ORDER_LIST_APPLY}
        </Button>
      </EmptyState>
    );
  }

  return (
    <div className="order-list" data-testid="order-list">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      <InfiniteScroll
        hasMore={record.hasNextPage}
        loadMore={async () => {
          const result = await record.fetchNextPage();
          if (result.isError) throw result.error;
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="order-list-more" onClick={() => void retry()}>
              {T.ORDER_LIST_LOAD_FAILED}
            </button>
          ) : (
            <span className="order-list-more">{hasMore ? T.ORDER_LIST_LOADING_MORE : T.ORDER_LIST_NO_MORE}</span>
          )
        }
      </InfiniteScroll>
    </div>
  );
}
