import { describe, expect, it } from 'vitest';
import { ConsoleSmsProvider } from './sms.ts';

function capture() {
  const lines: Array<{ obj: object; msg: string }> = [];
  return { lines, log: { info: (obj: object, msg: string) => void lines.push({ obj, msg }) } };
}

describe('ConsoleSmsProvider', () => {
  it('logs the text with a masked number and keeps an outbox, newest first, outside production', async () => {
    const { lines, log } = capture();
    const sms = new ConsoleSmsProvider(log, true);
    await sms.send('0912345678', 'code 111111', new Date(1));
    await sms.send('0912345678', 'code 222222', new Date(2));
    await sms.send('0987654321', 'code 333333', new Date(3));
    expect(sms.outbox('0912345678').map((m) => m.text)).toEqual(['code 222222', 'code 111111']);
    expect(JSON.stringify(lines)).not.toContain('0912345678');
    expect(lines[0]?.obj).toEqual({ to: '0912***678', sms: 'code 111111' });
  });

  it('keeps no outbox when told not to (production)', async () => {
    const sms = new ConsoleSmsProvider(capture().log, false);
    await sms.send('0912345678', 'code 111111', new Date(1));
    expect(sms.outbox('0912345678')).toEqual([]);
    expect(sms.outbox()).toEqual([]);
  });
});
