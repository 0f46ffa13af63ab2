import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Radio from 'antd-mobile/es/components/radio';
import * as M from '@app/contract/messages/identity-document.ts';
import { GENDER_LABELS } from '@app/contract/messages/onboarding.ts';
import { ID_CARD_FIELDS, LOW_CONFIDENCE, type IdCardField } from '@app/contract/schemas/identity-document.ts';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { useOcrCheck, useOcrConfirm, type OcrConfirmation, type OcrProposal } from '../api/ocr.ts';

type Values = Record<IdCardField, string>;

/** What the page says under one field: not read, low confidence, differs from step 1, corrected. */
function fieldNotes(proposal: OcrProposal, field: IdCardField, confirmation: OcrConfirmation | undefined): string[] {
  const proposed = proposal.fields[field];
  const notes: string[] = [];
  if (field === 'idNumber' && proposal.idNumberRejected) notes.push(M.OCR_ID_NUMBER_REJECTED);
  else if (proposed.value === null) notes.push(M.OCR_NOT_READ);
  else if (proposed.confidence < LOW_CONFIDENCE) notes.push(M.OCR_CONFIDENCE_LOW);
  const differences = confirmation?.stepOneDifferences ?? proposal.stepOneDifferences;
  if (differences.includes(field)) notes.push(M.OCR_STEP_ONE_DIFFERS);
  if (confirmation?.correctedFields.includes(field)) notes.push(M.OCR_CORRECTED);
  return notes;
}

/**
 * The ID card front read on the server: the proposal, field by field, for the user to
 * check against the card and correct; a difference from step 1 is shown, never applied.
 */
export function OcrProposalPanel({ frontKey }: { frontKey: string }) {
  const check = useOcrCheck();
  const confirm = useOcrConfirm();
  const [form] = Form.useForm<Values>();
  const proposal = check.data;
  const confirmation = confirm.data;

  async function onRead() {
    confirm.reset();
    try {
      const answer = await check.mutateAsync(frontKey);
      form.setFieldsValue(Object.fromEntries(ID_CARD_FIELDS.map((field) => [field, answer.fields[field].value ?? ''])) as Values);
    } catch {
      // The request layer showed the refusal.
    }
  }

  async function onConfirm(values: Values) {
    if (!proposal) return;
    try {
      await confirm.mutateAsync({ readingId: proposal.readingId, ...values, gender: values.gender as 'male' | 'female' });
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <section className="ocr-proposal" data-testid="ocr-proposal">
      <Button block fill="outline" color="primary" loading={check.isPending} disabled={!frontKey} onClick={() => void onRead()}>
        {check.isPending ? M.OCR_RUNNING : M.OCR_START}
      </Button>
      {proposal && (
        <>
          <h3>{M.OCR_TITLE}</h3>
          <p className="step-page-intro">{M.OCR_HINT}</p>
          <Form
            form={form}
            layout="horizontal"
            onFinish={(values) => void onConfirm(values)}
            footer={
              <Button block type="submit" color="primary" loading={confirm.isPending}>
                {M.OCR_CONFIRM}
              </Button>
            }
          >
            {ID_CARD_FIELDS.map((field) => {
              const notes = fieldNotes(proposal, field, confirmation);
              return (
                <Form.Item
                  key={field}
                  name={field}
                  label={M.OCR_FIELD_LABELS[field]}
                  description={notes.length > 0 ? notes.join('；') : undefined}
                  rules={[{ required: true, message: M.OCR_NOT_READ }]}
                >
                  {field === 'gender' ? (
                    <Radio.Group>
                      <Radio value="male">{GENDER_LABELS.male}</Radio>
                      <Radio value="female">{GENDER_LABELS.female}</Radio>
                    </Radio.Group>
                  ) : (
                    <Input type={field.endsWith('Date') ? 'date' : 'text'} data-testid={`ocr-${field}`} />
                  )}
                </Form.Item>
              );
            })}
          </Form>
          {(confirmation?.stepOneDifferences ?? proposal.stepOneDifferences).length > 0 && <FormError message={M.OCR_STEP_ONE_NOTE} />}
          {confirmation && <p role="status">{M.OCR_CONFIRMED}</p>}
        </>
      )}
    </section>
  );
}
