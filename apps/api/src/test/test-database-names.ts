/**
 * Every PostgreSQL database the API tests make is named `api_test_<run>_<process>_<random>`:
 * the run's id lets the run's teardown drop the ones its workers kept for their next file
 * (decision 0191; api-test-run.ts).
 */
export const API_TEST_DATABASE_PREFIX = 'api_test_';

declare module 'vitest' {
  interface ProvidedContext {
    /** This `vitest run`'s id, in the names of the databases its API test files make. */
    apiTestRun: string;
  }
}
