import type { FastifyPluginAsync } from 'fastify';
import { decideOrder } from './decide-order.ts';
import { seedDecisionPolicy } from './decision-policy.ts';
import { countRuleOutcomes } from './decisions-repository.ts';
import { DECIDE_ORDER_QUEUE, type DecideOrderJob } from './submit-for-decision.ts';

/**
 * Decisions: the automatic decision of submitted orders, run by a job (submitForDecision
 * enqueues it), under the thresholds of the policy in force (seeded here on first start
 * from the configuration, then edited in the back office). No endpoints; decision_outcomes
 * and decision_policies hold no user column (the order names the borrower), so nothing is
 * registered for the data list.
 */
export const decisionsModule: FastifyPluginAsync = async (app) => {
  const seedPolicy = () =>
    seedDecisionPolicy({
      db: app.db,
      defaults: {
        manualReviewAbove: null,
        secondApprovalAbove: app.config.admin.secondApprovalAbove,
        coolDownDays: app.config.decisionCoolDownDays,
      },
      now: app.clock.now(),
    });
  await seedPolicy();
  app.startSeeds.push(seedPolicy);
  app.metrics.databaseGauge({
    name: 'decision_rule_outcomes',
    help: 'Decision rule outcomes per rule and outcome (passed, refused, manualReview).',
    labelNames: ['rule', 'outcome'],
    read: async () =>
      (await countRuleOutcomes(app.db)).map((row) => ({ labels: { rule: row.rule, outcome: row.outcome }, value: row.count })),
  });
  await app.jobs.work<DecideOrderJob>(
    DECIDE_ORDER_QUEUE,
    async (job) => {
      const result = await decideOrder({
        db: app.db,
        jobs: app.jobs,
        orderId: job.data.orderId,
        now: app.clock.now(),
        payoutPolicy: app.config.payouts,
      });
      app.log.info(
        { orderId: job.data.orderId, verdict: result.verdict, ...('codes' in result ? { codes: result.codes } : {}) },
        'order decided',
      );
    },
    { unique: true },
  );
};
