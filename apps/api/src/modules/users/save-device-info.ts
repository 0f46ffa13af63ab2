import type { Db } from '../../db/client.ts';
import { insertDeviceInfo, type DeviceInfo } from './users-repository.ts';

/** Device infos kept per user: enough to show recent devices, not a tracking history. */
const DEVICE_INFOS_KEPT = 10;

/** What the browser reports about itself (user agent, screen, language, time zone). */
export function saveDeviceInfo(options: { db: Db; userId: number; info: DeviceInfo }): Promise<void> {
  return insertDeviceInfo(options.db, options.userId, options.info, DEVICE_INFOS_KEPT);
}
