import { checkDecisionPolicy } from '@app/contract/admin/admin-policy-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { insertPolicyVersion, selectCurrentPolicy, selectPolicyVersions, type DecisionPolicyRow } from './decisions-repository.ts';

/**
 * The decision engine's thresholds a lender tunes (decision 0162): one source, the latest
 * version in `decision_policies`, read by the engine at each decision and by staff review
 * at each verdict. The law's figures (20 years, the ID checksum, the 16 % cap) stay in code.
 */
export interface DecisionPolicyValues {
  /** An application whose principal is above this goes to staff; null: none does for its amount. */
  manualReviewAbove: number | null;
  /** A staff approval of a principal above this needs a second operator (maker-checker). */
  secondApprovalAbove: number;
  /** After a refusal (the engine's or staff's), no new application for this many days. */
  coolDownDays: number;
}

export interface DecisionPolicy extends DecisionPolicyValues {
  version: number;
  savedAt: Date;
  savedBy: string;
}

/** Who saved the first version: today's values, from the configuration at first start. */
export const SEEDED_POLICY_BY = '(系統預設)';

const policyOf = (row: DecisionPolicyRow): DecisionPolicy => ({ ...row });

/**
 * At start-up: the first version from the configured values (DECISION_COOL_DOWN_DAYS,
 * ADMIN_SECOND_APPROVAL_ABOVE; no amount sends to staff) when there is none. Later starts
 * keep what administrators saved; instances starting together write it once.
 */
export async function seedDecisionPolicy(options: { db: Db; defaults: DecisionPolicyValues; now: Date }): Promise<void> {
  if (await selectCurrentPolicy(options.db)) return;
  await insertPolicyVersion(options.db, { version: 1, ...options.defaults, savedAt: options.now, savedBy: SEEDED_POLICY_BY });
}

/** The thresholds in force. */
export async function getDecisionPolicy(options: { db: Db }): Promise<DecisionPolicy> {
  const row = await selectCurrentPolicy(options.db);
  if (!row) throw new Error('no decision policy: the start-up seed has not run');
  return policyOf(row);
}

/** The latest versions, newest first (the console's history). */
export async function listDecisionPolicyVersions(options: { db: Db; limit: number }): Promise<DecisionPolicy[]> {
  return (await selectPolicyVersions(options.db, options.limit)).map(policyOf);
}

/**
 * Appends a version with `values` in the caller's transaction, refused with every reason in
 * words when one is out of its range (nothing saved); answers the version it replaced and
 * the new one. Two saves at once each get their own number: the later is in force.
 */
export async function saveDecisionPolicy(options: {
  db: Db;
  values: DecisionPolicyValues;
  savedBy: string;
  now: Date;
}): Promise<{ before: DecisionPolicy; after: DecisionPolicy }> {
  const { db, values, savedBy, now } = options;
  const problems = checkDecisionPolicy(values);
  if (problems.length > 0) {
    throw new AppError('FIELD_INVALID', {
      userMessage: problems.join('；'),
      message: `decision policy refused (${problems.length} problems)`,
    });
  }
  // A number taken meanwhile (another save committed first) is read again: at most a few.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const before = await getDecisionPolicy({ db });
    const after: DecisionPolicy = {
      version: before.version + 1,
      manualReviewAbove: values.manualReviewAbove,
      secondApprovalAbove: values.secondApprovalAbove,
      coolDownDays: values.coolDownDays,
      savedAt: now,
      savedBy,
    };
    if (await insertPolicyVersion(db, after)) return { before, after };
  }
  throw new Error('decision policy: no free version number after 5 tries');
}
