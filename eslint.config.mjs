// Lint setup: TypeScript rules everywhere, Lit and web-component rules on the browser code.
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.cache/', 'coverage/'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    ...wc.configs['flat/best-practice'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Browser tests wait on states with test/support/wait.ts: @open-wc's own waitUntil gives up after one second,
    // which a busy machine exceeds (issue 55).
    files: ['test/**/*.ts'],
    ignores: ['test/support/wait.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@open-wc/testing', importNames: ['waitUntil'], message: 'Use waitUntil from test/support/wait.ts: a wait bounded by its state, named.' }] }],
    },
  },
  {
    // Servers, scripts and benchmarks print to the terminal on purpose.
    files: ['scripts/**', 'demo/server/**', 'bench/**', '*.mjs', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
