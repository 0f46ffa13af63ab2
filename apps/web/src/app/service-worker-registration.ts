import { create } from 'zustand';
import { afterLoad } from '../shared/utils/after-load.ts';

/**
 * The service worker (public/sw.js): registered once the page has loaded, so it never
 * competes with the first paint. A new version installs beside the running one and
 * waits; `waiting` is set then and the shell offers to reload (UpdatePrompt). Only a
 * page that a worker already controls is offered an update: the first visit installs
 * silently.
 */
interface UpdateState {
  waiting: ServiceWorker | null;
  dismissed: boolean;
  /** 立即更新 was tapped: the page reloads once the new version controls it. */
  applying: boolean;
  setWaiting: (worker: ServiceWorker) => void;
  dismiss: () => void;
}

export const useUpdateStore = create<UpdateState>((set) => ({
  waiting: null,
  dismissed: false,
  applying: false,
  setWaiting: (worker) => set({ waiting: worker, dismissed: false, applying: false }),
  dismiss: () => set({ dismissed: true }),
}));

export const SERVICE_WORKER_URL = '/sw.js';

function watch(registration: ServiceWorkerRegistration | undefined): void {
  // A browser that blocks service workers (a policy, an automation setting) may answer nothing.
  if (!registration) return;
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) useUpdateStore.getState().setWaiting(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // A deploy while the app stays open: look again whenever it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

/** This origin's built files among resource timing entries. */
function assetsOf(entries: readonly PerformanceEntry[]): string[] {
  return entries
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith(ASSETS_PATH) && !url.search)
    .map((url) => url.pathname);
}

const ASSETS_PATH = '/assets/';

/**
 * The built files this page loads (its start modules and the code of the pages opened). The
 * worker precaches only the start (decision 0183), and a page it does not control (a first
 * visit) is not seen by it: once the worker is active, the page names what it has loaded,
 * then each file it loads later, and the worker keeps them from the browser's HTTP cache, so
 * the pages already seen open offline too.
 */
function nameLoadedAssets(): void {
  void navigator.serviceWorker.ready.then((registration) => {
    const name = (urls: string[]) => {
      if (urls.length > 0) registration.active?.postMessage({ type: 'CACHE_URLS', urls });
    };
    name(assetsOf(performance.getEntriesByType('resource')));
    if (typeof PerformanceObserver === 'undefined') return;
    const observer = new PerformanceObserver((list) => name(assetsOf(list.getEntries())));
    observer.observe({ type: 'resource' });
    // Controlled from the next load on: the worker then sees the requests itself.
    navigator.serviceWorker.addEventListener('controllerchange', () => observer.disconnect(), { once: true });
  });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void afterLoad(0).then(() =>
    navigator.serviceWorker.register(SERVICE_WORKER_URL).then(
      (registration) => {
        watch(registration);
        if (registration && !navigator.serviceWorker.controller) nameLoadedAssets();
      },
      () => undefined,
    ),
  );
}

/**
 * Activates the waiting version, then reloads into it once it controls the page. When it is
 * already active (the app's other tab took the update first: this tab's worker changed then,
 * before anyone here waited for it), the page reloads at once. The browser activates it only
 * once the running version has finished its work (Chromium waits for that worker to go idle),
 * which can take seconds: the prompt says 更新中… meanwhile instead of looking dead.
 */
export function applyUpdate(): void {
  const { waiting, applying } = useUpdateStore.getState();
  if (!waiting || applying) return;
  useUpdateStore.setState({ applying: true });
  if (waiting.state === 'activating' || waiting.state === 'activated') {
    window.location.reload();
    return;
  }
  // The page's worker changes as the new one starts activating (controllerchange); its own
  // 'activated' is the same news later, for a browser that has not told the page yet.
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
