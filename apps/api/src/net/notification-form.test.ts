import { describe, expect, it } from 'vitest';
import { MAX_NOTIFICATION_FIELDS, readNotificationForm } from './notification-form.ts';

describe('the one reading of a gateway notification form', () => {
  it('reads each field once, decoding + and percent escapes', () => {
    expect(readNotificationForm('RtnCode=1&RtnMsg=%E4%BA%A4%E6%98%93+%E6%88%90%E5%8A%9F&StoreID=')).toEqual({
      RtnCode: '1',
      RtnMsg: '交易 成功',
      StoreID: '',
    });
  });

  it('refuses what is not a notification: no text, empty, a repeated or nameless field, too many fields', () => {
    expect(readNotificationForm(undefined)).toBeNull();
    expect(readNotificationForm({ RtnCode: '1' })).toBeNull();
    expect(readNotificationForm('')).toBeNull();
    expect(readNotificationForm('TradeAmt=100&TradeAmt=1')).toBeNull();
    expect(readNotificationForm('=1&RtnCode=1')).toBeNull();
    const fields = (count: number) => Array.from({ length: count }, (_, i) => `f${i}=v`).join('&');
    expect(Object.keys(readNotificationForm(fields(MAX_NOTIFICATION_FIELDS)) ?? {})).toHaveLength(MAX_NOTIFICATION_FIELDS);
    expect(readNotificationForm(fields(MAX_NOTIFICATION_FIELDS + 1))).toBeNull();
  });
});
