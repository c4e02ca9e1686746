import type { Plugin } from 'vite';

/** The icons draw on a 48-unit square shown at about 24 px: a tenth of a unit is a twentieth of a pixel. */
const DECIMALS = 1;

/**
 * Numbers with a fraction only. Integers, and numbers written with a leading zero, stay as written: they may be an
 * arc's flags run together with what follows ("011.25" is 0, 1 and 1.25).
 */
const FRACTION = /-?\d*\.\d+/g;

/**
 * An SVG path with every fraction rounded. A number that followed another without a separator ("1.5.5") gets a
 * space, as rounding may leave the first without the point that ended it.
 */
export function roundPathData(path: string, decimals = DECIMALS): string {
  const scale = 10 ** decimals;
  return path.replace(FRACTION, (number, offset: number) => {
    if (/^-?0\d/.test(number)) return number;
    const rounded = String(Math.round(Number(number) * scale) / scale).replace(/^-0$/, '0');
    const before = path[offset - 1] ?? '';
    return /[\d.]/.test(before) ? ` ${rounded}` : rounded;
  });
}

/** One icon module of antd-mobile-icons without the designer's element ids and with its paths rounded. */
export function compactIconModule(code: string, decimals = DECIMALS): string {
  return code.replace(/\n\s*id: "[^"]*",?/g, '').replace(/\bd: "([^"]*)"/g, (_, path: string) => `d: "${roundPathData(path, decimals)}"`);
}

const ICON_MODULE = /[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/][A-Z]\w*\.js$/;

/**
 * antd-mobile-icons writes its paths with six decimals and an id on every element: on the first screen the icons
 * weighed 9 KB gzip, half of it digits no screen can show. They go into the build compacted.
 */
export function compactIcons(): Plugin {
  return {
    name: 'wallet-compact-icons',
    apply: 'build',
    transform(code, id) {
      return ICON_MODULE.test(id) ? { code: compactIconModule(code), map: null } : null;
    },
  };
}
