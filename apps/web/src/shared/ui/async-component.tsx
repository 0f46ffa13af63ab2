import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { withTimeout } from '../utils/with-timeout.ts';
import { ChunkLoadError } from './chunk-load-error.ts';
import { DelayedLoading, ASYNC_DELAY_MS } from './delayed-loading.tsx';
import { LoadFailed } from './load-failed.tsx';

/** SPEC.md section 9: an async component gives up after 60 s. */
export const ASYNC_TIMEOUT_MS = 60_000;

interface LoadBoundaryProps {
  children: ReactNode;
  onRetry: () => void;
  quiet: boolean;
}

class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return this.props.quiet ? null : <LoadFailed onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

export interface AsyncComponentOptions {
  delayMs?: number;
  timeoutMs?: number;
  /** For decorations (a floating button): no loading state, nothing if it fails. */
  quiet?: boolean;
}

/**
 * A component loaded on first render: loading state after 200 ms, failure (or 60 s
 * without an answer) shows a retry instead of nothing.
 */
export function asyncComponent<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
  { delayMs = ASYNC_DELAY_MS, timeoutMs = ASYNC_TIMEOUT_MS, quiet = false }: AsyncComponentOptions = {},
): ComponentType<P> {
  const load = () =>
    lazy(() => withTimeout(loader(), timeoutMs, () => new ChunkLoadError('timeout')).catch((e: unknown) => {
      throw new ChunkLoadError(e);
    }));
  let Lazy = load();

  function AsyncComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Lazy = load();
      setAttempt((n) => n + 1);
    };
    return (
      <LoadBoundary key={attempt} onRetry={retry} quiet={quiet}>
        <Suspense fallback={quiet ? null : <DelayedLoading delayMs={delayMs} />}>
          <Lazy {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return AsyncComponent;
}
