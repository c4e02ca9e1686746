// Reports the app's first-load JavaScript and each page chunk, gzip-compressed, from the Vite manifest.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const firstLoad = staticClosure(entryKey);
const firstLoadKb = [...firstLoad].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);

/** What is loaded before a lazy chunk can be asked for: the chunks that import it lazily, with theirs. */
function loadedBefore(key) {
  const loaded = new Set(firstLoad);
  for (const [loader, chunk] of Object.entries(manifest)) {
    if ((chunk.dynamicImports ?? []).includes(key) && !manifest[loader].isEntry) for (const k of staticClosure(loader)) loaded.add(k);
  }
  return loaded;
}

// What each page, or a sheet a page opens lazily (from a feature or a shared component), downloads when it is opened.
const pages = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/'))
  .map(([key]) => {
    const before = loadedBefore(key);
    const own = [...staticClosure(key)].filter((k) => !before.has(k));
    const page = key.replace(/^src\/(pages\/)?/, '').replace(/\/index\.tsx$/, '');
    return { page, kb: own.reduce((s, k) => s + gzipKb(manifest[k].file), 0) };
  })
  .sort((a, b) => b.kb - a.kb);

const result = { firstLoadKb: Number(firstLoadKb.toFixed(1)), largestPage: pages[0], pages };
if (process.argv.includes('--json')) console.log(JSON.stringify(result));
else {
  console.log(`first-load JS: ${result.firstLoadKb} KB gzip (budget 150)`);
  for (const p of pages) console.log(`  page ${p.page.padEnd(22)} ${p.kb.toFixed(1)} KB gzip (budget 30)`);
}
