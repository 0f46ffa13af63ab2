import { rotateKeys } from '../src/cli/rotate-keys.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';

/**
 * npm run keys:rotate
 *   With the new key first in DATA_KEYS and the old ones after it (the same DATA_KEYS the
 *   instances now run with): re-seals every personal row and file still under an older key,
 *   in batches, while the service runs (docs/runbook.md, "Keys and secrets"). Prints what
 *   is left under which key; when only the new one remains, drop the old from DATA_KEYS.
 */
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  const report = await rotateKeys({ config, handle, log: (line) => console.log(line) });
  for (const [table, byKey] of Object.entries(report.remaining)) {
    console.log(
      `${table}: ${
        Object.entries(byKey)
          .map(([key, count]) => `${count} under ${key}`)
          .join(', ') || 'no rows'
      }`,
    );
  }
} finally {
  await handle.close();
}
