import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { withTimeout } from '../utils/with-timeout.ts';
import { ChunkLoadError } from './chunk-load-error.ts';
import { ReleaseEarlyInput } from './early-input.ts';
import { DelayedLoading, ASYNC_DELAY_MS } from './delayed-loading.tsx';
import { beginLoading } from './loading-store.ts';
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
    if (this.state.failed) {
      if (this.props.quiet) return null;
      // A page that failed to load is React's too: taps kept before then reach its retry.
      return (
        <>
          <LoadFailed onRetry={this.props.onRetry} />
          <ReleaseEarlyInput />
        </>
      );
    }
    return this.props.children;
  }
}

/**
 * A decoration is not part of the server's first view: it renders once the page is
 * hydrated. (A page's own component never re-renders for that: its Suspense boundary,
 * still waiting for its chunk during hydration, must get no update before it hydrates.)
 */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

export interface AsyncComponentOptions {
  delayMs?: number;
  timeoutMs?: number;
  /** For decorations (a floating button): no loading state, nothing if it fails. */
  quiet?: boolean;
  /**
   * Where the loading state shows: in the page where the component will be (a page, a
   * section), or as the app's loading indicator over the page, for what opens over it (a
   * popup): nothing is added to the page's flow that would move it.
   */
  loading?: 'inline' | 'overlay';
}

/** The app's loading indicator (the one requests use) while this is mounted. */
function OverlayWhileLoading() {
  useEffect(() => beginLoading(), []);
  return null;
}

/**
 * A component loaded on first render: loading state after 200 ms, failure (or 60 s
 * without an answer) shows a retry instead of nothing.
 */
export function asyncComponent<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
  { delayMs = ASYNC_DELAY_MS, timeoutMs = ASYNC_TIMEOUT_MS, quiet = false, loading = 'inline' }: AsyncComponentOptions = {},
): ComponentType<P> {
  const load = () =>
    lazy(() =>
      withTimeout(loader(), timeoutMs, () => new ChunkLoadError('timeout')).catch((e: unknown) => {
        throw new ChunkLoadError(e);
      }),
    );
  let Lazy = load();

  function AsyncComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Lazy = load();
      setAttempt((n) => n + 1);
    };
    const loaded = (
      <LoadBoundary key={attempt} onRetry={retry} quiet={quiet}>
        <Suspense fallback={quiet ? null : loading === 'overlay' ? <OverlayWhileLoading /> : <DelayedLoading delayMs={delayMs} />}>
          <Lazy {...props} />
          {/* A page's own component: once it is hydrated, what the visitor did before is replayed (decision 0171). */}
          {quiet ? null : <ReleaseEarlyInput />}
        </Suspense>
      </LoadBoundary>
    );
    return quiet ? <AfterHydration>{loaded}</AfterHydration> : loaded;
  }
  return AsyncComponent;
}
