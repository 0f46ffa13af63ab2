import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
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
  bankAccountLengthRule,
} from '@app/contract/messages/bank-accounts.ts';
import { bankAccountLengthOf, fitsBankAccountLength, normalizeBankAccount } from '@app/contract/validators/bank-account.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { useQueryUserDetail } from '../../../shared/api/query-user-detail.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { PhotoFrame } from '../../../shared/ui/photo-frame.tsx';
import { useBankBranchList } from '../api/bank-branch-list.ts';
import type { Bank } from '../api/bank-list.ts';
import type { BankCard } from '../api/bind-card-list.ts';
import { useBindCard, type BindCardInput } from '../api/bind-card-bind.ts';
import { useBankChoice } from '../store/bank-choice-store.ts';
import { clearDraft, draftString, readDraft, writeDraft } from '../../../shared/store/form-drafts.ts';
import { BranchSearchInput } from './branch-search-input.tsx';

interface Values {
  branch?: string;
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

/** The bank of the draft, when it has the shape of one (the draft is user-editable storage). */
function draftBank(draft: Record<string, unknown> | undefined): Bank | undefined {
  const bank = draft?.bank;
  if (typeof bank !== 'object' || bank === null) return undefined;
  const { code, name, hasBranches } = bank as Record<string, unknown>;
  return typeof code === 'string' && typeof name === 'string' && typeof hasBranches === 'boolean' ? { code, name, hasBranches } : undefined;
}

/** A passbook cover is about as wide as a card is: 3:2 fits most Taiwan passbooks. */
const PASSBOOK_RATIO = 3 / 2;

/**
 * Adds a card: the bank (chosen on /pages/me/bankSelect), its branch, the account number
 * (checked by the contract's rule), the holder's name and an optional passbook cover.
 */
export function AddCardForm({ onBound }: { onBound: (card: BankCard) => void }) {
  const navigate = useNavigate();
  const bank = useBankChoice((s) => s.bank);
  const clearBank = useBankChoice((s) => s.clear);
  const branches = useBankBranchList(bank?.code);
  const detail = useQueryUserDetail(true);
  const bind = useBindCard();
  const [form] = Form.useForm<Values>();
  const [passbookKey, setPassbookKey] = useState<string>();
  const needsBranch = bank?.hasBranches === true;
  // What was typed and not bound (a reload, a back, a relogin): the bank, branch, account and name.
  const [draft] = useState(() => readDraft('bank'));
  const chooseBank = useBankChoice((s) => s.choose);
  useEffect(() => {
    const drafted = draftBank(draft);
    if (!useBankChoice.getState().bank && drafted) chooseBank(drafted);
  }, [draft, chooseBank]);
  const initial: Values = {
    branch: draftString(draft, 'branch'),
    accountNumber: draftString(draft, 'accountNumber'),
    holderName: draftString(draft, 'holderName'),
  };
  const keepDraft = (values: Values) => writeDraft('bank', { ...values, bank: useBankChoice.getState().bank ?? undefined });
  // A bank chosen on bankSelect is part of the draft too.
  useEffect(
    // Every value of the store (true), also the branch whose row shows only once the bank is back.
    () =>
      useBankChoice.subscribe((state) => writeDraft('bank', { ...(form.getFieldsValue(true) as Values), bank: state.bank ?? undefined })),
    [form],
  );

  // The holder is the verified person: their name from step 1, which they may still correct.
  const verifiedName = detail.data?.personal?.name;
  useEffect(() => {
    if (verifiedName && !form.getFieldValue('holderName')) form.setFieldsValue({ holderName: verifiedName });
  }, [verifiedName, form]);

  // Another bank, other branches (the bank the form opened with keeps the drafted branch).
  const shownBank = useRef(bank?.code ?? draftBank(draft)?.code);
  useEffect(() => {
    const code = bank?.code;
    if (code === undefined || code === shownBank.current) return;
    const changed = shownBank.current !== undefined;
    shownBank.current = code;
    if (changed) form.setFieldsValue({ branch: undefined });
  }, [bank?.code, form]);

  async function onFinish(values: Values) {
    if (!bank) return;
    const input: BindCardInput = {
      bankCode: bank.code,
      ...(values.branch ? { branchCode: values.branch } : {}),
      accountNumber: values.accountNumber ?? '',
      holderName: values.holderName ?? '',
      ...(passbookKey ? { passbookImageKey: passbookKey } : {}),
    };
    if (!ZBindCardRequestSchema.safeParse(input).success) return;
    let card: BankCard;
    try {
      ({ card } = await bind.mutateAsync(input));
    } catch {
      return;
    }
    clearBank();
    clearDraft('bank');
    toastSuccess(BANK_CARD_BOUND);
    onBound(card);
  }

  return (
    <Form
      form={form}
      mode="card"
      layout="horizontal"
      initialValues={initial}
      onValuesChange={(_changed, all: Values) => keepDraft(all)}
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
        onClick={() => void navigate(ROUTES.bankSelect)}
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
          arrow={needsBranch}
          disabled={!needsBranch}
          description={needsBranch ? undefined : BANK_BRANCH_OPTIONAL}
          rules={needsBranch ? [{ required: true, message: BANK_BRANCH_REQUIRED }] : []}
        >
          <BranchSearchInput
            branches={branches.data?.branches ?? []}
            disabled={!needsBranch || branches.isPending}
            placeholder={needsBranch ? T.BANK_PAGE_BRANCH_PLACEHOLDER : '—'}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="accountNumber"
        label={BANK_ACCOUNT_LABEL}
        required
        dependencies={['bankCode']}
        rules={[
          zodRule(ZBankAccountNumberSchema),
          {
            // The bank's own length, where it is known (中華郵政: 14 digits).
            validator: async (_rule, value: unknown) => {
              const code = useBankChoice.getState().bank?.code;
              const length = code ? bankAccountLengthOf(code) : undefined;
              if (!code || length === undefined || typeof value !== 'string') return;
              if (!fitsBankAccountLength(code, normalizeBankAccount(value)))
                throw new Error(bankAccountLengthRule(useBankChoice.getState().bank?.name ?? code, length));
            },
          },
        ]}
      >
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
