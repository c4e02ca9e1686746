// The phone app's import zones: which folder of apps/web/src may import which.

export const webZones = [
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
];
