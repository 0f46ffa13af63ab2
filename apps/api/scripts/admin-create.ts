import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import { ZUsernameSchema } from '@app/contract/admin/admin-schemas.ts';
import { ADMIN_USERNAME_RULE } from '@app/contract/admin/admin-messages.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { loadConfig } from '../src/config/env.ts';
import { AppError } from '../src/errors/app-error.ts';
import { createOperator } from '../src/modules/admin/create-operator.ts';

/**
 * npm run admin:create -- --username <name> [--role administrator|reviewer|finance|support] [--base-url https://…]
 *
 * Creates an operator (by default the first administrator) on the configured database
 * (DATABASE_URL, else the PGlite folder of DATA_DIR: stop a PGlite server first) and
 * prints a one-time enrolment link, valid ADMIN_ENROLMENT_HOURS (24 by default): whoever
 * opens it chooses the password and enrols the TOTP authenticator. No password is ever
 * set or printed here. The action is in the audit trail as done by the command line.
 */
const USAGE = 'usage: npm run admin:create -- --username <name> [--role administrator|reviewer|finance|support] [--base-url <origin>]';

const { values } = parseArgs({
  options: { username: { type: 'string' }, role: { type: 'string', default: 'administrator' }, 'base-url': { type: 'string' } },
  strict: true,
});
const username = ZUsernameSchema.safeParse(values.username ?? '');
if (!username.success) {
  console.error(`${ADMIN_USERNAME_RULE}\n${USAGE}`);
  process.exit(2);
}
if (!OPERATOR_ROLES.includes(values.role as TOperatorRole)) {
  console.error(`role must be one of ${OPERATOR_ROLES.join(', ')}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const baseUrl = (values['base-url'] ?? config.publicBaseUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
const handle = await prepareDatabase(config);
let exitCode = 0;
try {
  const link = await createOperator({
    db: handle.db,
    config: config.admin,
    actor: { operatorId: null, operatorName: '(command line)' },
    username: username.data,
    role: values.role as TOperatorRole,
    now: new Date(),
  });
  console.log(`operator ${username.data} (${values.role}) created. One-time enrolment link, valid until ${link.expiresAt.toISOString()}:`);
  console.log(`${baseUrl}${link.enrolmentPath}`);
} catch (error) {
  console.error(error instanceof AppError ? error.userMessage : 'could not create the operator');
  exitCode = 1;
} finally {
  await handle.close();
}
process.exit(exitCode);
