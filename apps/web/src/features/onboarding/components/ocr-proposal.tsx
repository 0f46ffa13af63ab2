import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Radio from 'antd-mobile/es/components/radio';
import { CANCEL } from '@app/contract/messages/app-shell.ts';
import * as M from '@app/contract/messages/identity-document.ts';
import { GENDER_LABELS } from '@app/contract/messages/onboarding.ts';
import { ID_CARD_FIELDS, LOW_CONFIDENCE, type IdCardField } from '@app/contract/schemas/identity-document.ts';
import { ZIdentityNumberSchema } from '@app/contract/schemas/onboarding.ts';
import { maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { UserDetail } from '../../../shared/api/query-user-detail.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { useOcrCheck, useOcrConfirm, type OcrConfirmation, type OcrProposal } from '../api/ocr.ts';
import { RocDateInput } from './roc-date-input.tsx';

export type OcrValues = Partial<Record<IdCardField, string>>;

/** What the page says under one field: not read, low confidence, differs from step 1, corrected. */
function fieldNotes(proposal: OcrProposal, field: IdCardField, confirmation: OcrConfirmation | undefined): string[] {
  const proposed = proposal.fields[field];
  const notes: string[] = [];
  if (field === 'idNumber' && proposal.idNumberRejected) notes.push(M.OCR_ID_NUMBER_REJECTED);
  else if (proposed.value === null && proposed.choices?.length) notes.push(M.OCR_PICK_ONE);
  else if (proposed.value === null) notes.push(M.OCR_NOT_READ);
  else if (field === 'gender' && proposal.genderFromIdNumber) notes.push(M.OCR_GENDER_FROM_ID_NUMBER);
  else if (proposed.confidence < LOW_CONFIDENCE) notes.push(M.OCR_CONFIDENCE_LOW);
  const differences = confirmation?.stepOneDifferences ?? proposal.stepOneDifferences;
  if (differences.includes(field)) notes.push(M.OCR_STEP_ONE_DIFFERS);
  if (confirmation?.correctedFields.includes(field)) notes.push(M.OCR_CORRECTED);
  return notes;
}

/** The fields the borrower's values differ in from step 1, as far as the page knows step 1 (its ID number masked). */
function differingFields(values: OcrValues, personal: UserDetail['personal'], proposal: OcrProposal): IdCardField[] {
  if (!personal) return [];
  const fields: IdCardField[] = [];
  if (values.name !== undefined && values.name.trim() !== personal.name.trim()) fields.push('name');
  const idNumber = values.idNumber?.trim().toUpperCase() ?? '';
  const maskDiffers = personal.maskedIdNumber !== undefined && idNumber !== '' && maskIdentityNumber(idNumber) !== personal.maskedIdNumber;
  const serverSaidSo = proposal.stepOneDifferences.includes('idNumber') && idNumber === proposal.fields.idNumber.value;
  if (maskDiffers || serverSaidSo) fields.push('idNumber');
  if (values.birthDate !== undefined && values.birthDate !== personal.birthDate) fields.push('birthDate');
  if (values.gender !== undefined && values.gender !== personal.gender) fields.push('gender');
  return fields;
}

/** The borrower's answer to differences from step 1: keep the card's values (review), fix step 1, or look again. */
function askAboutDifferences(fields: readonly IdCardField[]): Promise<'accept' | 'fix' | 'cancel'> {
  return new Promise((resolve) => {
    Dialog.show({
      title: M.OCR_DIFFERENCES_TITLE,
      content: fields.length > 0 ? M.ocrDifferencesContent(fields.map((f) => M.OCR_FIELD_LABELS[f])) : M.OCR_DIFFERENCES_NOT_ACCEPTED,
      closeOnAction: true,
      onClose: () => resolve('cancel'),
      actions: [
        [{ key: 'accept', text: M.OCR_ACCEPT_DIFFERENCES, bold: true }],
        [{ key: 'fix', text: M.OCR_FIX_STEP_ONE }],
        [{ key: 'cancel', text: CANCEL }],
      ],
      onAction: (action) => resolve(action.key as 'accept' | 'fix' | 'cancel'),
    });
  });
}

/**
 * What the field starts with: the value read; for a field offered as choices, what they
 * share when it is the ID number's digits (only the letter is asked), else nothing.
 */
function initialOf(proposal: OcrProposal, field: IdCardField): string | undefined {
  const { value, choices } = proposal.fields[field];
  if (value !== null) return value;
  if (field === 'idNumber' && choices?.length) return choices[0]!.slice(1);
  return undefined;
}

/** A choice's button text: the ID number's letter alone (the digits are in the field), a name whole. */
const choiceLabel = (field: IdCardField, choice: string) => (field === 'idNumber' ? choice.charAt(0) : choice);

export interface OcrProposalPanelProps {
  frontKey: string;
  personal: UserDetail['personal'];
  /** The corrections typed before a reload (the draft), laid over the new reading. */
  typed?: OcrValues;
  onTyped: (corrections: OcrValues) => void;
  onConfirmed: (confirmation: OcrConfirmation) => void;
  /** The reader got nothing from the photo: the page asks for another one. */
  onUnreadable: () => void;
}

/**
 * The ID card front read on the server as soon as it is uploaded: the proposal, field by
 * field, for the user to check against the card and correct. A confirmation that
 * differs from step 1 is the borrower's choice: fix step 1, or keep the card's values
 * and send the application to staff review.
 */
export function OcrProposalPanel({ frontKey, personal, typed, onTyped, onConfirmed, onUnreadable }: OcrProposalPanelProps) {
  const navigate = useNavigate();
  const check = useOcrCheck();
  const confirm = useOcrConfirm();
  const [proposal, setProposal] = useState<OcrProposal>();
  const [confirmation, setConfirmation] = useState<OcrConfirmation>();
  const [form] = Form.useForm<OcrValues>();
  const readKey = useRef<string>(undefined);
  const typedAtStart = useRef(typed);

  useEffect(() => {
    if (readKey.current === frontKey) return;
    readKey.current = frontKey;
    setProposal(undefined);
    setConfirmation(undefined);
    check
      .mutateAsync(frontKey)
      .then((answer) => (answer.unreadable ? onUnreadable() : setProposal(answer.proposal)))
      .catch(() => undefined); // the request layer showed the refusal
  }, [frontKey, check, onUnreadable]);

  function corrections(values: OcrValues): OcrValues {
    if (!proposal) return {};
    return Object.fromEntries(
      ID_CARD_FIELDS.filter((f) => values[f] !== undefined && values[f] !== (proposal.fields[f].value ?? undefined)).map((f) => [
        f,
        values[f],
      ]),
    );
  }

  async function onConfirm(values: OcrValues, acceptDifferences = false) {
    if (!proposal) return;
    let answer;
    try {
      answer = await confirm.mutateAsync({
        readingId: proposal.readingId,
        name: values.name ?? '',
        idNumber: values.idNumber ?? '',
        birthDate: values.birthDate ?? '',
        gender: values.gender as 'male' | 'female',
        issueDate: values.issueDate ?? '',
        ...(acceptDifferences ? { acceptDifferences: true } : {}),
      });
    } catch {
      return; // shown by the request layer
    }
    if (answer.differs) {
      const choice = await askAboutDifferences(differingFields(values, personal, proposal));
      if (choice === 'accept') await onConfirm(values, true);
      else if (choice === 'fix') void navigate(ROUTES.userInfo);
      return;
    }
    setConfirmation(answer.confirmation);
    onConfirmed(answer.confirmation);
  }

  const initial: OcrValues | undefined = proposal
    ? {
        ...Object.fromEntries(ID_CARD_FIELDS.map((f) => [f, initialOf(proposal, f)])),
        ...typedAtStart.current,
      }
    : undefined;

  return (
    <section className="ocr-proposal" data-testid="ocr-proposal" aria-busy={check.isPending}>
      {check.isPending ? (
        <p className="ocr-status" role="status">
          {M.OCR_RUNNING}
        </p>
      ) : null}
      {proposal && initial ? (
        <>
          <h3>{M.OCR_TITLE}</h3>
          <p className="step-page-intro">{M.OCR_HINT}</p>
          <Form
            key={proposal.readingId}
            form={form}
            layout="horizontal"
            initialValues={initial}
            onValuesChange={(_changed, all: OcrValues) => onTyped(corrections(all))}
            onFinish={(values: OcrValues) => void onConfirm(values)}
            footer={
              <Button block type="submit" color="primary" size="large" shape="rounded" loading={confirm.isPending}>
                {M.OCR_CONFIRM}
              </Button>
            }
          >
            {ID_CARD_FIELDS.map((field) => {
              const notes = fieldNotes(proposal, field, confirmation);
              const choices = proposal.fields[field].value === null ? (proposal.fields[field].choices ?? []) : [];
              const pick = (choice: string) => {
                form.setFieldValue(field, choice);
                onTyped(corrections(form.getFieldsValue(true)));
                void form.validateFields([field]).catch(() => undefined);
              };
              const rules =
                field === 'idNumber'
                  ? [zodRule(ZIdentityNumberSchema, (v) => (typeof v === 'string' ? v : ''))]
                  : [{ required: true, message: M.OCR_FIELD_REQUIRED }];
              return (
                <Form.Item
                  key={field}
                  name={field}
                  label={M.OCR_FIELD_LABELS[field]}
                  description={
                    notes.length > 0 || choices.length > 0 ? (
                      <>
                        {notes.length > 0 ? <span className="ocr-note">{notes.join('；')}</span> : null}
                        {choices.length > 0 ? (
                          <span className="ocr-choices" role="group" aria-label={M.OCR_PICK_ONE} data-testid={`ocr-${field}-choices`}>
                            {choices.map((choice) => (
                              <Button key={choice} size="small" shape="rounded" fill="outline" color="primary" onClick={() => pick(choice)}>
                                {choiceLabel(field, choice)}
                              </Button>
                            ))}
                          </span>
                        ) : null}
                      </>
                    ) : undefined
                  }
                  rules={rules}
                >
                  {field === 'gender' ? (
                    <Radio.Group>
                      <div className="ocr-gender">
                        <Radio value="male">{GENDER_LABELS.male}</Radio>
                        <Radio value="female">{GENDER_LABELS.female}</Radio>
                      </div>
                    </Radio.Group>
                  ) : field === 'birthDate' || field === 'issueDate' ? (
                    <RocDateInput title={M.OCR_FIELD_LABELS[field]} testId={`ocr-${field}`} />
                  ) : (
                    <Input data-testid={`ocr-${field}`} maxLength={field === 'idNumber' ? 10 : 32} autoComplete="off" />
                  )}
                </Form.Item>
              );
            })}
          </Form>
          {(confirmation?.stepOneDifferences ?? proposal.stepOneDifferences).length > 0 && !confirmation ? (
            <p className="ocr-note ocr-step-one-note">{M.OCR_STEP_ONE_NOTE}</p>
          ) : null}
          {confirmation ? (
            <p role="status" className="ocr-confirmed">
              {confirmation.acceptedDifferences.length > 0 ? M.OCR_DIFFERENCES_ACCEPTED : M.OCR_CONFIRMED}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
