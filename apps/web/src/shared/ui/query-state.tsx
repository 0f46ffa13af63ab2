import { useDeferredValue, type ReactNode } from 'react';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { ServerErrorRetry } from './server-error-retry.tsx';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A page's data: a skeleton while it loads, the error with a retry, then the content.
 *
 * The content is rendered from a deferred copy of the data: an answer reaches React through
 * a store, whose updates React renders synchronously in one task, and a page's whole content
 * rendered there was a long task on a slow phone (applyFor's form: 166 ms at 4x CPU,
 * 2026-11-28). Deferred, that render keeps what was on screen, and the content follows in a
 * background render React splits into short tasks (decision 0179).
 */
export function QueryState<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  const data = useDeferredValue(query.data);
  if (data !== undefined) return <>{children(data)}</>;
  if (query.isError && query.data === undefined) return <ServerErrorRetry onRetry={() => void query.refetch()} />;
  return (
    <div className="query-loading" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}
