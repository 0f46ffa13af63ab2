import { create } from 'zustand';

/**
 * Lets any page open the customer-service popup (e.g. the me page's 聯絡客服 item)
 * without importing the service feature: the page bumps `openRequests`, the floating
 * button, which owns the popup, reacts.
 */
interface ServicePopupState {
  openRequests: number;
  requestOpen: () => void;
}

export const useServicePopupStore = create<ServicePopupState>((set) => ({
  openRequests: 0,
  requestOpen: () => set((state) => ({ openRequests: state.openRequests + 1 })),
}));
