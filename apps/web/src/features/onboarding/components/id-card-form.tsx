import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import type { UserDetail } from '../../../shared/api/query-user-detail.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { PhotoFrame } from '../../../shared/ui/photo-frame.tsx';
import { useIdCardPhotos } from '../api/id-card-photos.ts';
import { OcrProposalPanel } from './ocr-proposal.tsx';

/** Step 3 (身分證): front and back, each photographed or picked, compressed and uploaded. */
export function IdCardForm({ detail }: { detail: UserDetail }) {
  const navigate = useNavigate();
  const save = useIdCardPhotos();
  const [frontKey, setFrontKey] = useState(detail.idCard.frontKey ?? '');
  const [backKey, setBackKey] = useState(detail.idCard.backKey ?? '');
  const [error, setError] = useState<string>();
  const uploaded = (set: (key: string) => void) => (key: string) => {
    set(key);
    setError(undefined);
  };

  async function onSave() {
    if (!frontKey || !backKey) {
      setError(T.PHOTO_PICK_REQUIRED);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ frontKey, backKey });
    } catch {
      return;
    }
    navigate(ROUTES.bankInfo);
  }

  return (
    <>
      <PhotoFrame
        label={T.ID_CARD_PAGE_FRONT}
        hint={T.ID_CARD_PAGE_FRAME_HINT}
        savedKey={detail.idCard.frontKey}
        onUploaded={uploaded(setFrontKey)}
        testId="id-card-front"
      />
      {frontKey && <OcrProposalPanel frontKey={frontKey} />}
      <PhotoFrame
        label={T.ID_CARD_PAGE_BACK}
        hint={T.ID_CARD_PAGE_FRAME_HINT}
        savedKey={detail.idCard.backKey}
        onUploaded={uploaded(setBackKey)}
        testId="id-card-back"
      />
      <div className="step-page-actions id-card-actions">
        <FormError message={error} />
        <Button block color="primary" size="large" shape="rounded" loading={save.isPending} onClick={() => void onSave()}>
          {T.PAGE_STEP_SAVE_NEXT}
        </Button>
      </div>
    </>
  );
}
