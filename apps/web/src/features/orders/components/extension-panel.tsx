import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Dialog from 'antd-mobile/es/components/dialog';
import List from 'antd-mobile/es/components/list';
import * as T from '@app/contract/messages/order-pages.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import type { OrderPayment } from '../../../shared/orders/order-detail.ts';
import { useExtensionRepay, useExtensionTrial, type ExtensionTrial, type RepayChannel } from '../api/repayments.ts';
import { formatDate, formatMoney } from '../../../shared/utils/format.ts';
import { ChannelChoices } from './channel-choices.tsx';

/**
 * Extending a single-repayment loan: the trial (interest accrued so far plus the fee,
 * the new due date, the whole loan's APR within the cap) or why it is not possible; the
 * borrower ticks the consent (never pre-ticked), picks a channel and confirms once more.
 */
export function ExtensionPanel({
  orderId,
  channels,
  onIssued,
}: {
  orderId: string;
  channels: readonly RepayChannel[];
  onIssued: (payment: OrderPayment) => void;
}) {
  const trial = useExtensionTrial(orderId, true);
  // A new trial (an extension applied, a day passed) is a new form: the consent is asked again.
  return (
    <QueryState query={trial}>
      {(answer) => (
        <ExtensionTrialView
          key={`${answer.currentDueDate}|${answer.extensionsUsed}|${answer.dueNow}|${answer.allowed}`}
          orderId={orderId}
          trial={answer}
          channels={channels}
          onIssued={onIssued}
        />
      )}
    </QueryState>
  );
}

function ExtensionTrialView({
  orderId,
  trial,
  channels,
  onIssued,
}: {
  orderId: string;
  trial: ExtensionTrial;
  channels: readonly RepayChannel[];
  onIssued: (payment: OrderPayment) => void;
}) {
  const [consent, setConsent] = useState(false);
  const [channelCode, setChannelCode] = useState<string>();
  const [error, setError] = useState<string>();
  const repay = useExtensionRepay(orderId);
  const payable = channels.filter((c) => c.code !== 'manual');
  const channel = payable.find((c) => c.code === channelCode);

  async function submit() {
    if (!consent) return setError(T.EXTENSION_CONSENT_REQUIRED);
    if (!channel || (channel.code !== 'cvs' && channel.code !== 'atm')) return setError(T.ORDER_PAY_CHOOSE_CHANNEL_FIRST);
    if (trial.dueNow > channel.maxAmount || trial.dueNow < channel.minAmount) return setError(T.ORDER_PAY_CHOOSE_CHANNEL_FIRST);
    setError(undefined);
    const confirmed = await Dialog.confirm({
      title: T.EXTENSION_CONFIRM_TITLE,
      content: T.extensionConfirmText(trial.dueNow, formatDate(trial.newDueDate ?? '')),
      confirmText: T.EXTENSION_CONFIRM_OK,
      cancelText: T.EXTENSION_CONFIRM_CANCEL,
    });
    if (!confirmed) return;
    try {
      onIssued(await repay.mutateAsync({ channel: channel.code, amount: trial.dueNow }));
    } catch {
      // The query client showed the server's refusal.
    }
  }

  if (!trial.allowed) {
    return (
      <div className="extension-panel" data-testid="extension-panel" data-allowed="false">
        <EmptyState title={T.EXTENSION_NOT_ALLOWED} description={trial.refusal ?? undefined} className="extension-refused" />
        <List className="order-facts">
          <List.Item extra={trial.currentDueDate ? formatDate(trial.currentDueDate) : '—'}>{T.EXTENSION_CURRENT_DUE}</List.Item>
          <List.Item extra={T.extensionCountText(trial.extensionsUsed, trial.extensionsMax)}>{T.EXTENSION_COUNT}</List.Item>
        </List>
      </div>
    );
  }

  return (
    <div className="extension-panel" data-testid="extension-panel" data-allowed="true">
      <h3 className="order-subtitle">{T.EXTENSION_TITLE}</h3>
      <p className="order-note">{T.EXTENSION_INTRO}</p>
      <List className="order-facts" data-testid="extension-trial">
        <List.Item extra={formatMoney(trial.accruedInterest)}>{T.EXTENSION_ACCRUED}</List.Item>
        <List.Item extra={formatMoney(trial.fee)}>{T.EXTENSION_FEE}</List.Item>
        <List.Item extra={<strong data-testid="extension-due-now">{formatMoney(trial.dueNow)}</strong>}>{T.EXTENSION_DUE_NOW}</List.Item>
        <List.Item extra={trial.currentDueDate ? formatDate(trial.currentDueDate) : '—'}>{T.EXTENSION_CURRENT_DUE}</List.Item>
        <List.Item extra={<strong data-testid="extension-new-due">{trial.newDueDate ? formatDate(trial.newDueDate) : '—'}</strong>}>
          {T.EXTENSION_NEW_DUE}
        </List.Item>
        <List.Item extra={T.extensionCountText(trial.extensionsUsed, trial.extensionsMax)}>{T.EXTENSION_COUNT}</List.Item>
        <List.Item extra={T.extensionAprText(trial.aprPercent, trial.aprCapPercent)} description={T.ORDER_DETAIL_APR_NOTE}>
          {T.EXTENSION_APR}
        </List.Item>
      </List>
      <h3 className="order-subtitle">{T.ORDER_PAY_CHANNEL_TITLE}</h3>
      <ChannelChoices channels={payable} amount={trial.dueNow} value={channelCode} onChange={setChannelCode} />
      <div className="order-pay-actions">
        <Checkbox
          className="extension-consent"
          checked={consent}
          onChange={(checked) => {
            setConsent(checked);
            setError(undefined);
          }}
          data-testid="extension-consent"
        >
          {T.EXTENSION_CONSENT}
        </Checkbox>
        <FormError message={error} />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={repay.isPending}
          onClick={() => void submit()}
          data-testid="extension-submit"
        >
          {channel?.code === 'atm' ? T.EXTENSION_SUBMIT_ATM : T.EXTENSION_SUBMIT_CVS}
        </Button>
      </div>
    </div>
  );
}
