/**
 * When each route was last entered by a logged-in user whose page's data the router asks
 * for early (app/router.tsx). A page tells from it whether an answer in the cache is this
 * visit's (asked as the route was entered) or an earlier one's. Kept in memory only.
 */
const enteredAt = new Map<string, number>();

export function noteRouteEntered(path: string, at: number = Date.now()): void {
  enteredAt.set(path, at);
}

/** 0 when the route has not been entered with an early ask since the app started. */
export function routeEnteredAt(path: string): number {
  return enteredAt.get(path) ?? 0;
}
