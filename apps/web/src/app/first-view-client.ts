import type { QueryClient } from '@tanstack/react-query';
import { FIRST_VIEW_ATTRIBUTE, FIRST_VIEW_DATA_ID, RENDERED_VIEWS, type FirstViewData } from './first-view.ts';
import { seedFirstViewData } from './first-view-seed.ts';

/**
 * What the page brought from the server (decision 0166): whether #root holds a view React
 * rendered there (the inline script placed it), and the public data to seed the query
 * cache with, so the hydrated page asks for nothing it was rendered from.
 */
export function readFirstView(): { hydrate: boolean; seed?: (queryClient: QueryClient) => void } {
  const view = document.documentElement.getAttribute(FIRST_VIEW_ATTRIBUTE);
  const text = document.getElementById(FIRST_VIEW_DATA_ID)?.textContent;
  if (!text) return { hydrate: false };
  let data: FirstViewData;
  try {
    data = JSON.parse(text) as FirstViewData;
  } catch {
    return { hydrate: false };
  }
  return {
    hydrate: RENDERED_VIEWS.some((rendered) => rendered === view),
    seed: (queryClient) => seedFirstViewData(queryClient, data),
  };
}
