import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    // Components talk to the API through common/http only.
    files: ['admin/**/*.{ts,tsx}', 'learner/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'axios', message: 'Use the http client in common/http.' }, { name: 'react-router', message: 'Import from react-router-dom only.' }],
          patterns: ['**/server/**'],
        },
      ],
    },
  },
  {
    // The SPAs never import each other.
    files: ['admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'axios', message: 'Use the http client in common/http.' }, { name: 'react-router', message: 'Import from react-router-dom only.' }], patterns: ['**/learner/**', '**/server/**'] }] },
  },
  {
    files: ['learner/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'axios', message: 'Use the http client in common/http.' }, { name: 'react-router', message: 'Import from react-router-dom only.' }], patterns: ['**/admin/**', '**/server/**'] }] },
  },
);
