import type { Db } from '../../db/client.ts';
import { selectVisitorsByChannel } from './tracking-figures-repository.ts';

/**
 * Visitors the usage events saw in [from, until), per source channel: the funnel's first
 * step. Only what the app marks is seen (SPEC.md's back action), so this counts devices
 * that sent an event, a floor of the launches.
 */
export async function countVisitorsByChannel(options: { db: Db; from: Date; until: Date }): Promise<Map<string, number>> {
  const rows = await selectVisitorsByChannel(options.db, options.from, options.until);
  return new Map(rows.map((row) => [row.channel, row.visitors]));
}
