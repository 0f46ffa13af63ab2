import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleServer, makeDataTemplate, stopLeftServers } from './server.ts';

/**
 * Once per `vitest run` of the browser tests: the server bundled from its sources (every test
 * server runs that file, as `npm start` does), the data folder every test server starts
 * from (a copy each; a server kept by a worker for its next file empties its database
 * instead, suite.ts), made or found kept (makeDataTemplate), and the folder where workers
 * note the servers they started. Without a web build nothing is made, and each file fails
 * with startServer's message as before.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  bundleServer();
  let template: string | undefined;
  try {
    template = await makeDataTemplate();
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('No web build'))) throw error;
  }
  project.provide('e2eDataTemplate', template);
  // Each worker keeps its last server between files (suite.ts): what is still running when the
  // run ends is stopped here, whichever way the workers ended.
  const serversDir = mkdtempSync(path.join(tmpdir(), 'e2e-servers-'));
  project.provide('e2eServersDir', serversDir);
  return () => {
    stopLeftServers(serversDir);
    rmSync(serversDir, { recursive: true, force: true });
  };
}
