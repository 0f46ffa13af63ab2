import { useUpdateStore } from './update-store.ts';

export const SERVICE_WORKER_URL = '/sw.js';

function watch(registration: ServiceWorkerRegistration | undefined): void {
  // A browser that blocks service workers (a policy, an automation setting) may answer nothing.
  if (!registration) return;
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) useUpdateStore.getState().setWaiting(worker);
  };
  // A page reloaded by 立即更新 before the browser switched versions already runs the new
  // version's code: the version still waiting is the one it took, not one to offer again.
  if (!takeUpdateReloadMark()) offer(registration.waiting);
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

/** Called once the page has loaded (main.tsx), so it never competes with the first paint. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL).then(
    (registration) => {
      watch(registration);
      if (registration && !navigator.serviceWorker.controller) nameLoadedAssets();
    },
    () => undefined,
  );
}

/**
 * How long 立即更新 waits for the browser to switch to the new version before reloading
 * anyway. Chromium switches once the running version has no work left, and asks a running
 * worker to stop at once, but not one that is starting just then (a request of either tab
 * woke it): that one keeps its ordinary 30-second idle time, longer with every request it
 * serves. A navigation makes the browser ask again, and the page loads the deployed version
 * from the network meanwhile (the running worker fetches the page first, then the new
 * build's files under their new names).
 */
export const UPDATE_RELOAD_FALLBACK_MS = 3_000;

/** Set in sessionStorage just before that reload: the next start offers no waiting version. */
export const UPDATE_RELOAD_MARK = 'app-update-reload';

/** Whether this page was loaded by 立即更新's fallback reload (read once, then cleared). */
function takeUpdateReloadMark(): boolean {
  try {
    const marked = sessionStorage.getItem(UPDATE_RELOAD_MARK) !== null;
    sessionStorage.removeItem(UPDATE_RELOAD_MARK);
    return marked;
  } catch {
    return false; // storage refused (a privacy setting): the prompt may come once more
  }
}

/**
 * Activates the waiting version, then reloads into it once it controls the page. When it is
 * already active (the app's other tab took the update first: this tab's worker changed then,
 * before anyone here waited for it), the page reloads at once. When the browser has not
 * switched within UPDATE_RELOAD_FALLBACK_MS (the running version is busy), it reloads anyway.
 * The prompt says 更新中… meanwhile instead of looking dead.
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
  setTimeout(() => {
    if (reloading || useUpdateStore.getState().waiting !== waiting) return;
    try {
      sessionStorage.setItem(UPDATE_RELOAD_MARK, '1');
    } catch {
      // storage refused: the reloaded page offers the version once more
    }
    reload();
  }, UPDATE_RELOAD_FALLBACK_MS);
}
