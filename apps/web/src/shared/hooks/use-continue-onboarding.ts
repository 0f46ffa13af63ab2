import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OnboardingStepKey } from '@app/contract/schemas/user.ts';
import { queryCashUserQueryOptions, useQueryCashUser } from '../api/query-cash-user.ts';
import { ONBOARDING_STEP_PAGES } from '../config/onboarding-step-pages.ts';
import { ROUTES } from '../config/route-paths.ts';
import { applicationToResume, forgetApplication } from '../store/application-to-resume.ts';
import { useSession } from '../session/session.ts';
import { isGuardEntry } from './use-history-back-guard.ts';

/** A page before this one, not counting the back guard on top of it. */
function hasPreviousEntry(): boolean {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
  return idx - (isGuardEntry() ? 1 : 0) > 0;
}

/**
 * Where a borrower goes once an onboarding step (or the selfie) is saved: on to the first
 * step still to do, as the server counts them; when none is left, into the application
 * they set out to make (the product they chose), never a page without a way on. A borrower
 * who was only correcting a step of a finished onboarding goes back to where they were.
 */
export function useContinueOnboarding(step: OnboardingStepKey): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { loggedIn } = useSession();
  const user = useQueryCashUser(loggedIn);
  const completeBefore = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (completeBefore.current === undefined && user.data) completeBefore.current = user.data.steps.every((s) => s.done);
  }, [user.data]);

  return useCallback(async () => {
    let steps: { key: OnboardingStepKey; done: boolean }[] = [];
    try {
      steps = (await queryClient.fetchQuery({ ...queryCashUserQueryOptions(), staleTime: 0 })).steps;
    } catch {
      // Not known: the application page asks the server again (loan/check) and says where to go.
    }
    const next = steps.find((s) => !s.done && s.key !== step);
    if (next) {
      void navigate(ONBOARDING_STEP_PAGES[next.key].path);
      return;
    }
    if (completeBefore.current === true && hasPreviousEntry()) {
      // Past the page's own entry when the back guard sits on it.
      void navigate(isGuardEntry() ? -2 : -1);
      return;
    }
    const application = applicationToResume() ?? ROUTES.applyFor;
    forgetApplication();
    void navigate(application, { replace: true });
  }, [navigate, queryClient, step]);
}
