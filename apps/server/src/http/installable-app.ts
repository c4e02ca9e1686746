import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_ONLY_HEADERS } from './document-headers.js';

/** Where the build puts the service worker and the web manifest (apps/web/service-worker, apps/web/public). */
export const WORKER_PATH = '/sw.js';
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The build's first line of sw.js: the files the worker keeps and the build's version of them. */
const SHELL_LINE = /^const SHELL = (\{.*\});$/m;

/**
 * The worker as this server serves it: its version also hashes the page as
 * served (with this server's configuration in it), so a new signing key
 * reaches installed apps as an update, just as a new build does.
 */
export function servedWorker(source: string, servedIndex: string): string {
  const line = SHELL_LINE.exec(source);
  if (!line) return source;
  const shell = JSON.parse(line[1]!) as { version: string; files: string[] };
  const version = createHash('sha256').update(`${shell.version}\n${servedIndex}`).digest('hex').slice(0, 16);
  return source.replace(SHELL_LINE, () => `const SHELL = ${JSON.stringify({ ...shell, version })};`);
}

/** The manifest with the operator's display name as the installed app's name. */
export function servedManifest(source: string, displayName: string): string {
  return JSON.stringify({ ...(JSON.parse(source) as object), name: displayName, short_name: displayName });
}

/**
 * The worker and the manifest are asked about on every start (no-cache): a
 * worker kept by the browser's cache would hide a new build from installed
 * apps. A build without them (an older one) serves the app without them.
 */
export function registerInstallableApp(app: FastifyInstance, distDir: string, servedIndex: string, displayName: () => Promise<string>): void {
  const workerFile = path.join(distDir, WORKER_PATH);
  if (fs.existsSync(workerFile)) {
    const worker = servedWorker(fs.readFileSync(workerFile, 'utf8'), servedIndex);
    app.get(WORKER_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(worker));
  }
  const manifestFile = path.join(distDir, MANIFEST_PATH);
  if (fs.existsSync(manifestFile)) {
    const manifest = fs.readFileSync(manifestFile, 'utf8');
    app.get(MANIFEST_PATH, async (_request, reply) => {
      // Fetched on a first visit, so within the first screen's bytes: without the headers only a page obeys.
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(servedManifest(manifest, await displayName()));
    });
  }
}
