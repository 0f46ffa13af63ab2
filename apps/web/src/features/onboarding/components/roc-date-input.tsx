import { useState } from 'react';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { ROC_YEAR_OFFSET } from '@app/contract/date-format.ts';
import { OCR_PICK_DATE, dayLabel, monthLabel, rocYearLabel } from '@app/contract/messages/identity-document.ts';
import { formatRocDate } from '../../../shared/utils/format.ts';
import { calendarDateToPickerDate, pickerDateToCalendarDate } from '../../../shared/utils/picker-date.ts';

const MIN = new Date(1912, 0, 1);

/**
 * A date written as the ID card prints it (民國 79 年 12 月 27 日), chosen on a wheel whose
 * year column reads in the ROC calendar too. The form value stays `YYYY-MM-DD`.
 */
export function RocDateInput({
  value,
  onChange,
  title,
  testId,
}: {
  value?: string;
  onChange?: (value: string) => void;
  title: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="roc-date-value" data-testid={testId} data-value={value ?? ''} onClick={() => setOpen(true)}>
        {value ? formatRocDate(value) : <span className="picker-placeholder">{OCR_PICK_DATE}</span>}
      </button>
      <DatePicker
        visible={open}
        title={title}
        min={MIN}
        max={new Date()}
        value={value ? calendarDateToPickerDate(value) : undefined}
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange?.(pickerDateToCalendarDate(date))}
        renderLabel={(type, data) => {
          if (type === 'year') return rocYearLabel(data - ROC_YEAR_OFFSET);
          if (type === 'month') return monthLabel(data);
          if (type === 'day') return dayLabel(data);
          return String(data);
        }}
      />
    </>
  );
}
