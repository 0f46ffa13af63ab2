import Button from 'antd-mobile/es/components/button';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { CHUNK_LOAD_FAILED, RETRY } from '@app/contract/messages/app-shell.ts';
import { EmptyState } from './empty-state.tsx';

/** Never a blank page: what failed to load, and a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <EmptyState title={CHUNK_LOAD_FAILED} icon={<CloseCircleOutline />}>
        <Button color="primary" onClick={onRetry}>
          {RETRY}
        </Button>
      </EmptyState>
    </div>
  );
}
