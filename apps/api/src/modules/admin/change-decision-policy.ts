import type { TDecisionPolicyForm, TDecisionPolicyResponse, TDecisionPolicyVersion } from '@app/contract/admin/admin-policy-schemas.ts';
import type { Db } from '../../db/client.ts';
import { getDecisionPolicy, listDecisionPolicyVersions, saveDecisionPolicy, type DecisionPolicy } from '../decisions/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/** The versions the console lists below the form. */
const VERSIONS_SHOWN = 20;

const versionOf = (policy: DecisionPolicy): TDecisionPolicyVersion => ({
  version: policy.version,
  manualReviewAbove: policy.manualReviewAbove,
  secondApprovalAbove: policy.secondApprovalAbove,
  coolDownDays: policy.coolDownDays,
  savedAt: policy.savedAt.toISOString(),
  savedBy: policy.savedBy,
});

const valuesOf = (policy: DecisionPolicy) => ({
  version: policy.version,
  manualReviewAbove: policy.manualReviewAbove,
  secondApprovalAbove: policy.secondApprovalAbove,
  coolDownDays: policy.coolDownDays,
});

/** The decision engine's thresholds in force and the latest versions (decisions' policy). */
export async function showDecisionPolicy(options: { db: Db }): Promise<TDecisionPolicyResponse> {
  const [current, versions] = await Promise.all([
    getDecisionPolicy(options),
    listDecisionPolicyVersions({ db: options.db, limit: VERSIONS_SHOWN }),
  ]);
  return { current: versionOf(current), versions: versions.map(versionOf) };
}

/**
 * An administrator saves new thresholds: a new version of decisions' policy (refused, with
 * every reason, when out of range), in force from the next decision, audited before/after
 * in the same transaction.
 */
export async function changeDecisionPolicy(options: { db: Db; actor: Actor; form: TDecisionPolicyForm; now: Date }): Promise<void> {
  const { actor, form, now } = options;
  await options.db.transaction(async (tx) => {
    const { before, after } = await saveDecisionPolicy({ db: tx, values: form, savedBy: actor.operatorName, now });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'settings.decisionPolicy',
      target: 'settings:decisionPolicy',
      before: valuesOf(before),
      after: valuesOf(after),
    });
  });
}
