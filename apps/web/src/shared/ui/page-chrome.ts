import { createContext, useContext, type ComponentType } from 'react';

/**
 * What every nav bar needs from the app: the back action (tracking, first-visit flag,
 * history) and the customer-service button. Both are built from features, which
 * shared/ must not import, so app/ provides them here.
 */
export interface PageChrome {
  /** Back one page, or to `to` (replacing the current entry) where a finished flow ends. */
  back: (to?: string) => void;
  ServiceButton: ComponentType;
  /**
   * A page's own 聯絡客服 entry asks for the customer-service popup, which the button owns
   * (it may still be loading): the request waits in the layout's state until the button
   * takes it (`serviceOpened`), and is dropped when the page changes.
   */
  requestService: () => void;
  serviceRequested: boolean;
  serviceOpened: () => void;
}

function NoService() {
  return null;
}

export const PageChromeContext = createContext<PageChrome>({
  back: (to?: string) => (to ? window.location.replace(`#${to}`) : window.history.back()),
  ServiceButton: NoService,
  requestService: () => undefined,
  serviceRequested: false,
  serviceOpened: () => undefined,
});

export function usePageChrome(): PageChrome {
  return useContext(PageChromeContext);
}
