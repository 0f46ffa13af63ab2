import { readdirSync } from 'node:fs';
import path from 'node:path';
import { boundariesPlugin } from './boundaries-plugin.js';

/**
 * The import boundaries of the tree (docs/architecture.md): what may import what.
 * eslint/boundaries.test.ts lints deliberately bad imports against these rules, so a
 * change that weakens one fails there.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const API = 'apps/api/src';
const WEB = 'apps/web/src';

const foldersOf = (dir) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const modules = foldersOf(`${API}/modules`);
const features = foldersOf(`${WEB}/features`);

const restrictedPaths = (zones) => ['error', { root: ROOT, zones }];

/** Packages that do I/O: the domain layer is pure and imports none of them. */
const IO_PACKAGES = [
  'node:fs',
  'node:fs/promises',
  'node:child_process',
  'node:http',
  'node:https',
  'node:dns',
  'node:dgram',
  'node:worker_threads',
  'pg',
  'ioredis',
  'drizzle-orm',
  '@electric-sql/pglite',
  'fastify',
  'fastify-plugin',
];

const apiZones = [
  {
    target: `${API}/plugins/**`,
    from: `${API}/modules/**`,
    message: 'Plugins never import modules: pass what a plugin needs in, or move the code to the module.',
  },
  {
    target: `${API}/db/**`,
    from: `${API}/modules/**`,
    message: 'The database layer never imports modules.',
  },
  {
    target: `${API}/domain/**`,
    from: [`${API}/db/**`, `${API}/plugins/**`, `${API}/modules/**`, `${API}/config/**`],
    message: 'domain/ is pure: no database, plugins, modules or configuration.',
  },
  ...modules.map((m) => ({
    target: `${API}/modules/${m}/**`,
    from: [`${API}/modules/!(${m})/**/*-repository.ts`, `${API}/modules/!(${m})/routes.ts`],
    message: `A module uses another only through its use cases, never its repository or routes (in modules/${m}).`,
  })),
];

/**
 * A module's public surface is its index.ts (modules/README.md): another module's code
 * imports that file and no other of the module (tests may reach further, to set up).
 */
const surfaceZones = modules.map((m) => ({
  target: `${API}/modules/${m}/**`,
  from: `${API}/modules/!(${m})/!(index).ts`,
  message: `A module uses another only through that module's index.ts, its public surface (in modules/${m}).`,
}));

/** One owner per table: a module imports only its own schema file. */
const tableOwnerZones = modules.flatMap((m) => {
  const message = `modules/${m} reads and writes only its own tables (db/schema/${m}.ts); ask the owner's use cases for the rest.`;
  return [
    { target: `${API}/modules/${m}/**`, from: `${API}/db/schema.ts`, message },
    { target: `${API}/modules/${m}/**`, from: `${API}/db/schema/!(${m}).ts`, message },
  ];
});

/** Node globals the browser app must not use, and browser globals the server must not. */
const NODE_GLOBALS = ['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'setImmediate'];
const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history'];
const restrictedGlobals = (names, where) => ['error', ...names.map((name) => ({ name, message: `${name} does not exist ${where}.` }))];

export const boundaries = [
  { plugins: { boundaries: boundariesPlugin } },

  // API: plugins and the database layer never depend on modules; a module never reaches
  // into another module's repository or routes, nor (outside tests) past its index.ts or
  // into a table it does not own. One rule entry per file set: a later entry would replace the zones.
  {
    files: [`${API}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'boundaries/no-restricted-paths': restrictedPaths([...apiZones, ...surfaceZones, ...tableOwnerZones]) },
  },
  {
    files: [`${API}/**/*.test.ts`],
    rules: { 'boundaries/no-restricted-paths': restrictedPaths(apiZones) },
  },
  {
    // Inside a module, only <module>-repository.ts runs queries.
    files: [`${API}/modules/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*-repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: "Queries live in the module's <module>-repository.ts." }],
        },
      ],
    },
  },
  {
    files: [`${API}/domain/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...IO_PACKAGES.map((name) => ({ name, message: 'domain/ is pure: no I/O.' })),
            {
              name: 'node:net',
              importNames: ['connect', 'createConnection', 'createServer', 'Server', 'Socket'],
              message: 'domain/ is pure: no I/O.',
            },
          ],
          patterns: [{ group: ['@fastify/*'], message: 'domain/ is pure: no I/O.' }],
        },
      ],
    },
  },

  { files: [`${WEB}/**/*.{ts,tsx}`], rules: { 'no-restricted-globals': restrictedGlobals(NODE_GLOBALS, 'in the browser app') } },
  { files: ['apps/api/src/**/*.ts'], rules: { 'no-restricted-globals': restrictedGlobals(BROWSER_GLOBALS, 'on the server') } },

  // Web: shared → features → app. A feature never imports another feature; shared/
  // never imports features/ or app/; nothing in the web app imports the server.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: {
      'boundaries/no-restricted-paths': restrictedPaths([
        ...features.map((f) => ({
          target: `${WEB}/features/${f}/**`,
          from: `${WEB}/features/!(${f})/**`,
          message: `A feature never imports another feature (in features/${f}): move what they share to shared/, or compose them in app/.`,
        })),
        {
          target: `${WEB}/shared/**`,
          from: [`${WEB}/features/**`, `${WEB}/app/**`],
          message: 'shared/ never imports features/ or app/.',
        },
        {
          target: `${WEB}/**`,
          from: 'apps/api/**',
          message: 'The web app never imports the server.',
        },
        {
          target: `${WEB}/**`,
          from: 'packages/contract/src/cipher-node.ts',
          message: 'The web app never imports node-only code (cipher-browser.ts is its cipher).',
        },
      ]),
    },
  },

  // The back office console: never the server's code, nor node-only contract code.
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': restrictedGlobals(NODE_GLOBALS, 'in the back office console'),
      'boundaries/no-restricted-paths': restrictedPaths([
        {
          target: 'apps/admin/**',
          from: ['apps/api/**', 'apps/web/**'],
          message: 'The console imports only the contract, never the server or the borrowers’ app.',
        },
        { target: 'apps/admin/**', from: 'packages/contract/src/cipher-node.ts', message: 'The console never imports node-only code.' },
      ]),
    },
  },

  // The contract is imported by both sides and imports neither.
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'boundaries/no-restricted-paths': restrictedPaths([
        { target: 'packages/contract/**', from: ['apps/**', 'e2e/**'], message: 'The contract imports no app.' },
      ]),
    },
  },

  // Each workspace declares the packages it imports (root devDependencies hold the
  // shared tooling: vitest, typescript, eslint, tsx).
  ...['apps/api', 'apps/web', 'apps/admin', 'packages/contract', 'e2e'].map((workspace) => ({
    files: [`${workspace}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'boundaries/no-undeclared-packages': ['error', { root: ROOT, workspace }],
    },
  })),
];
