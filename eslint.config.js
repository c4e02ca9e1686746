import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { consoleZones } from './lint/console-zones.js';
import { serverZones } from './lint/server-zones.js';
import { webZones } from './lint/web-zones.js';

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
  ...serverZones,
  ...webZones,
  ...consoleZones,
  {
    files: ['scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
