import type { ReactNode } from 'react';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { ServerErrorRetry } from './server-error-retry.tsx';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A page's data: a skeleton while it loads, the error with a retry, then the content. */
export function QueryState<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <ServerErrorRetry onRetry={() => void query.refetch()} />;
  return (
    <div className="query-loading" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}
