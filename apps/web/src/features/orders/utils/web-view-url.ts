/**
 * Whether an address may be shown inside the app frame: https only (a gateway's
 * checkout), or a page of the app's own origin. Anything else (http, javascript:, data:,
 * a relative trick) is refused.
 */
export function acceptedWebViewUrl(raw: string | null, ownOrigin: string): URL | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url;
  if (url.origin === ownOrigin && (url.protocol === 'http:' || url.protocol === 'https:')) return url;
  return null;
}
