// The console's import zones: which folder of apps/console/src may import which.

export const consoleZones = [
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
];
