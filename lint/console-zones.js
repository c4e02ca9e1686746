// The console's import zones: which folder of apps/console/src may import which.

import { into, restrictImports } from './restricted-imports.js';

const SRC = 'apps/console/src';

export const consoleZones = [
  // The console's api/ knows no UI: it reports failures and ended sessions through handlers the app registers.
  {
    files: [`${SRC}/api/**/*.{ts,tsx}`],
    rules: restrictImports([
      { regex: into(['components', 'features', 'routes']), message: 'api/ imports no UI.' },
      { regex: '^antd', message: 'api/ imports no UI.' },
      { regex: into(['navigation']), message: 'api/ knows no routes: the app tells it where an ended session leads.' },
    ]),
  },
  // navigation/ is the leaf everyone may import: importing back from the console would close a cycle.
  {
    files: [`${SRC}/navigation/**/*.{ts,tsx}`],
    rules: restrictImports([{ regex: '^\\.\\.(/|$)', message: 'navigation/ imports nothing else of the console: everything may import it.' }]),
  },
  // Shared components sit below the features and the routes that compose them.
  {
    files: [`${SRC}/components/**/*.{ts,tsx}`],
    rules: restrictImports([{ regex: into(['features', 'routes']), message: 'components/ are shared by the features: they import none, nor the routes (paths come from navigation/).' }]),
  },
  // A feature uses another only through that feature's index.ts, and never the routes, which load the features.
  // A file sits one folder (features/x/index.ts), two (features/x/components/) or three below features/: going up that far and into another folder is another feature's internals.
  ...[
    [`${SRC}/features/*/*.{ts,tsx}`, 1],
    [`${SRC}/features/*/*/*.{ts,tsx}`, 2],
    [`${SRC}/features/*/*/*/*.{ts,tsx}`, 3],
  ].map(([files, depth]) => ({
    files: [files],
    rules: restrictImports([
      { regex: `^(\\.\\./){${depth}}[^./][^/]*/|/features/[^/]+/.`, message: "A feature imports another feature only through its index.ts: move what both need to components/, or export it there." },
      { regex: into(['routes']), message: 'Features do not import the routes: paths come from navigation/.' },
    ]),
  })),
];
