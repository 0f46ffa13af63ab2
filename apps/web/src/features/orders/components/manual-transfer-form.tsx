import { useState, type RefObject } from 'react';
import Button from 'antd-mobile/es/components/button';
import DatePicker, { type DatePickerRef } from 'antd-mobile/es/components/date-picker';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import * as T from '@app/contract/messages/order-pages.ts';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { PhotoFrame } from '../../../shared/ui/photo-frame.tsx';
import { calendarDateToPickerDate, pickerDateToCalendarDate } from '../../../shared/utils/picker-date.ts';
import { useRepayManual } from '../api/repayments.ts';
import type { OrderPayment } from '../../../shared/orders/order-detail.ts';
import { formatDate, taipeiToday } from '../../../shared/utils/format.ts';

interface Values {
  amount?: string;
  paidOn?: Date;
  last5?: string;
}

function dateOf(calendarDate: string): Date {
  return calendarDateToPickerDate(calendarDate) ?? new Date();
}

/** How far back a transfer may be reported (a month is plenty; the operator checks the receipt). */
const REPORT_DAYS_BACK = 31;

/**
 * A transfer the borrower made themselves: amount, date, the last five digits of the
 * paying account and a photo of the receipt (uploaded first, like every photo). It
 * shows as 待確認 until an operator confirms it.
 *
 * Dates are Taipei calendar dates whatever the device's time zone: the date offered
 * first is Taipei's today, and the picker allows only the days the server accepts
 * (from the payout, at most a month back, to today).
 */
export function ManualTransferForm({
  orderId,
  disbursedOn,
  suggestedAmount,
  onDone,
}: {
  orderId: string;
  disbursedOn: string | null;
  suggestedAmount: number | undefined;
  onDone: (payment: OrderPayment) => void;
}) {
  const manual = useRepayManual(orderId);
  const [receiptKey, setReceiptKey] = useState('');
  const [error, setError] = useState<string>();
  const today = dateOf(taipeiToday());
  const monthBack = new Date(today.getTime() - REPORT_DAYS_BACK * 86_400_000);
  const payout = disbursedOn ? dateOf(disbursedOn) : monthBack;
  const earliest = payout > monthBack ? payout : monthBack;

  async function onFinish(values: Values) {
    if (!receiptKey) {
      setError(T.MANUAL_RECEIPT_REQUIRED);
      return;
    }
    setError(undefined);
    try {
      const payment = await manual.mutateAsync({
        amount: Number(values.amount),
        paidOn: pickerDateToCalendarDate(values.paidOn ?? today),
        fromAccountLast5: values.last5 ?? '',
        receiptImageKey: receiptKey,
      });
      toastSuccess(T.MANUAL_SUBMITTED);
      onDone(payment);
    } catch {
      // The query client showed the server's refusal.
    }
  }

  return (
    <section className="manual-transfer" data-testid="manual-transfer">
      <h3 className="order-subtitle">{T.MANUAL_TITLE}</h3>
      <p className="order-note">{T.MANUAL_INTRO}</p>
      <Form
        layout="horizontal"
        mode="card"
        initialValues={{ amount: suggestedAmount ? String(suggestedAmount) : '', paidOn: today }}
        onFinish={(values: Values) => void onFinish(values)}
        footer={
          <>
            <PhotoFrame
              label={T.MANUAL_RECEIPT}
              hint={T.MANUAL_RECEIPT_HINT}
              aspectRatio={4 / 3}
              onUploaded={(key) => {
                setReceiptKey(key);
                setError(undefined);
              }}
              testId="manual-receipt"
            />
            <FormError message={error} />
            <Button block type="submit" color="primary" size="large" shape="rounded" loading={manual.isPending}>
              {T.MANUAL_SUBMIT}
            </Button>
          </>
        }
      >
        <Form.Item
          name="amount"
          label={T.MANUAL_AMOUNT}
          required
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (!/^[1-9]\d{0,8}$/.test(String(value ?? ''))) throw new Error(T.MANUAL_AMOUNT_INVALID);
              },
            },
          ]}
        >
          <Input type="text" inputMode="numeric" placeholder={T.MANUAL_AMOUNT_PLACEHOLDER} maxLength={9} />
        </Form.Item>
        <Form.Item
          name="paidOn"
          label={T.MANUAL_DATE}
          required
          trigger="onConfirm"
          arrow
          rules={[{ required: true, message: T.MANUAL_DATE_REQUIRED }]}
          onClick={(_e, ref: RefObject<DatePickerRef | null>) => ref.current?.open()}
        >
          <DatePicker min={earliest} max={today} title={T.MANUAL_DATE}>
            {(value) =>
              value ? (
                <span className="picker-value">{formatDate(pickerDateToCalendarDate(value))}</span>
              ) : (
                <span className="picker-placeholder">{T.MANUAL_DATE_PLACEHOLDER}</span>
              )
            }
          </DatePicker>
        </Form.Item>
        <Form.Item
          name="last5"
          label={T.MANUAL_LAST5}
          required
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (!/^\d{5}$/.test(String(value ?? ''))) throw new Error(T.MANUAL_LAST5_INVALID);
              },
            },
          ]}
        >
          <Input type="text" inputMode="numeric" placeholder={T.MANUAL_LAST5_PLACEHOLDER} maxLength={5} />
        </Form.Item>
      </Form>
    </section>
  );
}
