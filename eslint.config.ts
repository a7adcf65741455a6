import astro from 'eslint-plugin-astro';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { moduleBoundaries } from './scripts/lint/module-boundaries.ts';

const local = { rules: { 'module-boundaries': moduleBoundaries } };
// An .astro file's <script> is linted as a virtual file inside the component's path (X.astro/0_0.ts), which no TypeScript project holds.
const astroScripts = '**/*.astro/*.ts';

/**
 * The rules a reviewer would otherwise have to remember: module boundaries (README, "Adding a
 * module"), no import cycles, no promise left floating, no `any`. Style is left to the editor.
 */
export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'site/dist/**', 'site/.astro/**', 'site/public/**', '**/*.mjs'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: [astroScripts],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: {
      '@typescript-eslint': tseslint.plugin,
      'import-x': importX,
      local,
    },
    settings: {
      // Without these, import-x skips .ts files when it follows imports, and finds no cycle.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'site/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      // node:test's describe/it return promises the runner awaits itself.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/module-boundaries': 'error',
    },
  },
  ...astro.configs.recommended,
  {
    // astro-eslint-parser has no projectService: it types the frontmatter and the template's expressions with a project of its own.
    files: ['**/*.astro'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, project: 'site/tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, local },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'local/module-boundaries': 'error',
    },
  },
  {
    files: [astroScripts],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // A browser logs a rejected event handler; a server process would die of one, so only the site may hand async callbacks to void slots.
    files: ['site/**/*.ts', 'site/**/*.tsx', 'site/**/*.astro'],
    ignores: [astroScripts],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }] },
  },
  {
    files: ['site/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
