import { useSyncExternalStore } from 'react';
import { OFFLINE_BANNER, UPDATE_APPLYING, UPDATE_AVAILABLE, UPDATE_LATER, UPDATE_RELOAD } from '@app/contract/messages/app-shell.ts';
import { useUpdateStore } from './update-store.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Says so when the device is offline. The app opens offline from the service worker's
 * cache, but API answers are never cached: pages show their load-failed state under this
 * banner, never an old balance as if it were current.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {OFFLINE_BANNER}
    </div>
  );
}

/**
 * 立即更新: the registration's code, loaded by then (the prompt comes from it), activates the
 * waiting version and reloads.
 */
const applyUpdate = () => void import('./service-worker-registration.ts').then((worker) => worker.applyUpdate());

/** A new version is installed and waiting: reload into it now, or later (next launch). */
export function UpdatePrompt() {
  const waiting = useUpdateStore((s) => s.waiting);
  const dismissed = useUpdateStore((s) => s.dismissed);
  const dismiss = useUpdateStore((s) => s.dismiss);
  const applying = useUpdateStore((s) => s.applying);
  if (!waiting || dismissed) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-label={UPDATE_AVAILABLE} data-testid="update-prompt">
      <span>{UPDATE_AVAILABLE}</span>
      {!applying && (
        <button type="button" className="update-prompt-later" onClick={dismiss}>
          {UPDATE_LATER}
        </button>
      )}
      <button type="button" className="update-prompt-reload" onClick={applyUpdate} disabled={applying} aria-busy={applying}>
        {applying ? UPDATE_APPLYING : UPDATE_RELOAD}
      </button>
    </div>
  );
}
