import { STEP_FACE } from '@app/contract/messages/app-shell.ts';
import * as T from '@app/contract/messages/face-pages.ts';
import { PAGE_LOGIN_PROMPT } from '@app/contract/messages/onboarding-pages.ts';
import { showRequestError } from '../../../shared/api/request.ts';
import { useQueryCashUser } from '../../../shared/api/query-cash-user.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useContinueOnboarding } from '../../../shared/hooks/use-continue-onboarding.ts';
import { UploadBlockedError } from '../../../shared/files/upload-files.ts';
import { useSession } from '../../../shared/session/session.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { useVerifyFace } from '../api/face-check.ts';
import { SelfieCamera } from '../components/selfie-camera.tsx';

/**
 * /pages/me/face — step 5: a selfie from the front camera (or the file input), checked
 * on the server (one face, liveness, the ID card's portrait). A refusal shows the server's
 * message and the user takes another; when the step is complete (passed, or handed to
 * staff after repeated failures) the borrower goes on to what they were doing: a step
 * still to do, else the application.
 */
export default function FacePage() {
  const continueOnboarding = useContinueOnboarding('face');
  const { loggedIn } = useSession();
  const me = useQueryCashUser(loggedIn);
  const verify = useVerifyFace();
  const done = me.data?.steps.find((step) => step.key === 'face')?.done ?? false;

  async function onPhoto(selfie: Blob) {
    try {
      await verify.mutateAsync({ selfie });
      toastSuccess(T.FACE_STEP_DONE);
      await continueOnboarding();
    } catch (error) {
      if (error instanceof UploadBlockedError) return;
      showRequestError(error);
      // The third failure completes the step (manual review): the refreshed state says so.
      const fresh = await me.refetch();
      if (fresh.data?.steps.find((step) => step.key === 'face')?.done) await continueOnboarding();
    }
  }

  return (
    <StepPage title={STEP_FACE} step="5" otherBack>
      <LoginGate returnTo={ROUTES.face} prompt={PAGE_LOGIN_PROMPT}>
        {done ? <p className="face-status" data-testid="face-done">{T.FACE_STEP_DONE}</p> : null}
        {verify.isPending ? <p className="face-status" role="status">{T.FACE_CAPTURE_CHECKING}</p> : null}
        <SelfieCamera disabled={verify.isPending} onPhoto={(photo) => void onPhoto(photo)} />
      </LoginGate>
    </StepPage>
  );
}
