import { LINE_CONFIG_KEY } from '@app/contract/schemas/config.ts';
import type { Db } from '../../db/client.ts';
import { findConfig, upsertConfig } from './config-repository.ts';

/** The LINE customer-service values as the console edits them (config/one 'line' serves them as line, line_url, line_img). */
export interface ServiceLine {
  line: string;
  lineUrl: string;
  lineImg: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function getServiceLine(options: { db: Db }): Promise<ServiceLine> {
  const row = await findConfig(options.db, LINE_CONFIG_KEY);
  return { line: row?.value ?? '', lineUrl: text(row?.extInfo.line_url), lineImg: text(row?.extInfo.line_img) };
}

/**
 * Replaces the LINE values (already checked); answers the values it replaced. The borrowers'
 * app asks on every tap of the service button; the config reader's 5 s and the answer
 * cache's 2 s mean every instance serves the new id within 7 s.
 */
export async function saveServiceLine(options: { db: Db; values: ServiceLine; at: Date }): Promise<ServiceLine> {
  const before = await getServiceLine({ db: options.db });
  const { line, lineUrl, lineImg } = options.values;
  await upsertConfig(options.db, {
    key: LINE_CONFIG_KEY,
    value: line,
    extInfo: { line, line_url: lineUrl, line_img: lineImg },
    isPublic: true,
    at: options.at,
  });
  return before;
}
