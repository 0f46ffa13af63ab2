import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take a minute or more under CI's load, longest first (2026-11-28, `bash
 * .ci/run`), each project's among its own (the order of projects stays): they start first, so
 * that no worker is left running one of them alone while the others have finished.
 */
export const LONGEST_FILES = [
  'apps/api/src/modules/identity-document/id-card-accuracy.test.ts',
  'apps/api/src/npm-start-signals.test.ts',
  'apps/api/src/modules/identity-document/identity-document.test.ts',
  'apps/api/src/domain/loan-account.property.test.ts',
  'apps/api/src/db/backup-files.test.ts',
  'apps/api/src/modules/repayments/books-after-restore.test.ts',
  // The browser files of 45 s or more (CI, 2026-11-28 evening). Without durations vitest starts
  // the largest files first: slow-network.test.ts is small but one 50-65 s journey, and ran last.
  'e2e/tests/delivery.test.ts',
  'e2e/tests/order-repayment.test.ts',
  'e2e/tests/borrower-journey.test.ts',
  'e2e/tests/admin-console.test.ts',
  'e2e/tests/onboarding.test.ts',
  'e2e/tests/onboarding-continuity.test.ts',
  'e2e/tests/slow-network.test.ts',
  'e2e/tests/trust-signals.test.ts',
  'e2e/tests/first-view.test.ts',
];

/**
 * Vitest's order (the last run's durations, or the larger files first when there are none)
 * with LONGEST_FILES moved to the front. A fresh checkout (CI after `npm ci`) has no
 * durations, and vitest queues the projects by name: the OCR accuracy file (77 s), in
 * `api-no-db`, was queued after every file of `api` and ran alone at the end of the phase.
 */
export default class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort(
        (a, b) =>
          a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder ||
          rank(a.spec) - rank(b.spec) ||
          a.position - b.position,
      )
      .map(({ spec }) => spec);
  }
}
