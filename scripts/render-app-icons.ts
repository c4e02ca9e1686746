// Draws the app's installable icons (apps/web/public/icons/*.png) from its logo, once, in Debian's Chromium:
// `npx tsx scripts/render-app-icons.ts`. The PNGs are committed; the build only copies them.
import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.js';

/** The theme's bright blue (apps/web/src/styles/global.css, --app-bright-blue). */
const BRIGHT_BLUE = '#0b63e5';
const OUT = path.resolve(import.meta.dirname, '../apps/web/public/icons');

/** The wallet of the favicon, drawn on a 64-unit square centred on (32, 32). */
const WALLET = `<path d="M14 22h36a4 4 0 0 1 4 4v20a4 4 0 0 1-4 4H14a4 4 0 0 1-4-4V22z" fill="#fff"/>
<path d="M14 22l28-8 4 8" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>
<circle cx="44" cy="36" r="4" fill="${BRIGHT_BLUE}"/>`;

/** "any": the logo's rounded square, as the favicon. */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRIGHT_BLUE}"/>${WALLET}</svg>`;

/**
 * "maskable": the platform cuts its own shape out of a full square, keeping at least the circle of 40% radius
 * around the centre (the safe zone). The wallet, 28.4 units from the centre at its corners, is drawn at 70%:
 * under 20 units, a third of the size.
 */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRIGHT_BLUE}"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">${WALLET}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: anyIcon },
  { file: 'icon-512.png', size: 512, svg: anyIcon },
  { file: 'maskable-192.png', size: 192, svg: maskableIcon },
  { file: 'maskable-512.png', size: 512, svg: maskableIcon },
  { file: 'apple-touch-icon.png', size: 180, svg: maskableIcon },
];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An indexed PNG (a palette of at most 256 colours, each with its alpha): the browser's own PNGs are true colour
 * and lightly compressed, and the 192 px icon is fetched on a first visit, within the first screen's bytes.
 */
/** The logo's own colours stay exact (the maskable icon's background is the theme colour); only blends are rounded. */
const PURE = [[11, 99, 229, 255], [255, 255, 255, 255]];
const isEdge = (rgba: number[], at: number) => rgba[at + 3] !== 0 && !PURE.some((pure) => pure.every((value, i) => rgba[at + i] === value));

function indexedPng(size: number, source: number[]): Buffer {
  // Edge pixels blend blue, white and transparent in hundreds of shades: rounded to steps of 16 (no eye tells at an
  // edge, and the 192 px icon weighs 1.4 KB instead of 2.4), coarser if a palette still cannot hold them.
  for (let step = 16; step <= 32; step *= 2) {
    const rounded = source.map((value, at) => (isEdge(source, at - (at % 4)) ? Math.min(255, Math.round(value / step) * step) : value));
    const png = indexedPngOf(size, rounded);
    if (png) return png;
  }
  throw new Error('too many colours for a palette');
}

function indexedPngOf(size: number, rgba: number[]): Buffer | undefined {
  const palette = new Map<number, number>();
  const rows = Buffer.alloc(size * (size + 1));
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const at = (y * size + x) * 4;
      // Fully transparent pixels are one colour whatever their RGB.
      const colour = rgba[at + 3] === 0 ? 0 : ((rgba[at]! << 24) | (rgba[at + 1]! << 16) | (rgba[at + 2]! << 8) | rgba[at + 3]!) >>> 0;
      if (!palette.has(colour)) palette.set(colour, palette.size);
      rows[y * (size + 1) + 1 + x] = palette.get(colour)!;
    }
  }
  if (palette.size > 256) return undefined;
  const colours = [...palette.keys()];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 3, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(colours.flatMap((c) => [c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255]))),
    chunk('tRNS', Buffer.from(colours.map((c) => c & 255))),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>${icon.svg}`);
    const shot = await page.screenshot({ omitBackground: true });
    const pixels = await page.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: image.naturalWidth, height: image.naturalHeight });
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(0, 0, canvas.width, canvas.height).data];
    }, shot.toString('base64'));
    fs.writeFileSync(path.join(OUT, icon.file), indexedPng(icon.size, pixels));
    await page.close();
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
