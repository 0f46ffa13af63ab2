import { useCallback, useRef } from 'react';
import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { RequestError } from './request-error.ts';

/**
 * `useMutation` for what a tap starts (send a code, log in, pay, save a step). While one
 * call runs, another — a double tap, or a second tap before the button has re-rendered
 * as busy, which on a slow network is easy — is refused at once as `cancelled` (handled:
 * no toast, and the callers' `catch` ignores it), so one tap never sends a request
 * twice. Every mutation of the app goes through here.
 */
export function useSingleFlightMutation<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const mutation = useMutation(options);
  const running = useRef(false);
  const run = mutation.mutateAsync;
  type Run = typeof run;

  const mutateAsync = useCallback<Run>(
    async (...args: Parameters<Run>) => {
      if (running.current) throw new RequestError('cancelled', 'cancelled', { handled: true });
      running.current = true;
      try {
        return await run(...args);
      } finally {
        running.current = false;
      }
    },
    [run],
  );

  const mutate = useCallback<UseMutationResult<TData, Error, TVariables>['mutate']>(
    (...args: Parameters<Run>) => {
      mutateAsync(...args).catch(() => undefined);
    },
    [mutateAsync],
  );

  return { ...mutation, mutate, mutateAsync };
}
