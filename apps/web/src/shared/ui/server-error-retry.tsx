import Button from 'antd-mobile/es/components/button';
import { RETRY } from '@app/contract/messages/app-shell.ts';
import { SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { EmptyState } from './empty-state.tsx';

/** A page's data did not load: say so, and offer to load it again. */
export function ServerErrorRetry({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <EmptyState title={SERVER_ERROR} className={className}>
      <Button size="small" color="primary" onClick={onRetry}>
        {RETRY}
      </Button>
    </EmptyState>
  );
}
