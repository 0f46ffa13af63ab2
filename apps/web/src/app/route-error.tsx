import { SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { isChunkLoadError } from '../shared/ui/chunk-load-error.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { LoadFailed } from '../shared/ui/load-failed.tsx';
import { ReleaseEarlyInput } from '../shared/ui/early-input.ts';

/** What a route that threw while rendering shows instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  // The page is React's from here: taps kept before then are replayed (decision 0171).
  if (isChunkLoadError(error))
    return (
      <>
        <LoadFailed onRetry={() => window.location.reload()} />
        <ReleaseEarlyInput />
      </>
    );
  return (
    <div className="load-failed" role="alert">
      <EmptyState title={SERVER_ERROR} />
      <ReleaseEarlyInput />
    </div>
  );
}
