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
}

function NoService() {
  return null;
}

export const PageChromeContext = createContext<PageChrome>({
  back: (to?: string) => (to ? window.location.replace(`#${to}`) : window.history.back()),
  ServiceButton: NoService,
});

export function usePageChrome(): PageChrome {
  return useContext(PageChromeContext);
}
