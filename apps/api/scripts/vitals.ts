/**
 * `npm run vitals [-- --days N]`: real users' web vitals (decision 0158), the p75 per
 * Taipei day, page and metric over the last 7 days (today included), from the samples
 * the web app's beacon sent. CLS is a score; the others are milliseconds.
 */
import { parseArgs } from 'node:util';
import { VITAL_METRICS, VITALS_DASHBOARD_DAYS, type TVitalsP75Row } from '@app/contract/schemas/web-vitals.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { loadConfig } from '../src/config/env.ts';
import { webVitalsP75 } from '../src/modules/tracking/index.ts';

const { values } = parseArgs({ options: { days: { type: 'string', default: String(VITALS_DASHBOARD_DAYS) } } });
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 366) {
  console.error('--days: a whole number of days, 1 to 366');
  process.exit(2);
}

function shown(metric: string, value: number | undefined): string {
  if (value === undefined) return '-';
  return metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

const handle = await prepareDatabase(loadConfig());
try {
  const table = await webVitalsP75({ db: handle.db, now: new Date(), days });
  console.log(`Real users' web vitals, p75 per Taipei day and page, ${table.fromDay} to ${table.untilDay} (n = samples)`);
  if (table.rows.length === 0) {
    console.log('No samples in these days.');
  } else {
    const groups = new Map<string, Map<string, TVitalsP75Row>>();
    for (const row of table.rows) {
      const key = `${row.day}  ${row.page}`;
      if (!groups.has(key)) groups.set(key, new Map());
      groups.get(key)!.set(row.metric, row);
    }
    const header = ['day         page'.padEnd(32), ...VITAL_METRICS.map((metric) => metric.padStart(18))].join('');
    console.log(header);
    for (const [key, metrics] of groups) {
      const cells = VITAL_METRICS.map((metric) => {
        const row = metrics.get(metric);
        return (row ? `${shown(metric, row.p75)} (n ${row.samples})` : '-').padStart(18);
      });
      console.log([key.padEnd(32), ...cells].join(''));
    }
  }
} finally {
  await handle.close();
}
