import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { TITLE_FACE_GUIDE } from '@app/contract/messages/app-shell.ts';
import * as T from '@app/contract/messages/face-pages.ts';
import { PAGE_LOGIN_PROMPT } from '@app/contract/messages/onboarding-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import '../components/selfie-camera.css';

/** /pages/me/faceDome — how to take a good selfie for step 5, then on to the camera. */
export default function FaceGuidePage() {
  const navigate = useNavigate();
  return (
    <StepPage
      title={TITLE_FACE_GUIDE}
      step="5"
      otherBack
      footer={
        <Button block color="primary" size="large" shape="rounded" onClick={() => navigate(ROUTES.face)}>
          {T.FACE_GUIDE_START}
        </Button>
      }
    >
      <LoginGate returnTo={ROUTES.faceGuide} prompt={PAGE_LOGIN_PROMPT}>
        <p className="step-page-intro">{T.FACE_GUIDE_INTRO}</p>
        <ul className="face-guide-tips">
          {T.FACE_GUIDE_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </LoginGate>
    </StepPage>
  );
}
