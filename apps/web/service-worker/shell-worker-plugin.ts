import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { transformWithOxc, type Plugin } from 'vite';

/** What the worker keeps: the page, the scripts, the styles and the fonts of the build, all hashed but the page. */
const SHELL_FILE = /^(index\.html|.+\.(js|css|woff2?|ttf|otf))$/;
export const WORKER_FILE = 'sw.js';

/**
 * Writes `sw.js` beside index.html: shell-worker.ts, stripped of its types,
 * after a first line `const SHELL = {"version":…,"files":[…]};` naming every
 * file of this build. The version is a hash of those files' names and
 * contents, so any change to the build makes a new worker, which the browser
 * installs beside the running one (the app then offers to reload). The server
 * folds its own configuration of the page into that version when it serves
 * the worker (apps/server/src/http/installable-app.ts).
 */
export function shellWorker(): Plugin {
  return {
    name: 'wallet-shell-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((file) => SHELL_FILE.test(file) && file !== WORKER_FILE)
        .sort();
      const hash = createHash('sha256');
      for (const file of files) {
        const output = bundle[file]!;
        hash.update(`${file}\n`).update(output.type === 'chunk' ? output.code : output.source);
      }
      const source = await fs.readFile(new URL('./shell-worker.ts', import.meta.url), 'utf8');
      const { code } = await transformWithOxc(source, 'shell-worker.ts', { lang: 'ts' });
      const shell = { version: hash.digest('hex').slice(0, 16), files };
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: `const SHELL = ${JSON.stringify(shell)};\n${code}` });
    },
  };
}
