import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Minimatch } from 'minimatch';

/**
 * Two small ESLint rules for the tree's import boundaries, resolved without native
 * resolvers (the npm registry of our machines lacks some platform binaries of the usual
 * import plugins' resolver, which broke `npm ci`):
 *
 * - `no-restricted-paths`: zones `{ target, from, message }` of globs relative to `root`;
 *   an import from a file matching `target` that resolves to a file matching `from` is
 *   refused. Relative imports resolve against the importing file; `@app/contract/<file>`
 *   resolves to `packages/contract/src/<file>` (the contract's `exports` map).
 * - `no-undeclared-packages`: a bare import must name a package the file's workspace
 *   declares (dependencies or devDependencies), or one of the root's devDependencies.
 */

const CONTRACT = '@app/contract/';
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function importSources(node) {
  if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return node.source;
  if (node.type === 'ExportNamedDeclaration') return node.source ?? null;
  if (node.type === 'ImportExpression' && node.source.type === 'Literal') return node.source;
  return null;
}

function visitImports(check) {
  const visit = (node) => {
    const source = importSources(node);
    if (source && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportAllDeclaration: visit,
    ExportNamedDeclaration: visit,
    ImportExpression: visit,
  };
}

function resolveImport(root, filename, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(filename), specifier);
  if (specifier.startsWith(CONTRACT)) return path.join(root, 'packages/contract/src', specifier.slice(CONTRACT.length));
  return null;
}

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'zones'],
        additionalProperties: false,
      },
    ],
    messages: { restricted: "Unexpected import of '{{specifier}}'. {{message}}" },
  },
  create(context) {
    const { root, zones } = context.options[0];
    const filename = context.filename;
    const matching = zones
      .filter((zone) => new Minimatch(path.join(root, zone.target)).match(filename))
      .map((zone) => ({ ...zone, from: [zone.from].flat().map((glob) => new Minimatch(path.join(root, glob))) }));
    if (matching.length === 0) return {};
    return visitImports((node, specifier) => {
      const resolved = resolveImport(root, filename, specifier);
      if (!resolved) return;
      for (const zone of matching) {
        if (zone.from.some((glob) => glob.match(resolved))) {
          context.report({ node, messageId: 'restricted', data: { specifier, message: zone.message ?? '' } });
        }
      }
    });
  },
};

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const declaredCache = new Map();
function declaredPackages(packageJsonPath) {
  let names = declaredCache.get(packageJsonPath);
  if (!names) {
    const json = existsSync(packageJsonPath) ? JSON.parse(readFileSync(packageJsonPath, 'utf8')) : {};
    names = new Set([json.name, ...Object.keys(json.dependencies ?? {}), ...Object.keys(json.devDependencies ?? {})]);
    declaredCache.set(packageJsonPath, names);
  }
  return names;
}

const noUndeclaredPackages = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, workspace: { type: 'string' } },
        required: ['root', 'workspace'],
        additionalProperties: false,
      },
    ],
    messages: { undeclared: "'{{name}}' is imported but not declared in {{workspace}}/package.json." },
  },
  create(context) {
    const { root, workspace } = context.options[0];
    const own = declaredPackages(path.join(root, workspace, 'package.json'));
    const shared = declaredPackages(path.join(root, 'package.json'));
    return visitImports((node, specifier) => {
      if (specifier.startsWith('.') || specifier.startsWith('/') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]))
        return;
      // Vite's virtual and query imports (e.g. '?url') are not packages.
      if (specifier.startsWith('virtual:')) return;
      const name = packageNameOf(specifier);
      if (!own.has(name) && !shared.has(name)) {
        context.report({ node, messageId: 'undeclared', data: { name, workspace } });
      }
    });
  },
};

export const boundariesPlugin = {
  meta: { name: 'boundaries' },
  rules: { 'no-restricted-paths': noRestrictedPaths, 'no-undeclared-packages': noUndeclaredPackages },
};
