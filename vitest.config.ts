import { configDefaults, defineConfig } from 'vitest/config';
import LongestFilesFirst from './vitest.sequencer.ts';

/** The server's test files that open no database (the `api-no-db` project). */
const API_WITHOUT_DATABASE = [
  'apps/api/src/domain/**/*.test.ts',
  'apps/api/src/modules/identity-document/id-card-accuracy.test.ts',
  'apps/api/src/modules/identity-document/parse-id-card-front.test.ts',
  'apps/api/src/modules/identity-document/tesseract-model-source.test.ts',
  'apps/api/src/modules/identity-document/ppocr-line-reader.test.ts',
  'apps/api/src/modules/face-check/human-face-engine.test.ts',
  'apps/api/src/modules/face-check/face-alignment.test.ts',
  'apps/api/src/modules/face-check/liveness-geometry.test.ts',
];

export default defineConfig({
  test: {
    // Two test files side by side: vitest's default is one worker fewer than the cores, a
    // single worker on a 2-core machine. Every API file has a database of its own
    // (test-database.ts; on PGlite the one the worker's previous file ended with, emptied:
    // decision 0191). Not more than the cores: the API files compute (PGlite runs in the
    // test's process, the OCR and face models, the property tests), and a third worker only
    // slows each of them. VITEST_MAX_WORKERS overrides.
    maxWorkers: 2,
    sequence: { sequencer: LongestFilesFirst },
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
        // The server's tests that open no database: the pure money domain (its property tests),
        // the OCR reader's accuracy on drawn cards, the face engine and its geometry, the card
        // parser. In npm test once; not in CI's second run of `api` on the PostgreSQL server,
        // where they would compute the same again (150 s of the 680 s of API test time,
        // 2026-11-28; docs/benchmarks.md, Test suite).
        test: {
          name: 'api-no-db',
          include: API_WITHOUT_DATABASE,
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/api-test-run.ts'],
          exclude: [...configDefaults.exclude, ...API_WITHOUT_DATABASE],
          pool: 'forks',
          // The files of one worker share its module cache instead of importing and
          // transforming the server's modules again for each file (87 s of the 268 s phase on a
          // quiet machine, 32 s without isolation). Nothing mutable is shared through it: each
          // file opens its own database (test-database.ts: on PGlite an ended file's, emptied,
          // decision 0191) and app (test-server.ts), and no test mocks a module (vi.mock) or
          // stubs a global.
          isolate: false,
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
          // Three files at a time, each worker running its files one after the other in one
          // process (isolate: false) and keeping its server between them (e2e/support/suite.ts:
          // reset to how it started, the database emptied and seeded again, instead of a new
          // process on a new data folder). The browser test files mostly wait (on the pages,
          // the jobs' delays, the clock): 430 s of CPU in 1,470 s of wall time one at a time, so
          // three share the two cores; the OCR and face models now load once per worker, not
          // per file, which is what made three at once miss their time budgets before
          // (2026-11-25). Decision 0160; docs/benchmarks.md, Test suite. E2E_WORKERS overrides
          // (vitest's --maxWorkers does not reach a project's own setting).
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          isolate: false,
          globalSetup: ['e2e/support/global-setup.ts'],
          // After the other projects when several run in one command.
          sequence: { groupOrder: 1 },
          // A test's whole budget, not a speed check (the browser's own waits allow 30 s per
          // step): 60 s was passed by an onboarding test on a slow 2-core host under CI's load,
          // where four others took 44-57 s alone (2026-11-29). Tests that onboard through the
          // real models set 180-300 s themselves.
          testTimeout: 120_000,
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
