import { CLIENT_VERSION, COUNTRY_CODE, DEFAULT_SOURCE_CHANNEL, HEADER } from '@app/contract/header-names.ts';
import type { TAnonymousInfo } from '@app/contract/headers.ts';
import type { WireCipher } from '@app/contract/cipher-format.ts';
import { readItem, writeItem } from '../store/local-store.ts';

/** SPEC.md section 7: campaign type, else the stored other channel, else Organic. */
export function sourceChannel(): string {
  const type = readItem('urlData')?.type;
  if (typeof type === 'string' && type !== '') return type;
  const other = readItem('otherSourceChannel');
  if (typeof other === 'string' && other !== '') return other;
  return DEFAULT_SOURCE_CHANNEL;
}

/** A random id for this browser, kept so the server can tell anonymous visitors apart. */
export function deviceId(): string {
  const saved = readItem('deviceId');
  if (typeof saved === 'string' && saved.length >= 8) return saved;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeItem('deviceId', id);
  return id;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Header values must be Latin-1; campaign values typed by people may not be. */
function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\xff]*$/.test(value) ? value : encodeURIComponent(value);
}

export function buildHeaders(cipher: WireCipher, packageName: string): Record<string, string> {
  const channel = sourceChannel();
  const token = readItem('token');
  const loginInfo = readItem('loginInfo');
  let tokenHeader: string;
  if (typeof token === 'string' && token !== '') {
    tokenHeader = token;
  } else {
    const anonymous: TAnonymousInfo = { deviceId: deviceId(), sourceChannel: channel, packageName };
    const urlData = stringRecord(readItem('urlData'));
    if (urlData) anonymous.urlData = urlData;
    tokenHeader = cipher.encrypt(JSON.stringify(anonymous));
  }
  return {
    [HEADER.version]: CLIENT_VERSION,
    [HEADER.sourceChannel]: headerSafe(channel),
    [HEADER.packageName]: headerSafe(packageName),
    [HEADER.countryCode]: COUNTRY_CODE,
    [HEADER.token]: tokenHeader,
    [HEADER.userId]: headerSafe(String(loginInfo?.userId ?? '')),
    [HEADER.uuId]: headerSafe(String(loginInfo?.uuId ?? '')),
  };
}
