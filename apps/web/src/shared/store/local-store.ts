/**
 * The client-side stored items of SPEC.md section 3, under exactly these keys, each a
 * JSON value in localStorage. Reading never throws: a corrupt value counts as absent.
 */
export interface TLoginInfo {
  userId: string;
  uuId: string;
}

export interface StoredItems {
  token: string;
  loginInfo: TLoginInfo;
  applyInfo: unknown;
  urlData: Record<string, string>;
  otherSourceChannel: string;
  url: string;
  /** Set to true when the user leaves a page through the back action. */
  firstVisit: boolean;
  /** Random id sent (encrypted) in the logged-out token header. */
  deviceId: string;
  /** The customer-service button's saved position. */
  servicePosition: { x: number; y: number };
  /** The API origin the app moved to when its own failed (changeDomainName); absent: the configured one. */
  apiOrigin: string;
  /** The API origins the server listed (changeDomainName), in its order: where the app may move. */
  apiOrigins: string[];
}

export type StoredKey = keyof StoredItems;

export const STORAGE_KEYS = {
  token: 'token',
  loginInfo: 'loginInfo',
  applyInfo: 'applyInfo',
  urlData: 'urlData',
  otherSourceChannel: 'otherSourceChannel',
  url: 'url',
  firstVisit: 'firstVisit',
  deviceId: 'deviceId',
  servicePosition: 'servicePosition',
  apiOrigin: 'apiOrigin',
  apiOrigins: 'apiOrigins',
} as const satisfies { [K in StoredKey]: K };

export function readItem<K extends StoredKey>(key: K): StoredItems[K] | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return undefined;
    return JSON.parse(raw) as StoredItems[K];
  } catch {
    return undefined;
  }
}

export function writeItem<K extends StoredKey>(key: K, value: StoredItems[K]): void {
  window.localStorage.setItem(key, JSON.stringify(value));
}

export function removeItem(key: StoredKey): void {
  window.localStorage.removeItem(key);
}

/** SPEC.md section 4: status 301 (and the relogin modal) clear exactly these three. Called by the session module only. */
export function clearSession(): void {
  removeItem('token');
  removeItem('loginInfo');
  removeItem('applyInfo');
}
