import { useCallback, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { OCR_CONFIRM_FIRST, OCR_UNREADABLE } from '@app/contract/messages/identity-document.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import type { UserDetail } from '../../../shared/api/query-user-detail.ts';
import { useContinueOnboarding } from '../../../shared/hooks/use-continue-onboarding.ts';
import { clearDraft, draftString, readDraft, writeDraft } from '../../../shared/store/form-drafts.ts';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { PhotoFrame } from '../../../shared/ui/photo-frame.tsx';
import { useIdCardPhotos } from '../api/id-card-photos.ts';
import { OcrProposalPanel, type OcrValues } from './ocr-proposal.tsx';
import './onboarding-forms.css';

/** The typed corrections of the draft, each a string (the draft is user-editable storage). */
function typedOf(draft: Record<string, unknown> | undefined): OcrValues {
  const typed = draft?.typed;
  if (typeof typed !== 'object' || typed === null) return {};
  return Object.fromEntries(Object.entries(typed).filter(([, v]) => typeof v === 'string')) as OcrValues;
}

/**
 * Step 3 (身分證): front and back, each photographed or picked, compressed and uploaded.
 * The front is read at once; a photo nothing could be read from is refused with a retake
 * prompt over the card outline; the step saves only once the reading is confirmed.
 * The draft keeps the uploads' keys (the photos stay on the server) and the corrections typed.
 */
export function IdCardForm({ detail }: { detail: UserDetail }) {
  const continueOnboarding = useContinueOnboarding('idCard');
  const save = useIdCardPhotos();
  const [draft] = useState(() => readDraft('idCard'));
  const savedFront = detail.idCard.frontKey ?? '';
  const [frontKey, setFrontKey] = useState(draftString(draft, 'frontKey') ?? savedFront);
  const [backKey, setBackKey] = useState(draftString(draft, 'backKey') ?? detail.idCard.backKey ?? '');
  const [typed, setTyped] = useState<OcrValues>(() => typedOf(draft));
  // A saved front was confirmed when it was saved (the server saves no other).
  const [confirmed, setConfirmed] = useState(frontKey !== '' && frontKey === savedFront);
  const [unreadable, setUnreadable] = useState(false);
  const [frontAttempt, setFrontAttempt] = useState(0);
  const [error, setError] = useState<string>();

  const keep = (next: { frontKey?: string; backKey?: string; typed?: OcrValues }) =>
    writeDraft('idCard', { frontKey, backKey, typed, ...next });

  const onUnreadable = useCallback(() => {
    setUnreadable(true);
    setFrontKey('');
    setFrontAttempt((n) => n + 1);
    writeDraft('idCard', { backKey, typed: {} });
  }, [backKey]);

  async function onSave() {
    if (!frontKey || !backKey) return setError(T.PHOTO_PICK_REQUIRED);
    if (!confirmed) return setError(OCR_CONFIRM_FIRST);
    setError(undefined);
    try {
      await save.mutateAsync({ frontKey, backKey });
    } catch {
      return;
    }
    clearDraft('idCard');
    await continueOnboarding();
  }

  return (
    <>
      <PhotoFrame
        key={`front-${frontAttempt}`}
        label={T.ID_CARD_PAGE_FRONT}
        hint={unreadable ? OCR_UNREADABLE : T.ID_CARD_PAGE_FRAME_HINT}
        savedKey={frontKey || null}
        onUploaded={(key) => {
          setFrontKey(key);
          setConfirmed(false);
          setUnreadable(false);
          setTyped({});
          setError(undefined);
          keep({ frontKey: key, typed: {} });
        }}
        testId="id-card-front"
      />
      {unreadable ? (
        <p className="id-card-retake" role="alert" data-testid="id-card-retake">
          {OCR_UNREADABLE}
        </p>
      ) : null}
      {frontKey && !(confirmed && frontKey === savedFront) ? (
        <OcrProposalPanel
          frontKey={frontKey}
          personal={detail.personal}
          typed={typed}
          onTyped={(next) => {
            setTyped(next);
            keep({ typed: next });
          }}
          onConfirmed={() => {
            setConfirmed(true);
            setError(undefined);
          }}
          onUnreadable={onUnreadable}
        />
      ) : null}
      <PhotoFrame
        label={T.ID_CARD_PAGE_BACK}
        hint={T.ID_CARD_PAGE_FRAME_HINT}
        savedKey={backKey || null}
        onUploaded={(key) => {
          setBackKey(key);
          setError(undefined);
          keep({ backKey: key });
        }}
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
