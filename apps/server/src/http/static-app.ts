import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SigningKey } from '@wallet/contract';
import { AppError } from './app-error.js';

/** The placeholder in the built index.html that receives the app's runtime configuration. */
export const APP_CONFIG_PLACEHOLDER = '%WALLET_CONFIG%';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Serves the built app at `/`. The signing key rides in a meta tag rather
 * than in the bundle, so keys rotate without a rebuild; it is no secret
 * (PRODUCT §2: authorisation rests on the token).
 */
export async function registerStaticApp(app: FastifyInstance, distDir: string, signing: SigningKey): Promise<void> {
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
  const sendIndex = async (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    setHeaders(res, filePath) {
      // Vite puts a content hash in every file under assets/.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
}
