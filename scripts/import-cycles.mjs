// Fails when any import cycle exists in the server, the app, the console or the contract.
import path from 'node:path';
import madge from 'madge';

const root = path.resolve(import.meta.dirname, '..');
const trees = [
  ['packages/contract/src', 'packages/contract/tsconfig.json'],
  ['apps/server/src', 'apps/server/tsconfig.json'],
  ['apps/web/src', 'apps/web/tsconfig.json'],
  ['apps/console/src', 'apps/console/tsconfig.json'],
];

let cycles = 0;
for (const [tree, tsConfig] of trees) {
  const graph = await madge(path.join(root, tree), { fileExtensions: ['ts', 'tsx'], tsConfig: path.join(root, tsConfig) });
  for (const cycle of graph.circular()) {
    cycles += 1;
    console.log(`import cycle in ${tree}: ${cycle.join(' → ')}`);
  }
}
console.log(cycles ? `${cycles} import cycle(s)` : 'No import cycle in the contract, the server, the app or the console.');
process.exit(cycles ? 1 : 0);
