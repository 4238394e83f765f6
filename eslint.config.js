import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import fs from 'node:fs';

// Learner feature folders: a feature never imports another one (bulletproof-react's rule).
const learnerFeatures = fs.existsSync('learner/features')
  ? fs.readdirSync('learner/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const appImportRules = (other) => ({
  paths: [
    { name: 'axios', message: 'Use the http client in common/http.' },
    { name: 'react-router', message: 'Import from react-router-dom only.' },
  ],
  patterns: [{ group: [`**/${other}/**`, '**/server/**'], message: 'The SPAs never import each other or the server.' }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['admin/**/*.{ts,tsx}', 'learner/**/*.{ts,tsx}', 'common/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // common/ is shared: it never reaches into an app or the server.
    files: ['common/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/admin/**', '**/learner/**', '**/server/**'] }],
    },
  },
  // No import cycles in the server: modules depend one way, and react to each other through
  // domain events (server/events.ts) instead of calling back (type-only imports count too).
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } }, 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Server modules talk to each other through services: a repository is its own module's only
  // (server/modules/<x>/** never imports ../<y>/*.repository), and jobs and plugins use services.
  // Services and routes do not build queries (Kysely types are fine).
  {
    files: ['server/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./[^/]+/[^/]*\\.repository(\\.ts)?$', message: "Call the other module's service, never its repository." }] },
      ],
    },
  },
  {
    files: ['server/modules/**/*.service.ts', 'server/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', allowTypeImports: true, message: 'Only repositories build queries.' }],
          patterns: [{ regex: '^\\.\\./[^/]+/[^/]*\\.repository(\\.ts)?$', message: "Call the other module's service, never its repository." }],
        },
      ],
    },
  },
  {
    files: ['server/jobs/**/*.ts', 'server/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[^/]+/[^/]*\\.repository(\\.ts)?$', message: 'Jobs and plugins call services, never repositories.' }] },
      ],
    },
  },
  // Components talk to the API through common/http only; the SPAs never import each other.
  { files: ['admin/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', appImportRules('learner')] } },
  { files: ['learner/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', appImportRules('admin')] } },
  ...learnerFeatures.map((feature) => {
    const others = learnerFeatures.filter((f) => f !== feature);
    const rules = appImportRules('admin');
    return {
      files: [`learner/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            ...rules,
            patterns: [
              ...rules.patterns,
              ...(others.length
                ? [{ regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`, message: `Features do not import each other: move shared code to learner/components, hooks or app.` }]
                : []),
            ],
          },
        ],
      },
    };
  }),
);
