import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files side by side: vitest's default is one worker fewer than the cores, a
    // single worker on a 2-core machine. Every API file has a database of its own
    // (test-database.ts). Not more than the cores: the API files compute (PGlite runs in
    // the test's process, the OCR and face models, the property tests), and a third
    // worker only slows each of them. VITEST_MAX_WORKERS overrides.
    maxWorkers: 2,
    projects: [
      {
        // The lint configuration's own tests (deliberately bad imports).
        test: {
          name: 'lint',
          include: ['eslint/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Two real API processes on PostgreSQL + Redis (npm run test:scale); not in npm test.
        test: {
          name: 'scale',
          include: ['apps/api/scale/**/*.test.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          pool: 'forks',
          // Each file has its own server, data folder (a copy of the one global-setup.ts
          // makes once) and Chromium: nothing mutable is shared, so files could run side by
          // side. On this 2-core machine they do not yet: with three at once the files that
          // run the real OCR and face models (onboarding, id-card-ocr) ran past their time
          // budgets and failed in CI (2026-11-25, 9 of 112); one at a time they pass. Raise
          // this once those models load once per worker (docs/benchmarks.md, Test suite).
          maxWorkers: 1,
          globalSetup: ['e2e/support/global-setup.ts'],
          // After the other projects when several run in one command.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll waits for the page to reach a state (an upload done, a quote in place);
          // vitest's 1 s default failed on a loaded CI machine where a photo upload took
          // longer. Still fails when the state never comes (playwright's waits allow 30 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
