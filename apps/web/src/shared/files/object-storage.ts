/**
 * The alternative upload of SPEC.md section 7: straight to an object-storage service
 * with a token from a callback. The regions are the storage service's upload zones.
 */
export const STORAGE_REGIONS = {
  ECN: 'https://up.qiniup.com',
  NCN: 'https://up-z1.qiniup.com',
  SCN: 'https://up-z2.qiniup.com',
  NA: 'https://up-na0.qiniup.com',
  ASG: 'https://up-as0.qiniup.com',
} as const;
export type StorageRegion = keyof typeof STORAGE_REGIONS;
export const DEFAULT_STORAGE_REGION: StorageRegion = 'SCN';

/** Upload token data (SPEC.md section 3). */
export interface UploadTokenData {
  visitPrefix: string;
  folderPath: string;
  region?: string;
  token: string;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomChars(count: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  return Array.from(bytes, (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot) : '';
}

/** 'file/{folder}{timestamp}{10 random chars}' plus the file's extension. */
export function objectStorageKey(folderPath: string, fileName: string, now = Date.now()): string {
  return `file/${folderPath}${now}${randomChars(10)}${extensionOf(fileName)}`;
}

export function regionHost(region: string | undefined): string {
  const known = region && region in STORAGE_REGIONS ? (region as StorageRegion) : DEFAULT_STORAGE_REGION;
  return STORAGE_REGIONS[known];
}

export async function uploadToObjectStorage(
  file: File,
  getToken: () => Promise<UploadTokenData>,
): Promise<{ key: string; imageURL: string }> {
  const tokenData = await getToken();
  const key = objectStorageKey(tokenData.folderPath, file.name);
  const form = new FormData();
  form.append('token', tokenData.token);
  form.append('key', key);
  form.append('file', file, file.name);
  const response = await fetch(regionHost(tokenData.region), { method: 'POST', body: form });
  if (!response.ok) throw new Error(`upload failed: ${response.status}`);
  return { key, imageURL: `${tokenData.visitPrefix.replace(/\/$/, '')}/${key}` };
}
