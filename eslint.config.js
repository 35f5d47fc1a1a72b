// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The modules of each server feature that other features may import, besides its
// `<feature>.service.ts` (docs/ARCHITECTURE.md, "Feature boundaries"). Everything else in a
// feature, its repositories first, is private to it.
const featurePublicModules = {
  auth: ['attempt-limit.ts', 'login-throttle.ts', 'passwords.ts', 'session-revocation.ts'],
  collections: ['collection-access.ts', 'collection-store.ts', 'collection-tree.ts'],
  files: ['file-store.ts', 'images.ts'],
  posts: [
    'post-bulk-insert.ts',
    'post-content.ts',
    'post-listing.ts',
    'post-order.ts',
    'post-recycle-bin.ts',
  ],
  search: ['search-document.ts', 'search-index.ts', 'search-query.ts', 'search-snippet.ts'],
  shares: ['share-membership.ts', 'used-share-tokens.ts'],
  tags: ['post-tags.ts'],
  users: ['user-accounts.ts', 'users.presenter.ts'],
};

export default tseslint.config(
  {
    ignores: ['dist/', 'data/', 'e2e/.run-data/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'error',
    },
  },
  {
    files: [
      'server/**',
      'contract/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '*.config.ts',
      '*.config.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web never talks to the server except through the typed API client
    // (ARCHITECTURE.md#dependency-rules).
    files: ['web/src/**'],
    ignores: ['web/src/lib/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the API client in web/src/lib.' },
      ],
    },
  },
  {
    // Web and server only meet in contract/.
    files: ['web/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  {
    files: ['server/**', 'contract/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/web/**'] }],
    },
  },
  {
    // Feature boundaries (docs/ARCHITECTURE.md): a file of server/features/<feature>/ imports
    // another feature only through its service or a public module listed above, never its
    // repository or any other private file. Imports within a feature are free, and tests may
    // reach anything.
    files: ['server/features/**/*.ts'],
    ignores: ['server/features/**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        { type: 'feature', pattern: 'server/features/*', partialMatch: false },
      ],
      'boundaries/files': [
        {
          category: 'public',
          pattern: [
            'server/features/*/*.service.ts',
            ...Object.entries(featurePublicModules).flatMap(([feature, modules]) =>
              modules.map((module) => `server/features/${feature}/${module}`),
            ),
          ],
        },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'A feature reaches another only through its *.service.ts or a public module listed in eslint.config.js (docs/ARCHITECTURE.md, "Feature boundaries").',
          policies: [
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature' }, file: { categories: 'public' } } },
            },
          ],
        },
      ],
    },
  },
);
