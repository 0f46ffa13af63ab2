/**
 * antd-mobile's DatePicker works with Date objects at the device's local midnight; the
 * API speaks calendar dates (`YYYY-MM-DD`, Taipei). These convert between the two
 * without passing through UTC, so the day never shifts with the device's time zone.
 */
export function pickerDateToCalendarDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local-midnight Date of a calendar date; undefined when it is not one. */
export function calendarDateToPickerDate(value: string): Date | undefined {
  const [y, m, d] = value.split('-').map(Number);
  return y && m && d ? new Date(y, m - 1, d) : undefined;
}
