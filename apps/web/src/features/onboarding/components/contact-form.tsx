import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import {
  CONTACT_RELATIONSHIPS,
  MAX_EMERGENCY_CONTACTS,
  MIN_EMERGENCY_CONTACTS,
  ZEmergencyContactAddRequestSchema,
} from '@app/contract/schemas/onboarding.ts';
import {
  CONTACT_CONSENT_LABEL,
  CONTACT_CONSENT_REQUIRED,
  CONTACT_CONSENT_TEXT,
  CONTACT_MOBILE_INVALID,
  CONTACT_NAME_REQUIRED,
  CONTACTS_DUPLICATE,
  RELATIONSHIP_LABELS,
} from '@app/contract/messages/onboarding.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { normalizeTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { UserDetail } from '../../../shared/api/query-user-detail.ts';
import { PickerItem, choicesOf, pickedKey } from '../../../shared/forms/picker-item.tsx';
import { requiredRule } from '../../../shared/forms/zod-rule.ts';
import { useContinueOnboarding } from '../../../shared/hooks/use-continue-onboarding.ts';
import { clearDraft, readDraft, writeDraft } from '../../../shared/store/form-drafts.ts';
import { useEmergencyContactAdd, type EmergencyContactAddInput } from '../api/emergency-contact-add.ts';
import './onboarding-forms.css';

interface ContactValues {
  name?: string;
  relationship?: string[];
  mobile?: string;
}
interface Values {
  contacts?: ContactValues[];
  consent?: boolean;
}

const relationshipChoices = choicesOf(CONTACT_RELATIONSHIPS, RELATIONSHIP_LABELS);
/** The contacts of the draft, each field only when it is a string (or a list of them). */
function draftContacts(): ContactValues[] | undefined {
  const list = readDraft('contact')?.contacts;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  return list.slice(0, MAX_EMERGENCY_CONTACTS).map((raw: unknown) => {
    const c = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return {
      ...(typeof c.name === 'string' ? { name: c.name } : {}),
      ...(Array.isArray(c.relationship) && c.relationship.every((v) => typeof v === 'string')
        ? { relationship: c.relationship as string[] }
        : {}),
      ...(typeof c.mobile === 'string' ? { mobile: c.mobile } : {}),
    };
  });
}

const emptyContacts = (): ContactValues[] => Array.from({ length: MIN_EMERGENCY_CONTACTS }, () => ({}));

/** The saved contacts, numbers masked: shown as they are, with the way on or to change them. */
function SavedContacts({ detail, onEdit, onNext }: { detail: UserDetail; onEdit: () => void; onNext: () => void }) {
  return (
    <>
      <List mode="card" header={T.PAGE_STEP_SAVED} className="saved-contacts">
        {detail.contacts.map((contact, i) => (
          <List.Item key={i} description={RELATIONSHIP_LABELS[contact.relationship]} extra={contact.maskedMobile}>
            {contact.name}
          </List.Item>
        ))}
      </List>
      <div className="step-page-actions">
        <Button block color="primary" size="large" shape="rounded" onClick={onNext}>
          {T.PAGE_STEP_NEXT}
        </Button>
        <Button block fill="outline" shape="rounded" onClick={onEdit}>
          {T.CONTACT_PAGE_EDIT}
        </Button>
      </div>
    </>
  );
}

