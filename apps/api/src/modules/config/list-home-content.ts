import type { TBanner, TNotice } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { selectActiveBanners, selectActiveNotices } from './config-repository.ts';

/** The home page's banner carousel, in the operators' order: the active ones within their schedule at `now`. */
export async function listBanners(options: { db: Db; now: Date }): Promise<TBanner[]> {
  const rows = await selectActiveBanners(options.db, options.now);
  return rows.map((row) => ({ id: String(row.id), title: row.title, imageUrl: row.imageUrl, linkUrl: row.linkUrl }));
}

/** The home page's notice bar, in the operators' order: the active ones within their schedule at `now`. */
export async function listNotices(options: { db: Db; now: Date }): Promise<TNotice[]> {
  const rows = await selectActiveNotices(options.db, options.now);
  return rows.map((row) => ({ id: String(row.id), text: row.content }));
}
