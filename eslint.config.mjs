// The lint npm test runs (selftest/test-all.ts, `npm run lint`): what the type checker lets through —
// code nothing uses, promises nobody awaits or catches, imports out of order — over every source file
// the repository tracks. The house rules (folders, imports between rooms, comments) are selftest/house/.
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Builds, reports and installs are not sources; the fixture sites are data, written as their
    // authors would (they are judged, not linted).
    ignores: [
      '**/node_modules/**', '**/.next*/**', 'site/out/**', 'site/next-env.d.ts', 'dist/**', 'reports/**',
      'test-results/**', 'mutants/.work/**', '.cache/**', 'fixtures/implementations/**', 'fixtures/bare-next/**',
      'fixtures/nothing-to-judge/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: { allowDefaultProject: ['*.mjs', 'bin/*.mjs', 'launcher/*.cjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {
        args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true,
      }],
      'no-unused-labels': 'error',
      'no-unreachable': 'error',
      'import-x/first': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/newline-after-import': 'error',
      'import-x/order': ['error', { groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index']] }],
    },
  },
  {
    // Type-aware: a promise left floating is a wait nobody bounds and a failure nobody sees.
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
);
