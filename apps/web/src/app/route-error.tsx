import { SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { isChunkLoadError } from '../shared/ui/chunk-load-error.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { LoadFailed } from '../shared/ui/load-failed.tsx';

/** What a route that threw while rendering shows instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) return <LoadFailed onRetry={() => window.location.reload()} />;
  return (
    <div className="load-failed" role="alert">
      <EmptyState title={SERVER_ERROR} />
    </div>
  );
}
