// The server's import zones: which folder of apps/server/src may import which. Tests may reach anywhere.

import { restrictImports } from './restricted-imports.js';

const restrict = (files, patterns) => ({ files, ignores: ['**/*.test.ts'], rules: restrictImports(patterns) });

export const serverZones = [
  // The money core, the database, the audit and the metrics' registry sit below every feature and the web layer.
  restrict(
    ['apps/server/src/{ledger,db,audit,metrics}/**/*.ts'],
    [{ regex: '(^|/)(modules|http|scheduler)/', message: 'ledger/, db/, audit/ and metrics/ import no module, no http/ and no scheduler/: errors live in src/errors.ts.' }],
  ),
  // The timers and the request pipeline know no feature: modules hand them their work.
  restrict(['apps/server/src/{scheduler,http}/**/*.ts'], [{ regex: '(^|/)modules/', message: 'scheduler/ and http/ import no module: the module passes its work in.' }]),
  // A module uses another module only through what that module's index.ts exports.
  restrict(
    ['apps/server/src/modules/*/**/*.ts'],
    [
      { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)', message: 'A module imports another module only through its index.ts, never its internals.' },
      { regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: 'A module imports another module only through its index.ts, never its internals.' },
    ],
  ),
  // The entry points (main, app, first start, demo) see modules only through their index.ts and the composition.
  restrict(['apps/server/src/*.ts'], [{ regex: '^\\./modules/[^/]+/(?!index\\.js$)', message: 'Outside modules/, a module is reached only through its index.ts.' }]),
];
