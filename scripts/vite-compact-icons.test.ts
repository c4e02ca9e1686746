import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactIconModule, roundPathData } from './vite-compact-icons';

/** The numbers of a path, in order, as an SVG parser reads them. */
const numbersOf = (path: string) => (path.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);

describe('compacting the icons', () => {
  it('rounds every number of a path to a tenth and keeps its commands', () => {
    expect(roundPathData('M28.267333,7.42364522 C28.6217345,7.94869119 L-0.04,5 Z')).toBe('M28.3,7.4 C28.6,7.9 L0,5 Z');
  });

  it('leaves integers as written: an arc\'s flags may be run together', () => {
    expect(roundPathData('M2.04,3 A20,20 0 011.25,4')).toBe('M2,3 A20,20 0 011.25,4');
  });

  it('keeps numbers apart that were written one after another', () => {
    const path = 'M1.04.5 L2.96-0.04 l.51.49';
    const rounded = roundPathData(path);
    expect(numbersOf(rounded)).toEqual([1, 0.5, 3, 0, 0.5, 0.5]);
    expect(numbersOf(rounded)).toHaveLength(numbersOf(path).length);
  });

  it('leaves each drawn point within a twentieth of a unit of every icon the app ships', () => {
    const require = createRequire(import.meta.url);
    const folder = path.dirname(require.resolve('antd-mobile-icons/es/SoundOutline.js'));
    const icons = fs.readdirSync(folder).filter((name) => /^[A-Z]\w*\.js$/.test(name));
    expect(icons.length).toBeGreaterThan(100);
    for (const name of icons) {
      const code = fs.readFileSync(path.join(folder, name), 'utf8');
      const compacted = compactIconModule(code);
      expect(compacted, name).not.toMatch(/\bid: "/);
      const paths = (text: string) => [...text.matchAll(/\bd: "([^"]*)"/g)].map((match) => match[1]!);
      const [before, after] = [paths(code), paths(compacted)];
      expect(after.length, name).toBe(before.length);
      before.forEach((original, index) => {
        const [exact, rounded] = [numbersOf(original), numbersOf(after[index]!)];
        expect(rounded.length, name).toBe(exact.length);
        rounded.forEach((number, at) => expect(Math.abs(number - exact[at]!), `${name} #${at}`).toBeLessThanOrEqual(0.05 + 1e-9));
      });
      expect(compacted.length, name).toBeLessThan(code.length);
    }
  });
});
