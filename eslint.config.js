// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/server/demo/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  // No import cycles anywhere: a module and what it imports form a tree (docs/server.md, docs/storefront.md).
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The storefront and the back office: browser globals, the rules of hooks, and accessibility checks on JSX.
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y-x': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
    },
  },
  // The back office's layers (docs/admin.md): a resource's folder never imports another resource's
  // (what two resources share lives in components/ or lib/); components/ and lib/ import no resource and
  // not the app's frame; lib/ draws nothing from components/.
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...[
              'account',
              'audit',
              'auth',
              'catalogue',
              'customers',
              'dashboard',
              'enquiries',
              'newsletter',
              'products',
              'reviews',
              'settings',
              'staff',
              'store',
              'transfer',
            ].map((resource) => ({
              target: `apps/admin/src/resources/${resource}`,
              from: 'apps/admin/src/resources',
              except: [`./${resource}`],
              message: 'A resource imports no other resource: move what both need to components/ or lib/.',
            })),
            {
              target: ['apps/admin/src/components', 'apps/admin/src/lib'],
              from: ['apps/admin/src/resources', 'apps/admin/src/app'],
              message: 'Shared pieces import no resource and not the app frame.',
            },
            { target: 'apps/admin/src/lib', from: 'apps/admin/src/components' },
            {
              target: 'apps/admin/src/resources',
              from: 'apps/admin/src/app',
              message: 'A resource does not import the app frame (routes, layout): roles live in lib/.',
            },
          ],
        },
      ],
    },
  },
);
