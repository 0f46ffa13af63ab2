import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Picker, { type PickerRef } from 'antd-mobile/es/components/picker';
import { ZBankAccountNumberSchema, ZBindCardRequestSchema } from '@app/contract/schemas/bank-accounts.ts';
import {
  BANK_ACCOUNT_LABEL,
  BANK_ACCOUNT_PLACEHOLDER,
  BANK_BRANCH_LABEL,
  BANK_BRANCH_OPTIONAL,
  BANK_BRANCH_REQUIRED,
  BANK_CARD_BOUND,
  BANK_CARD_SUBMIT,
  BANK_HOLDER_NAME_HINT,
  BANK_HOLDER_NAME_LABEL,
  BANK_NAME_LABEL,
  BANK_PASSBOOK_COVER_HINT,
  BANK_PASSBOOK_COVER_LABEL,
} from '@app/contract/messages/bank-accounts.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { useQueryUserDetail } from '../../../shared/api/query-user-detail.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { PhotoFrame } from '../../../shared/ui/photo-frame.tsx';
import { useBankBranchList } from '../api/bank-branch-list.ts';
import type { Bank } from '../api/bank-list.ts';
import { useBindCard, type BindCardInput } from '../api/bind-card-bind.ts';
import { useBankChoice } from '../store/bank-choice-store.ts';

interface Values {
  branch?: string[];
  accountNumber?: string;
  holderName?: string;
}

/** The chosen bank as the form row shows it (the value lives in the bank-choice store). */
function BankValue({ bank }: { bank: Bank | null }) {
  return bank ? (
    <span className="picker-value">
      {bank.code} {bank.name}
    </span>
  ) : (
    <span className="picker-placeholder">{T.BANK_PAGE_BANK_PLACEHOLDER}</span>
  );
}

/** A passbook cover is about as wide as a card is: 3:2 fits most Taiwan passbooks. */
const PASSBOOK_RATIO = 3 / 2;

/**
 * Adds a card: the bank (chosen on /pages/me/bankSelect), its branch, the account number
 * (checked by the contract's rule), the holder's name and an optional passbook cover.
 */
export function AddCardForm({ onBound }: { onBound: () => void }) {
  const navigate = useNavigate();
  const bank = useBankChoice((s) => s.bank);
  const clearBank = useBankChoice((s) => s.clear);
  const branches = useBankBranchList(bank?.code);
  const detail = useQueryUserDetail(true);
  const bind = useBindCard();
  const [form] = Form.useForm<Values>();
  const [passbookKey, setPassbookKey] = useState<string>();
  const needsBranch = bank?.hasBranches === true;

  // The holder is the verified person: their name from step 1, which they may still correct.
  const verifiedName = detail.data?.personal?.name;
  useEffect(() => {
    if (verifiedName && !form.getFieldValue('holderName')) form.setFieldsValue({ holderName: verifiedName });
  }, [verifiedName, form]);

  // Another bank, other branches.
  useEffect(() => {
    form.setFieldsValue({ branch: undefined });
  }, [bank?.code, form]);

  async function onFinish(values: Values) {
    if (!bank) return;
    const input: BindCardInput = {
      bankCode: bank.code,
      ...(values.branch?.[0] ? { branchCode: values.branch[0] } : {}),
      accountNumber: values.accountNumber ?? '',
      holderName: values.holderName ?? '',
      ...(passbookKey ? { passbookImageKey: passbookKey } : {}),
    };
    if (!ZBindCardRequestSchema.safeParse(input).success) return;
    try {
      await bind.mutateAsync(input);
    } catch {
      return;
    }
    clearBank();
    toastSuccess(BANK_CARD_BOUND);
    onBound();
  }

  const branchChoices = (branches.data?.branches ?? []).map((b) => ({ label: b.name, value: b.code }));
  return (
    <Form
      form={form}
      mode="card"
      layout="horizontal"
      onFinish={(values: Values) => void onFinish(values)}
      footer={
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={bind.isPending}>
          {BANK_CARD_SUBMIT}
        </Button>
      }
    >
      <Form.Item
        name="bankCode"
        label={BANK_NAME_LABEL}
        required
        arrow
        onClick={() => navigate(ROUTES.bankSelect)}
        rules={[
          {
            validator: async () => {
              if (!useBankChoice.getState().bank) throw new Error(T.BANK_PAGE_BANK_REQUIRED);
            },
          },
        ]}
        data-testid="bank-field"
      >
        <BankValue bank={bank} />
      </Form.Item>
      {bank ? (
        <Form.Item
          name="branch"
          label={BANK_BRANCH_LABEL}
          trigger="onConfirm"
          arrow={needsBranch}
          disabled={!needsBranch}
          description={needsBranch ? undefined : BANK_BRANCH_OPTIONAL}
          rules={needsBranch ? [{ required: true, message: BANK_BRANCH_REQUIRED }] : []}
          onClick={(_e, ref: RefObject<PickerRef | null>) => (needsBranch ? ref.current?.open() : undefined)}
        >
          <Picker columns={[branchChoices]} title={BANK_BRANCH_LABEL} loading={branches.isPending}>
            {(items) =>
              items[0] ? (
                <span className="picker-value">{items[0].label}</span>
              ) : (
                <span className="picker-placeholder">{needsBranch ? T.BANK_PAGE_BRANCH_PLACEHOLDER : '—'}</span>
              )
            }
          </Picker>
        </Form.Item>
      ) : null}
      <Form.Item name="accountNumber" label={BANK_ACCOUNT_LABEL} required rules={[zodRule(ZBankAccountNumberSchema)]}>
        <Input placeholder={BANK_ACCOUNT_PLACEHOLDER} inputMode="numeric" autoComplete="off" maxLength={24} />
      </Form.Item>
      <Form.Item
        name="holderName"
        label={BANK_HOLDER_NAME_LABEL}
        required
        description={BANK_HOLDER_NAME_HINT}
        rules={[zodRule(ZBindCardRequestSchema.shape.holderName)]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <div className="passbook">
        <PhotoFrame
          label={BANK_PASSBOOK_COVER_LABEL}
          hint={T.BANK_PAGE_PASSBOOK_FRAME_HINT}
          onUploaded={setPassbookKey}
          aspectRatio={PASSBOOK_RATIO}
          testId="passbook"
        />
        <p className="step-page-hint passbook-hint">{BANK_PASSBOOK_COVER_HINT}</p>
      </div>
    </Form>
  );
}
