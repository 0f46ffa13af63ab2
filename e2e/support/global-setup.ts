import type { TestProject } from 'vitest/node';
import { makeDataTemplate } from './server.ts';

/**
 * Once per `vitest run` of the browser tests: the data folder every test server starts
 * from (a copy each, so every file still has a database of its own), made or found kept
 * (makeDataTemplate). Without a web build nothing is made, and each file fails with
 * startServer's message as before.
 */
export default async function setup(project: TestProject): Promise<void> {
  let template: string | undefined;
  try {
    template = await makeDataTemplate();
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('No web build'))) throw error;
  }
  project.provide('e2eDataTemplate', template);
}
