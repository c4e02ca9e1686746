import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/.results/**', 'e2e/screenshots/**', '.tmp/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The console's api/ knows no UI: it reports failures and ended sessions through handlers the app registers.
  {
    files: ['apps/console/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(components|features|routes)(/|$)', message: 'api/ imports no UI.' }, { regex: '^antd', message: 'api/ imports no UI.' }] },
      ],
    },
  },
  // The app's layers: api/ knows no UI, and a page uses shared parts, never another page's folder.
  {
    files: ['apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(components|pages|layouts|routes)(/|$)', message: 'api/ imports no UI: register a handler from the app instead.' },
            { regex: '^antd-mobile', message: 'api/ imports no UI.' },
          ],
        },
      ],
    },
  },
  // Shared UI reaches the server only through the hooks of api/, as pages do.
  {
    files: ['apps/web/src/{components,layouts}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/api/client$', message: 'UI calls the server through the query and mutation hooks of api/.' }] }],
    },
  },
  // A page file sits one folder (pages/home/) or two (pages/money/recharge/) below pages/: going up that far and down again is another page.
  ...[
    ['apps/web/src/pages/*/*.{ts,tsx}', 1],
    ['apps/web/src/pages/*/*/*.{ts,tsx}', 2],
  ].map(([files, depth]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./){1,${depth}}[^.]|/pages/`, message: "A page does not import another page's folder: move what both need to components/." },
            { regex: '/api/client$', message: 'A page calls the server through the query and mutation hooks of api/.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
