import { useRouteError } from 'react-router';
import { SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { isChunkLoadError } from '../shared/ui/chunk-load-error.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { LoadFailed } from '../shared/ui/load-failed.tsx';

/** A route that throws while rendering: never a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <LoadFailed onRetry={() => window.location.reload()} />;
  return (
    <div className="load-failed" role="alert">
      <EmptyState title={SERVER_ERROR} />
    </div>
  );
}
