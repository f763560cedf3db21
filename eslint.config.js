import { dirname, relative, resolve } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // Earlier builds kept for the bench's --against (docs/PERFORMANCE.md), ignored by git too.
      '**/dist.*/**',
      '**/node_modules/**',
      'data/**',
      'packages/db/src/migrations/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          // Mantine's Loader is a plain span: a label on it alone is an ARIA attribute axe refuses
          // (aria-prohibited-attr), met on loading screens the sweep seldom catches.
          selector:
            'JSXOpeningElement[name.name="Loader"]:has(JSXAttribute[name.name="aria-label"]):not(:has(JSXAttribute[name.name="role"]))',
          message: 'A Loader with an aria-label needs role="status".',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Features do not import each other or the app; pages in app/ compose them.',
            },
            {
              group: ['../../*'],
              message:
                'Leave a feature through the @/ alias (lib, components), never by relative paths.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.d.ts'],
    plugins: {
      local: {
        rules: {
          'module-boundaries': {
            meta: { type: 'problem', schema: [] },
            create(context) {
              const root = resolve(import.meta.dirname, 'apps/api/src/modules');
              const moduleOf = (path) => {
                const inside = relative(root, path);
                return inside.startsWith('..') ? null : inside.split('/')[0];
              };
              const importer = context.filename;
              const check = (node) => {
                const source = node.source?.value;
                if (typeof source !== 'string' || !source.startsWith('.')) return;
                const target = resolve(dirname(importer), source);
                if (!target.endsWith('.repo.ts')) return;
                const owner = moduleOf(target);
                if (moduleOf(importer) === owner && !importer.endsWith('.routes.ts')) return;
                context.report({
                  node,
                  message: `Only the ${owner} module's own service reads ${source.split('/').pop()}: ask that module's service (docs/CODE_STYLE.md).`,
                });
              };
              return {
                ImportDeclaration: check,
                ExportNamedDeclaration: check,
                ExportAllDeclaration: check,
                ImportExpression: check,
              };
            },
          },
          'kebab-case-files': {
            meta: { type: 'problem', schema: [] },
            create(context) {
              const name = context.filename.split('/').pop() ?? '';
              const base =
                name
                  .replace(/\.(test|spec|routes|service|repo|config|d)?\.?(tsx?|jsx?)$/, '')
                  .split('.')[0] ?? '';
              return {
                Program(node) {
                  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base))
                    context.report({ node, message: `File name "${name}" must be kebab-case.` });
                },
              };
            },
          },
        },
      },
    },
    rules: { 'local/kebab-case-files': 'error' },
  },
  {
    // A module's tables are read and written by its repository, which only its service imports;
    // other modules ask that service. Tests may read any repository to check its queries.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/testing/**'],
    rules: { 'local/module-boundaries': 'error' },
  },
  {
    // Pino writes a child logger's bindings as given, unredacted (lib/log-redaction.ts): log
    // values beside a message instead.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name="child"]',
          message:
            'No child loggers: their bindings escape the log redaction (lib/log-redaction.ts).',
        },
      ],
    },
  },
  {
    // lib/ is the ground floor of the API: plugins and modules build on it, never the reverse.
    files: ['apps/api/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/plugins/**', '**/mail/**'],
              message: 'lib/ imports nothing from modules, plugins or mail.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON answers on purpose: that is what they check.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/api/src/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
