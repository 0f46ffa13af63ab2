// First: before any module that may bring zod (the CSP allows no eval).
import './app/zod-jitless.ts';
import 'antd-mobile/es/global';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { APP_CONFIG_INVALID } from '@app/contract/messages/app-shell.ts';
import { App } from './app/app.tsx';
import { readFirstView } from './app/first-view-client.ts';
import { applyLaunch, hashRoute } from './app/launch.ts';
import { applyTraditionalChineseLocale } from './app/locale.ts';
import { startVitalsReporting } from './app/vitals-reporting.ts';
import { markLaunch } from './features/tracking/api/mark-event.ts';
import { preloadRequestCore } from './shared/api/request.ts';
import { releaseEarlyInput } from './shared/ui/early-input.ts';
import { afterLoad } from './shared/utils/after-load.ts';
import './app/global.css';

applyTraditionalChineseLocale();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
applyLaunch();
// The route the app opened on, for the launch mark sent later (the user may have moved on by then).
const launchRoute = hashRoute(window.location.href);
/**
 * Hydration as a transition (decision 0171): React then yields to the browser every few
 * milliseconds instead of hydrating the whole page in one task (about 0.6 s at Lighthouse's
 * 4x CPU slowdown, most of the page's blocking time). The page is on screen meanwhile, and
 * a tap in that time is kept and replayed (shared/ui/early-input.ts).
 */
function hydrateInTransition(element: HTMLElement, children: ReactNode): Root {
  let hydrated: Root | undefined;
  startTransition(() => {
    hydrated = hydrateRoot(element, children);
  });
  if (!hydrated) throw new Error('hydrateRoot did not run');
  return hydrated;
}

// The server's first view (decision 0166) is hydrated, from the data it was rendered with;
// any other page replaces the boot shell.
const firstView = readFirstView();
const app = (
  <StrictMode>
    <App seed={firstView.seed} />
  </StrictMode>
);
// A page rendered from scratch has no server view to have been tapped before it: events are React's at once.
if (!firstView.hydrate) releaseEarlyInput();
const root = firstView.hydrate ? hydrateInTransition(container, app) : createRoot(container);
// A page rendered from scratch (a session's pages) is rendered in a transition too: React then
// splits the first render into short tasks (applyFor's was one task of 625 ms at 4x CPU,
// 2026-11-28); the boot shell stays on screen until it commits.
if (!firstView.hydrate) startTransition(() => root.render(app));

// Offline start and updates, once the page has loaded (its code too: the first view needs
// none of it); not under `vite dev`, whose modules are not hashed files.
if (import.meta.env.PROD) {
  void afterLoad(0)
    .then(() => import('./app/service-worker-registration.ts'))
    .then((worker) => worker.registerServiceWorker());
}

// Real users' vitals, sampled, loaded after the first view (decision 0158).
startVitalsReporting();

// The protocol chunk validates the server-injected config as soon as it arrives; a
// server that injected none (or a bad one) gets a message instead of a broken app.
// Then the API origins the app may move to (changeDomainName), then the launch mark (sent
// where the list's call found a server).
// A task of its own after the protocol code's evaluation (decision 0179): together they made a
// long task (100 ms at 4x CPU).
const nextTask = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));
preloadRequestCore()
  .then(nextTask)
  .then((core) => {
    core.assertRuntimeConfig();
    void core.refreshApiOrigins().then(() => markLaunch(launchRoute));
  })
  .catch((error: unknown) => {
    if (error instanceof Error && error.name === 'RuntimeConfigError') {
      root.render(<p className="fatal">{APP_CONFIG_INVALID}</p>);
      throw error;
    }
  });
