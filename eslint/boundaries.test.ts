import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Deliberately bad imports, linted as if they were files of the tree: each must be
 * refused by the boundary rules of eslint/boundaries.js, and the good ones accepted.
 * The imported files exist, so the rules resolve them as they do for real code.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
// The files linted here do not exist, so no TypeScript program holds them: the type-aware
// rules (which need the file in tsconfig.lint.json's program) are left out; the boundary rules
// need no types.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { project: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const API = 'apps/api/src';
const WEB = 'apps/web/src';

describe('import boundaries', () => {
  it.each([
    ['a plugin importing a module', `${API}/plugins/new-plugin.ts`, "export { authModule } from '../modules/auth/routes.ts';"],
    ['the database layer importing a module', `${API}/db/new-seed.ts`, "export { hasPassword } from '../modules/auth/has-password.ts';"],
    [
      "a module importing another module's repository",
      `${API}/modules/questions/new-use-case.ts`,
      "export { selectOwnUpload } from '../uploads/uploads-repository.ts';",
    ],
    [
      "a module importing another module's use case past its index.ts",
      `${API}/modules/questions/new-use-case.ts`,
      "export { readOwnImage } from '../uploads/read-own-image.ts';",
    ],
    [
      "a module importing another module's routes",
      `${API}/modules/account/new-use-case.ts`,
      "export { authModule } from '../auth/routes.ts';",
    ],
    [
      "a module importing another owner's table",
      `${API}/modules/questions/new-use-case.ts`,
      "export { uploadedFiles } from '../../db/schema/uploads.ts';",
    ],
    ['a module importing every table', `${API}/modules/questions/new-use-case.ts`, "export { users } from '../../db/schema.ts';"],
    ['domain importing the database layer', `${API}/domain/new-rule.ts`, "export type { Db } from '../db/client.ts';"],
    [
      'a web feature importing another feature',
      `${WEB}/features/loans/pages/new-page.tsx`,
      "export { LoginForm } from '../../auth/components/login-form.tsx';",
    ],
    [
      'web shared importing a feature',
      `${WEB}/shared/ui/new-piece.tsx`,
      "export { LoginForm } from '../../features/auth/components/login-form.tsx';",
    ],
    ['web shared importing the app', `${WEB}/shared/ui/new-piece.tsx`, "export { router } from '../../app/router.tsx';"],
    ['the web app importing the server', `${WEB}/shared/api/new-call.ts`, "export { buildApp } from '../../../../api/src/app.ts';"],
  ])('refuses %s', async (_name, file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('boundaries/no-restricted-paths');
  });

  it('refuses a query outside the module repository and I/O in domain/', async () => {
    expect(
      await ruleIdsFor(`${API}/modules/questions/new-use-case.ts`, "import { eq } from 'drizzle-orm';\nexport const x = eq;"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIdsFor(`${API}/domain/new-rule.ts`, "import { readFile } from 'node:fs/promises';\nexport const x = readFile;"),
    ).toContain('no-restricted-imports');
  });

  it('refuses a package the workspace does not declare', async () => {
    expect(await ruleIdsFor(`${WEB}/shared/utils/new-util.ts`, "import { Redis } from 'ioredis';\nexport const x = Redis;")).toContain(
      'boundaries/no-undeclared-packages',
    );
  });

  it('refuses Node globals in the browser app and browser globals in the server', async () => {
    expect(await ruleIdsFor(`${WEB}/shared/utils/new-util.ts`, 'export const cwd = process.cwd();')).toContain('no-restricted-globals');
    expect(await ruleIdsFor(`${API}/domain/new-rule.ts`, 'export const width = window.innerWidth;')).toContain('no-restricted-globals');
  });

  it('accepts what the boundaries allow', async () => {
    expect(
      await ruleIdsFor(`${API}/modules/questions/new-use-case.ts`, "export { isOwnUpload, readOwnImage } from '../uploads/index.ts';"),
    ).toEqual([]);
    expect(
      await ruleIdsFor(`${API}/modules/uploads/uploads-new-repository.ts`, "export { uploadedFiles } from '../../db/schema/uploads.ts';"),
    ).toEqual([]);
    expect(
      await ruleIdsFor(`${API}/modules/auth/new-use-case.ts`, "export { endSessions } from '../../plugins/session-store.ts';"),
    ).toEqual([]);
    expect(
      await ruleIdsFor(`${WEB}/app/new-layout.tsx`, "export { LoginForm } from '../features/auth/components/login-form.tsx';"),
    ).toEqual([]);
  });
});
