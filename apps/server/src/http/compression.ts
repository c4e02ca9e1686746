import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves a few bytes of one packet and costs a zlib round. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * CSV exports stream a batch of rows at a time, often a hundred megabytes:
 * compressing them would hold the server's one thread for longer than the
 * operator's network saves.
 */
const STREAMED_DOWNLOADS = /^\/admin\/api\/export\//;

/**
 * Compresses what the server writes per request (JSON answers, the API docs)
 * with brotli or gzip, as the client accepts. The built app's files come
 * already compressed from disk (static-app.ts); request bodies are read as
 * sent, as before.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own route hook, which reads `compress` to decide.
  app.addHook('onRoute', (route) => {
    if (STREAMED_DOWNLOADS.test(route.url)) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}
