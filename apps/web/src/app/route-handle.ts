/** Per-route data the layouts read through `useMatches`. */
export interface RouteHandle {
  emptyTitle?: boolean;
  tab?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
