import type { FastifyInstance } from 'fastify';

/**
 * From shutdown on, every connection closes after its last answer, so whoever holds it (nginx, a client)
 * opens the next one elsewhere instead of sending into a socket about to go. Requests arriving while
 * the app closes get `Connection: close` from Fastify itself; this covers the ones already under way.
 * Only the last request known on a connection closes it: with pipelined requests, closing after the
 * first would drop the answers to those behind it, work done and never told.
 */
export function drainConnectionsOnShutdown(app: FastifyInstance, shuttingDown: () => boolean): void {
  const requestsOn = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket;
    requestsOn.set(socket, (requestsOn.get(socket) ?? 0) + 1);
  });
  app.addHook('onResponse', async (request) => {
    const socket = request.raw.socket;
    requestsOn.set(socket, Math.max(0, (requestsOn.get(socket) ?? 1) - 1));
  });
  app.addHook('onSend', async (request, reply) => {
    if (shuttingDown() && requestsOn.get(request.raw.socket) === 1) reply.header('connection', 'close');
  });
}
