import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'packages/server/drizzle/**',
      '**/.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The specs' `test` keeps one browser context per worker (e2e/tests/support/test.ts).
    files: ['e2e/tests/**/*.ts'],
    ignores: ['e2e/tests/support/test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from './support/test.js'." }] }],
    },
  },
);
