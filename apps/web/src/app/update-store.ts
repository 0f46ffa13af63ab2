import { create } from 'zustand';

/**
 * Where the app's update stands, for the shell's prompt (UpdatePrompt). The service worker
 * (public/sw.js) is registered once the page has loaded, by service-worker-registration.ts,
 * loaded then: a new version installs beside the running one and waits; `waiting` is set
 * then and the shell offers to reload. Only a page that a worker already controls is offered
 * an update: the first visit installs silently.
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
