import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: ['fs', 'path', 'crypto', 'http', 'https', 'url', 'os', 'net', 'child_process'].map((name) => ({
            name,
            message: `Import node:${name} instead.`,
          })),
        },
      ],
    },
  },
  {
    // Tests assert on values they have just checked exist; `!` keeps those assertions short.
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['packages/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/server*', '@portal/web*', '**/apps/**'],
              message: 'The contract imports nothing of the apps.',
            },
          ],
        },
      ],
    },
  },
  { files: ['apps/web/**'], languageOptions: { globals: { ...globals.browser } } },
);
