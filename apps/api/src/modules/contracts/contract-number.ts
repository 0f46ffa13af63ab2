import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';

/**
 * `C` + the Taipei signing date + the order id on eight digits: C2026112300000042. One
 * contract per order, so the number is unique and known before the row is stored (it is
 * printed in the text the hash covers).
 */
export function contractNumber(orderId: number, signedAt: Date): string {
  return `C${taipeiCalendarDate(signedAt).replaceAll('-', '')}${String(orderId).padStart(8, '0')}`;
}
