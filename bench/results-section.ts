import fs from 'node:fs';
import path from 'node:path';

/** Replaces (or adds at the end) one section of bench/RESULTS.md: for the measurements that also run alone. */
export function replaceSection(title: string, section: string): void {
  const resultsFile = path.resolve(import.meta.dirname, 'RESULTS.md');
  const results = fs.readFileSync(resultsFile, 'utf8');
  const start = results.indexOf(title);
  const end = start === -1 ? -1 : results.indexOf('\n## ', start + title.length);
  const updated = start === -1 ? `${results.trimEnd()}\n\n${section}` : `${results.slice(0, start)}${section}${end === -1 ? '' : results.slice(end + 1)}`;
  fs.writeFileSync(resultsFile, updated);
}
