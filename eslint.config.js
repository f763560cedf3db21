import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
