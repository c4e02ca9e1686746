import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SigningKey } from '@wallet/contract';
import { CONSOLE_DIST_DIR } from '../config.js';
import { AppError } from '../errors.js';
import { DOCUMENT_ONLY_HEADERS } from './document-headers.js';
import { registerInstallableApp } from './installable-app.js';

/** The placeholder in the built index.html that receives the app's runtime configuration. */
export const APP_CONFIG_PLACEHOLDER = '%WALLET_CONFIG%';
/** The placeholder that receives getlang's answer of the moment the page is sent, with that moment (`at`). */
export const SERVER_INFO_PLACEHOLDER = '%WALLET_SERVER_INFO%';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The console lives under this path; its own router reads the rest of the address. */
export const CONSOLE_PATH = '/console/';

/**
 * The build writes `.br` and `.gz` beside each file (scripts/vite-precompress.ts);
 * `preCompressed` sends the one the browser accepts, with `Vary: Accept-Encoding`,
 * and the file itself to a browser that accepts neither. They are no addresses of their own.
 */
const PRECOMPRESSED_VARIANTS = ['**/*.br', '**/*.gz'];
const isPrecompressedVariant = (pathname: string) => /\.(br|gz)$/.test(pathname);

/** Vite puts a content hash in every file under assets/: kept for good, so never asked about again (no validators needed). */
function setAssetHeaders(reply: FastifyReply, filePath: string): void {
  // The installable app's icons: the browser fetches one on a first visit, right after the first screen.
  if (/\.png$/.test(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  if (!filePath.includes(`${path.sep}assets${path.sep}`)) return;
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  reply.removeHeader('etag');
  reply.removeHeader('last-modified');
  if (/\.(js|css)(\.br|\.gz)?$/.test(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}

/**
 * Serves the built console at `/console/`: its files, and its page for every
 * other address below it, so a deep link or a reload of a screen works. A
 * missing file under assets/ stays a 404 rather than a page.
 */
async function registerConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'the console is not built: run `npm run build`');
    app.get(`${CONSOLE_PATH}*`, async () => {
      throw new AppError('UNAVAILABLE');
    });
    return;
  }

  const index = fs.readFileSync(indexFile, 'utf8');
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(`${CONSOLE_PATH}assets/`)) throw new AppError('NOT_FOUND');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
  };

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: CONSOLE_PATH,
    // One route per built file: every other address under the prefix is a screen of the console.
    wildcard: false,
    globIgnore: ['index.html', ...PRECOMPRESSED_VARIANTS],
    index: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders: setAssetHeaders,
  });
  app.get('/console', async (_request, reply) => reply.redirect(CONSOLE_PATH));
  app.get(`${CONSOLE_PATH}*`, sendIndex);
}

/**
 * Serves the built app at `/` (with its service worker and web manifest), and the console at `/console/`. The signing key rides in a meta tag rather
 * than in the bundle, so keys rotate without a rebuild; it is no secret
 * (PRODUCT §2: authorisation rests on the token).
 */
export async function registerStaticApp(
  app: FastifyInstance,
  distDir: string,
  signing: SigningKey,
  { displayName, serverInfo }: { displayName: () => Promise<string>; serverInfo: () => Promise<object> },
  consoleDistDir = CONSOLE_DIST_DIR,
): Promise<void> {
  await registerConsole(app, consoleDistDir);
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'the app is not built: run `npm run build`; serving the API only');
    app.get('/', async () => {
      throw new AppError('UNAVAILABLE');
    });
    return;
  }

  const index = fs
    .readFileSync(indexFile, 'utf8')
    .replace(APP_CONFIG_PLACEHOLDER, escapeAttribute(JSON.stringify(signing)));
  // Settings change while the server runs: the page is filled as it is sent (the service worker's version hashes the page without them).
  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    const info = escapeAttribute(JSON.stringify({ ...(await serverInfo()), at: Date.now() }));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index.replace(SERVER_INFO_PLACEHOLDER, () => info));
  };

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => !isPrecompressedVariant(pathname),
    setHeaders: setAssetHeaders,
  });
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  registerInstallableApp(app, distDir, index, displayName);
}
