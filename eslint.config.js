import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-early/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/api/drizzle/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Env is read in one file per app (config/env.ts); everything else receives it.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment only in config/env.ts.' }],
    },
  },
  // Globals by where the code runs: the browser app sees no Node globals and the
  // server no browser ones; the contract and the browser tests run in both.
  { files: ['apps/web/src/**', 'apps/admin/src/**'], languageOptions: { globals: globals.browser } },
  {
    files: [
      'apps/api/**',
      'apps/web/vite.config.ts',
      'apps/web/vite.early-start.config.ts',
      'apps/admin/vite.config.ts',
      'apps/web/scripts/**',
      'scripts/**',
      'eslint/**',
      '*.js',
      '*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  { files: ['packages/contract/**'], languageOptions: { globals: globals['shared-node-browser'] } },
  { files: ['e2e/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  ...boundaries,
  // Type-aware rules where a tsconfig covers the file: a promise is awaited, handled, or
  // explicitly let go with `void` (react-router's navigate returns one), never dropped. The
  // types come from one program over every project's files (tsconfig.lint.json, decision 0200).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.lint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: [
      'apps/api/src/config/env.ts',
      'apps/web/vite.config.ts',
      'apps/web/vite.early-start.config.ts',
      'apps/admin/vite.config.ts',
      'e2e/**',
      'scripts/**',
      'apps/api/scripts/**',
      '**/*.test.ts',
      'vitest.config.ts',
      'apps/api/drizzle.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
