import { ROUTES, isLoginRoute } from '../shared/config/route-paths.ts';
import { hasSession } from '../shared/session/session.ts';
import { writeItem } from '../shared/store/local-store.ts';

/**
 * Query parameters of a launch address: the real query string and the one inside the
 * hash route (campaign links use either form); the hash's wins on a clash.
 */
export function launchParams(href: string): Record<string, string> {
  const url = new URL(href);
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) params[key] = value;
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0) {
    for (const [key, value] of new URLSearchParams(url.hash.slice(hashQuery + 1))) params[key] = value;
  }
  return params;
}

/** The route of a hash address ('#/pages/x?y' → '/pages/x'; no hash → '/'). */
export function hashRoute(href: string): string {
  const hash = new URL(href).hash.replace(/^#/, '');
  const path = hash.split('?')[0] ?? '';
  return path === '' ? '/' : path;
}

/**
 * The channel a campaign link names besides SPEC.md's `type`: ad platforms tag their
 * links with `utm_source` (facebook, google, line), not `type`. Kept as SPEC.md's
 * otherSourceChannel, which the request headers send when urlData has no type.
 */
export function otherChannelOf(params: Record<string, string>): string | null {
  if (params.type) return null;
  const source = params.utm_source?.trim() ?? '';
  return source === '' ? null : source;
}

/**
 * SPEC.md section 2 launch behaviour, before the router starts: the campaign data and
 * the address are saved; without a token every address but a login page (index, or the moduleB
 * campaign landing) opens the loans tab.
 */
export function applyLaunch(): void {
  const href = window.location.href;
  const params = launchParams(href);
  if (Object.values(params).some((value) => value !== '')) writeItem('urlData', params);
  const otherChannel = otherChannelOf(params);
  if (otherChannel) writeItem('otherSourceChannel', otherChannel);
  writeItem('url', href);
  if (!hasSession() && !isLoginRoute(hashRoute(href))) {
    const { pathname, search } = window.location;
    window.history.replaceState(null, '', `${pathname}${search}#${ROUTES.loans}`);
  }
}
