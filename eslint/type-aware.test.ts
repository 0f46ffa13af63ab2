import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The type-aware rules are on where a tsconfig covers the file: a promise dropped on the
 * floor, or handed where nothing waits for it, is refused; one let go with `void` passes.
 * Linted as the text of a real file of the web app (the rules need its TypeScript program).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const FILE = path.join(ROOT, 'apps/web/src/shared/utils/format.ts');

// Under CI=true typescript-eslint would build its program once from the files on disk
// ("single run"), which is right for `eslint .` but never sees text handed to lintText.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } },
});

async function ruleIdsFor(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: FILE });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('type-aware lint', () => {
  it('refuses a floating promise and a promise where a void callback is expected; accepts void', async () => {
    const ask = 'async function ask(): Promise<number> {\n  return 1;\n}\n';
    expect(await ruleIdsFor(`${ask}export function go(): void {\n  ask();\n}\n`)).toContain('@typescript-eslint/no-floating-promises');
    expect(
      await ruleIdsFor(`${ask}export const timer = setTimeout(ask, 10);\nexport const list = [1].forEach(async () => { await ask(); });\n`),
    ).toContain('@typescript-eslint/no-misused-promises');
    expect(await ruleIdsFor(`${ask}export function go(): void {\n  void ask();\n}\n`)).toEqual([]);
  }, 120_000);
});
