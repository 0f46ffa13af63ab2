/**
 * Query meta the app's query cache understands. `inlineError`: the page shows the failure
 * itself (an empty state with the message), so the global error toast would say it twice.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { inlineError?: boolean };
  }
}

export const INLINE_ERROR_META = { inlineError: true } as const;
