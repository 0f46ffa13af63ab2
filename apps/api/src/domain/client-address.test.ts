import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6 ones', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses per /64, however they are written', () => {
    const key = '2001:db8:0:1::/64';
    expect(clientAddressKey('2001:db8:0:1::1')).toBe(key);
    expect(clientAddressKey('2001:0db8:0000:0001:ffff:eeee:dddd:cccc')).toBe(key);
    expect(clientAddressKey('2001:DB8:0:1:1234::')).toBe(key);
    expect(clientAddressKey('2001:db8:0:2::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
