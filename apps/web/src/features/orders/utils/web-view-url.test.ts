import { describe, expect, it } from 'vitest';
import { acceptedWebViewUrl } from './web-view-url.ts';

const OWN = 'http://127.0.0.1:5173';

describe('acceptedWebViewUrl', () => {
  it('accepts https addresses and the app’s own origin', () => {
    expect(acceptedWebViewUrl('https://payment.ecpay.com.tw/Cashier/AioCheckOut?x=1', OWN)?.hostname).toBe('payment.ecpay.com.tw');
    expect(acceptedWebViewUrl(`${OWN}/sandbox/pay?code=1`, OWN)?.pathname).toBe('/sandbox/pay');
  });

  it('refuses other schemes, other plain-http origins, credentials and nonsense', () => {
    for (const raw of [
      'http://evil.example/checkout',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      '//evil.example/x',
      '/relative/path',
      'https://user:pass@evil.example/',
      'http://127.0.0.1:5174/',
      '',
      null,
    ]) {
      expect(acceptedWebViewUrl(raw, OWN), String(raw)).toBeNull();
    }
  });
});
