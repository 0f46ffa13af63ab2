import { describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from './server-clock.ts';

/** How far the server's clock is from the phone's, in ms (within the header's one second). */
const offset = () => serverNow() - Date.now();

describe('the server clock', () => {
  it('follows the server when the phone is off by more than a second and a half, both ways, and ignores what it cannot read', () => {
    const phone = Date.parse('2026-11-26T03:00:00.000Z');
    // The phone is a day ahead: the server's Date header says so.
    noteServerDate(new Date(phone - 86_400_000).toUTCString(), phone);
    expect(Math.abs(offset() + 86_400_000)).toBeLessThanOrEqual(1_000);
    // A header that cannot be read, or none (a cross-origin answer), changes nothing.
    noteServerDate('not a date', phone);
    noteServerDate(null, phone);
    expect(Math.abs(offset() + 86_400_000)).toBeLessThanOrEqual(1_000);
    // An hour behind.
    noteServerDate(new Date(phone + 3_600_000).toUTCString(), phone);
    expect(Math.abs(offset() - 3_600_000)).toBeLessThanOrEqual(1_000);
    // The same second as the phone: no offset (the header's whole seconds are not a difference).
    noteServerDate(new Date(phone).toUTCString(), phone + 400);
    expect(Math.abs(offset())).toBeLessThan(50);
  });
});
