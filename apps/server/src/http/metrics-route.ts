import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/registry.js';

/** Requests that matched no route share one label: a raw URL would make a series per made-up path. */
const UNMATCHED = 'unmatched';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts and times every answer by route pattern and status, and serves `GET /metrics` in Prometheus
 * text to `Authorization: Bearer <METRICS_TOKEN>` only: without a token configured, or with another, 404.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
    metrics.countRequest(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const scraped = token !== undefined && given !== undefined && sameToken(given, token) ? await metrics.scrape() : null;
    if (!scraped) return reply.callNotFound();
    return reply.header('cache-control', 'no-store').type(scraped.contentType).send(scraped.text);
  });
}
