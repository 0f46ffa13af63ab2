// `npm start`: builds the web app and the back office console, bundles the API server into one
// JavaScript file (apps/api/scripts/bundle-server.mjs, decision 0190), then runs it with node in
// the foreground.
//
// A Node launcher rather than `build && start` in package.json: npm runs a script
// through `sh -c`, and Debian's dash neither execs the last command nor passes on a
// SIGTERM, so killing the npm process left the server running. package.json starts this
// file with `exec` (no shell stays in between), npm forwards SIGTERM/SIGINT to it, and it
// forwards them to whichever child is running, then exits with that child's status.
//
// START_SKIP_WEB_BUILD=1 skips both web builds (tests, or dists already built); the server is
// still bundled (half a second: never older than its sources), and started and stopped
// exactly as without it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLER = 'apps/api/scripts/bundle-server.mjs';
const SERVER_BUNDLE = 'apps/api/dist/server.mjs';
const FORWARDED = ['SIGINT', 'SIGTERM'];

/** The running child; a signal is passed on to it. */
let current;
/** The first signal received: no later step starts once it is set. */
let stopSignal;

for (const signal of FORWARDED) {
  process.on(signal, () => {
    stopSignal ??= signal;
    // Ctrl-C reaches the whole foreground group, so the child may get this twice;
    // the server treats a repeat during shutdown as the same request.
    current?.kill(signal);
  });
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    current = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    current.once('error', reject);
    current.once('exit', (code, signal) => {
      current = undefined;
      resolve({ code, signal });
    });
  });
}

/** Leaves with the child's status: its exit code, or the signal that ended it. */
function exitLike({ code, signal }) {
  if (signal) {
    for (const name of FORWARDED) process.removeAllListeners(name);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
}

async function main() {
  if (process.env.START_SKIP_WEB_BUILD !== '1') {
    const build = await run('npm', ['run', 'build', '-w', 'apps/web']);
    if (build.code !== 0 || stopSignal) return build;
    // The back office console, served under /admin.
    const adminBuild = await run('npm', ['run', 'build', '-w', 'apps/admin']);
    if (adminBuild.code !== 0 || stopSignal) return adminBuild;
  }
  if (stopSignal) return { code: 0, signal: null };
  const bundle = await run(process.execPath, [BUNDLER]);
  if (bundle.code !== 0 || stopSignal) return bundle;
  // Stack traces in the server's log name the TypeScript sources.
  return run(process.execPath, ['--enable-source-maps', SERVER_BUNDLE]);
}

exitLike(await main());
