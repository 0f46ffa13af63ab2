import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { CameraOutline } from 'antd-mobile-icons';
import {
  ID_CARD_AUTOFILL,
  ID_CARD_AUTOFILL_DONE,
  ID_CARD_AUTOFILL_HINT,
  OCR_RUNNING,
  OCR_UNREADABLE,
} from '@app/contract/messages/identity-document.ts';
import { ID_CARD_PAGE_FRAME_HINT, ID_CARD_PAGE_FRONT } from '@app/contract/messages/onboarding-pages.ts';
import { readDraft, writeDraft } from '../../../shared/store/form-drafts.ts';
import { PhotoFrame } from '../../../shared/ui/photo-frame.tsx';
import { useOcrCheck, type OcrProposal } from '../api/ocr.ts';

export type IdCardFields = { name?: string; idNumber?: string; birthDate?: string; gender?: 'male' | 'female' };

/**
 * Step 1's 「拍身分證自動填寫」: the front photographed here is read on the server and fills
 * in the name, ID number, birth date and gender for the borrower to check; the upload is
 * kept in step 3's draft, so step 3 starts with it (the steps stay in SPEC.md's order).
 */
export function IdCardAutofill({ onRead }: { onRead: (fields: IdCardFields) => void }) {
  const check = useOcrCheck();
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [note, setNote] = useState<{ text: string; unreadable: boolean }>();

  async function onUploaded(frontKey: string) {
    setNote(undefined);
    let answer;
    try {
      answer = await check.mutateAsync(frontKey);
    } catch {
      return; // the request layer showed the refusal
    }
    if (answer.unreadable) {
      setAttempt((n) => n + 1);
      setNote({ text: OCR_UNREADABLE, unreadable: true });
      return;
    }
    const fields: OcrProposal['fields'] = answer.proposal.fields;
    onRead({
      ...(fields.name.value ? { name: fields.name.value } : {}),
      ...(fields.idNumber.value ? { idNumber: fields.idNumber.value } : {}),
      ...(fields.birthDate.value ? { birthDate: fields.birthDate.value } : {}),
      ...(fields.gender.value ? { gender: fields.gender.value } : {}),
    });
    writeDraft('idCard', { ...readDraft('idCard'), frontKey, typed: {} });
    setNote({ text: ID_CARD_AUTOFILL_DONE, unreadable: false });
  }

  return (
    <section className="id-card-autofill" data-testid="id-card-autofill">
      {open ? (
        <>
          <PhotoFrame
            key={attempt}
            label={ID_CARD_PAGE_FRONT}
            hint={note?.unreadable ? OCR_UNREADABLE : ID_CARD_PAGE_FRAME_HINT}
            onUploaded={(key) => void onUploaded(key)}
            testId="id-card-autofill-front"
          />
          {check.isPending ? (
            <p className="ocr-status" role="status">
              {OCR_RUNNING}
            </p>
          ) : null}
          {note ? (
            <p className={note.unreadable ? 'id-card-retake' : 'ocr-confirmed'} role={note.unreadable ? 'alert' : 'status'}>
              {note.text}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <Button block fill="outline" color="primary" shape="rounded" onClick={() => setOpen(true)}>
            <CameraOutline /> {ID_CARD_AUTOFILL}
          </Button>
          <p className="step-page-hint">{ID_CARD_AUTOFILL_HINT}</p>
        </>
      )}
    </section>
  );
}
