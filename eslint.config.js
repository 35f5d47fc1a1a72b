// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

// The modules of each server feature that other features may import, besides its
// `<feature>.service.ts` (docs/ARCHITECTURE.md, "Feature boundaries"). Everything else in a
// feature, its repositories first, is private to it.
const featurePublicModules = {
  auth: ['attempt-limit.ts', 'login-throttle.ts', 'passwords.ts', 'session-revocation.ts'],
  collections: ['collection-access.ts', 'collection-store.ts', 'collection-tree.ts'],
  files: ['file-store.ts', 'images.ts'],
  'link-preview': ['guarded-fetcher.ts'],
  'page-copies': ['page-copies.backup.ts'],
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

export default defineConfig(
  {
    ignores: ['dist/', 'data/', 'e2e/.run-data/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  // Type-aware rules: every file is linted with the types of the tsconfig it belongs to
  // (tsconfig.json for server, contract, e2e, bench, scripts and the root configs;
  // web/tsconfig.json for the web app; extension/tsconfig.json for the browser extension). The three plain-JavaScript files belong to no tsconfig
  // and are linted in the default project.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'eslint.config.js',
            'e2e/e2e-server.mjs',
            'web/public/theme.js',
            'server/test/stuck-extraction-thread.mjs',
            'server/test/thread-identity.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'error',
      // From strictTypeChecked, the rules that catch bugs rather than style: checks the types
      // prove useless (often a type that lies), a switch that misses a member of a union, APIs
      // their authors retired, spreading a string or a Map, conversions that do nothing, and
      // rejection callbacks that assume an Error. (prefer-nullish-coalescing stays off: `||`
      // here deliberately treats an empty title or description as missing.)
      '@typescript-eslint/no-unnecessary-condition': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/no-misused-spread': 'error',
      '@typescript-eslint/no-unnecessary-type-conversion': 'error',
      '@typescript-eslint/use-unknown-in-catch-callback-variable': 'error',
    },
  },
  {
    // Tests and their helpers. The API tests read response bodies typed `any` until they move
    // onto the typed client, so the no-unsafe-* family would flag every line of them; and test
    // doubles implement promise-returning interfaces with `async` methods that await nothing.
    files: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**', 'web/src/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The e2e entry imports the production build (dist/), which has no type declarations:
    // what it gets from there is `any` whether or not a build exists.
    files: ['e2e/e2e-server.mjs'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
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
    files: ['web/**', 'extension/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Router's loaders leave a route by throwing the Response of `redirect()`.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }] },
      ],
    },
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
    // Web and server only meet in contract/; the extension, a client of the API like the web
    // app, reaches the server through contract/ too (and uses the web app's components).
    files: ['web/**', 'extension/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  {
    files: ['server/**', 'contract/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/web/**', '**/extension/**'] }],
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
