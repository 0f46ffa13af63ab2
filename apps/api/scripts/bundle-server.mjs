// The API server as one JavaScript file: apps/api/dist/server.mjs (and its source map), which
// `npm start` and the browser tests run with plain node instead of compiling the TypeScript
// through tsx on every start (decision 0190). About half a second; run before every start, so
// the bundle is never older than the sources.
//
// The server's own modules and the contract package are bundled; every other package stays
// an import from node_modules (native addons, WebAssembly and model files are found there as
// before). A module that locates files next to itself (`import.meta.url`: the migrations, the
// bank data, the models) is given its own source file's address, taken relative to the bundle,
// so it finds them where it always did.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = path.join(API_ROOT, 'dist/server.mjs');

/** Packages bundled with the server: the workspace's own (TypeScript sources, no build of their own). */
const WORKSPACE_PACKAGES = /^@app\//;

export async function bundleServer() {
  const outDir = path.dirname(SERVER_BUNDLE);
  await build({
    entryPoints: [path.join(API_ROOT, 'src/server.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-external-own-addresses-kept',
        setup(bundle) {
          // Bare specifiers only (packages): the server's own files are relative or absolute paths.
          bundle.onResolve({ filter: /^[^./]/ }, (args) =>
            WORKSPACE_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
          );
          bundle.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
            const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
            const ownAddress = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
            return { contents: source.replaceAll('import.meta.url', ownAddress), loader: 'ts' };
          });
        },
      },
    ],
  });
  return SERVER_BUNDLE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer();
}
