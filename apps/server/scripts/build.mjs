// `npm run build -w @wallet/server`: the server and its commands bundled into dist/ for plain `node`.
// Our own packages (the contract, written in TypeScript) are bundled in; every other package is
// loaded from node_modules at run time, as without a bundler. (Bundling those too was measured:
// it made the process larger, not smaller.)
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverDir, 'dist');

/** Each command the package's scripts run, by the name of its output file. */
const ENTRY_POINTS = {
  main: 'src/main.ts',
  demo: 'src/demo.ts',
  'ledger-verify': 'src/ledger/verify-cli.ts',
};

const packagesFromNodeModules = {
  name: 'packages-from-node-modules',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wallet/') ? undefined : { path: args.path, external: true }));
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const startedAt = Date.now();
await build({
  absWorkingDir: serverDir,
  entryPoints: ENTRY_POINTS,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Every output file, shared chunks too, lands directly in dist/, as deep as src/: paths made from import.meta.url hold.
  plugins: [packagesFromNodeModules],
  logLevel: 'warning',
});
process.stdout.write(`server built into ${path.relative(process.cwd(), outdir) || 'dist'} in ${Date.now() - startedAt} ms\n`);
