import { STEP_FACE } from '@app/contract/messages/app-shell.ts';
import * as T from '@app/contract/messages/face-pages.ts';
import { PAGE_LOGIN_PROMPT } from '@app/contract/messages/onboarding-pages.ts';
import { requestErrorText, showRequestError } from '../../../shared/api/request.ts';
import { useQueryCashUser } from '../../../shared/api/query-cash-user.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useContinueOnboarding } from '../../../shared/hooks/use-continue-onboarding.ts';
import { UploadBlockedError } from '../../../shared/files/upload-files.ts';
import { useSession } from '../../../shared/session/session.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { useState } from 'react';
import type { TFaceChallenge } from '@app/contract/schemas/face-check.ts';
import { useVerifyFace, type CaptureFrame } from '../api/face-check.ts';
import { SelfieCamera, type CameraHandle } from '../components/selfie-camera.tsx';

/** Time to read the challenge before the recording starts. */
const READ_MS = 1200;

/**
 * /pages/me/face — step 5: a still from the front camera, then a ~3 s recording while the
 * page shows the challenge the server chose (turn the head, …), checked on the server
 * (one face, active liveness over the frames, the ID card's portrait). Without a camera, a
 * picked photo goes to staff review (never an automatic pass). A refusal shows the server's
 * message (a toast, and in the camera's hint line until the next try) and the user takes another; when the step is complete (passed, or handed to
 * staff after repeated failures) the borrower goes on to what they were doing: a step
 * still to do, else the application.
 */
export default function FacePage() {
  const continueOnboarding = useContinueOnboarding('face');
  const { loggedIn } = useSession();
  const me = useQueryCashUser(loggedIn);
  const verify = useVerifyFace();
  const done = me.data?.steps.find((step) => step.key === 'face')?.done ?? false;

  const [prompt, setPrompt] = useState<string | null>(null);
  // Why the last try was refused, kept in the camera's hint line until the next one starts:
  // the toast that says it is gone in two seconds, while the borrower was looking at the camera.
  const [refusal, setRefusal] = useState<string | null>(null);

  async function check(still: Blob, capture: ((challenge: TFaceChallenge) => Promise<CaptureFrame[]>) | null) {
    setRefusal(null);
    try {
      const { review } = await verify.mutateAsync({ still, capture });
      toastSuccess(review ? T.FACE_STEP_REVIEW : T.FACE_STEP_DONE);
      await continueOnboarding();
    } catch (error) {
      if (error instanceof UploadBlockedError) return;
      showRequestError(error);
      setRefusal(requestErrorText(error));
      // The third failure completes the step (manual review): the refreshed state says so.
      const fresh = await me.refetch();
      if (fresh.data?.steps.find((step) => step.key === 'face')?.done) await continueOnboarding();
    } finally {
      setPrompt(null);
    }
  }

  async function onCamera(camera: CameraHandle) {
    let still: Blob;
    try {
      still = await camera.still();
    } catch {
      return;
    }
    await check(still, async (challenge) => {
      setPrompt(`${T.FACE_CAPTURE_GET_READY}：${T.FACE_CHALLENGE_PROMPTS[challenge]}`);
      await new Promise((resolve) => setTimeout(resolve, READ_MS));
      setPrompt(T.FACE_CHALLENGE_PROMPTS[challenge]);
      return camera.record();
    });
  }

  return (
    <StepPage title={STEP_FACE} step="5" otherBack>
      <LoginGate returnTo={ROUTES.face} prompt={PAGE_LOGIN_PROMPT}>
        {done ? (
          <p className="face-status" data-testid="face-done">
            {T.FACE_STEP_DONE}
          </p>
        ) : null}
        {verify.isPending && !prompt ? (
          <p className="face-status" role="status">
            {T.FACE_CAPTURE_CHECKING}
          </p>
        ) : null}
        <SelfieCamera
          disabled={verify.isPending}
          prompt={prompt}
          refusal={refusal}
          onPhoto={(photo) => void check(photo, null)}
          onCamera={(camera) => void onCamera(camera)}
        />
      </LoginGate>
    </StepPage>
  );
}
