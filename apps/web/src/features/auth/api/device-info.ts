import { ACCOUNT_ENDPOINTS, type RequestOf } from '@app/contract/endpoints/accounts.ts';
import { request } from '../../../shared/api/request.ts';

export type DeviceInfoInput = RequestOf<typeof ACCOUNT_ENDPOINTS.deviceInfo>;

/** What any web page can read anyway; nothing more (PRODUCT.md "No harvesting"). */
export function collectDeviceInfo(): DeviceInfoInput {
  return {
    userAgent: navigator.userAgent.slice(0, 512),
    screenWidth: Math.round(window.screen.width),
    screenHeight: Math.round(window.screen.height),
    language: navigator.language.slice(0, 32),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone.slice(0, 64),
  };
}

/** Sent once after each login; a failure is not the user's concern, so it stays silent. */
export function sendDeviceInfo(): Promise<unknown> {
  return request(ACCOUNT_ENDPOINTS.deviceInfo, collectDeviceInfo());
}