/** Step 2 (聯絡人): at least two contacts typed by the user, with the PDPA art. 9 notice. */
export function ContactForm({ detail }: { detail: UserDetail }) {
  const save = useEmergencyContactAdd();
  const continueOnboarding = useContinueOnboarding('contacts');
  // Contacts typed and not saved (a reload, a back, a relogin) reopen the form with them.
  const [drafted] = useState(draftContacts);
  const [editing, setEditing] = useState(detail.contacts.length === 0 || drafted !== undefined);
  const [form] = Form.useForm<Values>();

  if (!editing) return <SavedContacts detail={detail} onEdit={() => setEditing(true)} onNext={() => void continueOnboarding()} />;

  const initial: ContactValues[] =
    drafted ??
    (detail.contacts.length > 0 ? detail.contacts.map((c) => ({ name: c.name, relationship: [c.relationship] })) : emptyContacts());

  async function onFinish(values: Values) {
    const input: EmergencyContactAddInput = {
      contacts: (values.contacts ?? []).map((c) => ({
        name: c.name ?? '',
        relationship: pickedKey(c.relationship) as EmergencyContactAddInput['contacts'][number]['relationship'],
        mobile: c.mobile ?? '',
      })),
      consent: values.consent === true,
    } as EmergencyContactAddInput;
    // The list-wide rules (how many, no number twice) from the contract's schema.
    const checked = ZEmergencyContactAddRequestSchema.safeParse(input);
    if (!checked.success) {
      const listIssue = checked.error.issues.find((issue) => issue.path.length <= 1);
      if (listIssue) {
        form.setFields([{ name: 'consent', errors: [listIssue.message] }]);
        return;
      }
    }
    try {
      await save.mutateAsync(input);
    } catch {
      return;
    }
    clearDraft('contact');
    await continueOnboarding();
  }

  return (
    <Form
      form={form}
      mode="card"
      layout="horizontal"
      initialValues={{ contacts: initial, consent: false }}
      onValuesChange={(_changed, all: Values) => writeDraft('contact', { contacts: all.contacts })}
      onFinish={(values: Values) => void onFinish(values)}
      footer={
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={save.isPending}>
          {T.PAGE_STEP_SAVE_NEXT}
        </Button>
      }
    >
      {detail.contacts.length > 0 ? <p className="step-page-hint">{T.CONTACT_PAGE_SAVED_MOBILE_HINT}</p> : null}
      <Form.Array
        name="contacts"
        renderAdd={() => <span className="step-page-link">+ {T.CONTACT_PAGE_ADD}</span>}
        onAdd={(operation) => {
          const count = (form.getFieldValue('contacts') as ContactValues[] | undefined)?.length ?? 0;
          if (count < MAX_EMERGENCY_CONTACTS) operation.add({});
        }}
        renderHeader={({ index }, { remove }) => (
          <div className="contact-header">
            <span>{T.contactPageHeading(index + 1)}</span>
            {index >= MIN_EMERGENCY_CONTACTS ? (
              <button type="button" className="step-page-link" onClick={() => remove(index)}>
                {T.CONTACT_PAGE_REMOVE}
              </button>
            ) : null}
          </div>
        )}
      >
        {(fields) =>
          fields.map(({ index }) => (
            <div key={index} className="contact-fields">
              <Form.Item
                name={[index, 'name']}
                label={T.CONTACT_PAGE_NAME}
                rules={[{ required: true, whitespace: true, message: CONTACT_NAME_REQUIRED }]}
              >
                <Input placeholder={T.CONTACT_PAGE_NAME_PLACEHOLDER} maxLength={32} />
              </Form.Item>
              <PickerItem
                name={[index, 'relationship']}
                label={T.CONTACT_PAGE_RELATIONSHIP}
                choices={relationshipChoices}
                rules={[requiredRule(T.PAGE_FIELD_REQUIRED)]}
              />
              <Form.Item
                name={[index, 'mobile']}
                label={T.CONTACT_PAGE_MOBILE}
                required
                rules={[
                  {
                    validator: async (_rule, value: unknown) => {
                      if (typeof value !== 'string' || !normalizeTaiwanMobile(value)) throw new Error(CONTACT_MOBILE_INVALID);
                      const all = (form.getFieldValue('contacts') as ContactValues[] | undefined) ?? [];
                      const mine = normalizeTaiwanMobile(value);
                      if (all.filter((c) => c.mobile && normalizeTaiwanMobile(c.mobile) === mine).length > 1)
                        throw new Error(CONTACTS_DUPLICATE);
                    },
                  },
                ]}
              >
                <Input placeholder={T.CONTACT_PAGE_MOBILE_PLACEHOLDER} type="tel" inputMode="numeric" maxLength={13} />
              </Form.Item>
            </div>
          ))
        }
      </Form.Array>
      <Form.Item
        name="consent"
        valuePropName="checked"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (value !== true) throw new Error(CONTACT_CONSENT_REQUIRED);
            },
          },
        ]}
      >
        <Checkbox className="contact-consent">{CONTACT_CONSENT_LABEL}</Checkbox>
      </Form.Item>
      <p className="contact-consent-text">{CONTACT_CONSENT_TEXT}</p>
    </Form>
  );
}
