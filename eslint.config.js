import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Web app layering (architecture §2, §6): shared code → features → app; features never import each other.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const leaveFeatureRelatively = {
  group: ['../../*'],
  message: 'Import from outside the feature through @/ (and never from another feature).',
};

// API layering (docs/architecture.md, "Layers"): the entries (main, app, worker) → http → features →
// repositories → db and the adapters. Import paths end in .js, so each pattern is a regex on the path.
const apiEntries = {
  regex: '(^|/)(app|worker|main|worker-main|process-lifecycle)\\.js$',
  message:
    'Only the entries build the app and the worker: receive what you need through the feature context.',
};
const apiServerWiring = {
  regex:
    '(^|/)http/(error-handler|openapi|openapi-webhooks|web-app|organisation-access|api-key-access)\\.js$',
  message: "The server's wiring is http/'s own: features use its answer helpers only.",
};
const apiRouterWiring = {
  regex: '(^|/)http/(router|authenticate)\\.js$',
  importNames: ['createRouter', 'createAuthenticator'],
  message: 'Routes are registered on the router the feature context hands in, not on one of its own.',
};
const apiAboveRepositories = {
  regex: '(^|/)(http/.*|[^/]+\\.(routes|service|worker|job))\\.js$',
  message: 'A repository holds SQL only: it imports db/ and types, never HTTP, services or routes.',
};
const apiAboveAdapters = {
  regex: '(^|/)(features|http)/',
  message:
    'db/, storage/ and the other adapters sit below the features: they never import features or http/.',
};
const routesOpenNoTransactions = ['transaction', 'inTransaction'].map((name) => ({
  selector: `CallExpression:matches([callee.name='${name}'], [callee.property.name='${name}'])`,
  message: 'Routes translate HTTP: a transaction is opened by a service of the feature.',
}));
const configWritesNoFiles = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({
  name,
  message: 'config.ts only parses the environment: files are made by the start-up step (load-config.ts).',
}));
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'ml/**', 'models/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/api/src/cli/**', 'scripts/**', 'apps/api/bench/**', 'e2e/container/**', 'container/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/src/{components,config,hooks,lib,testing}/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code must not depend on features or the app.',
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
              message: 'Features must not import each other; compose them in app/ instead.',
            },
            { group: ['@/app/*'], message: 'Features must not depend on the app layer.' },
            leaveFeatureRelatively,
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/api/src/features/**/*.ts'],
    rules: restrictImports(apiEntries, apiServerWiring, apiRouterWiring),
  },
  {
    files: ['apps/api/src/features/**/*.repository.ts'],
    rules: restrictImports(apiEntries, apiServerWiring, apiAboveRepositories),
  },
  {
    files: ['apps/api/src/{backup,db,evaluation,inference,jobs,lib,mail,media,payments,storage}/**/*.ts'],
    rules: restrictImports(apiEntries, apiAboveAdapters),
  },
  {
    files: ['apps/api/src/features/**/*.routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...routesOpenNoTransactions] },
  },
  {
    files: ['apps/api/src/config.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: configWritesNoFiles }] },
  },
);
