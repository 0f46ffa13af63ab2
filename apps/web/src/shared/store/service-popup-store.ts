import { create } from 'zustand';

/**
 * Lets any page open the customer-service popup (e.g. the me page's 聯絡客服 item)
 * without importing the service feature: the page leaves a request, the floating button,
 * which owns the popup, takes it — at once, or when it has loaded (it loads after the
 * page). A request nobody took within `REQUEST_FRESH_MS` is dropped, so a popup never
 * opens long after the tap.
 */
export const REQUEST_FRESH_MS = 30_000;

interface ServicePopupState {
  /** When the open request was left (ms since the epoch), null when none is waiting. */
  requestedAt: number | null;
  requestOpen: () => void;
  /** True (and the request is gone) when a fresh request was waiting. */
  takeRequest: () => boolean;
}

export const useServicePopupStore = create<ServicePopupState>((set, get) => ({
  requestedAt: null,
  requestOpen: () => set({ requestedAt: Date.now() }),
  takeRequest: () => {
    const { requestedAt } = get();
    if (requestedAt === null) return false;
    set({ requestedAt: null });
    return Date.now() - requestedAt <= REQUEST_FRESH_MS;
  },
}));
