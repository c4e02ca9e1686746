import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { DOCUMENT_ONLY_HEADERS } from './document-headers.js';
import { CONSOLE_PATH } from './static-app.js';

type Directives = Record<string, string[] | null>;

/**
 * A strict policy: only our own scripts, styles, images and API; nothing may
 * frame us. Images may also come over https from the hosts of
 * CONTENT_IMAGE_HOSTS, the very ones the server lets content and covers
 * name (`isShownImageUrl`).
 */
export const contentSecurityPolicy = (imageHosts: readonly string[]) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', ...imageHosts.map((host) => `https://${host}`)],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // The server may run on plain HTTP inside a private network; upgrading would break it there.
  upgradeInsecureRequests: null,
}) satisfies Directives;

/**
 * The console's pages only: the app's policy, but styles may be inline. antd
 * writes its CSS-in-JS into <style> elements, and some of them (the scroll
 * lock of dialogs, feature checks) carry no nonce, so a nonce policy would
 * block them. Scripts stay our own files only, and the console shows no HTML
 * but the content the server has cleaned (no style element or attribute
 * survives), so inline styles open no door a script could use.
 */
export const consoleContentSecurityPolicy = (imageHosts: readonly string[]) => ({ ...contentSecurityPolicy(imageHosts), styleSrc: ["'self'", "'unsafe-inline'"] }) satisfies Directives;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The header's text, as helmet writes it. */
export function policyHeader(directives: Directives): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}

/** The headers helmet writes, worked out once: asking helmet on every request rebuilt its policy each time. */
function securityHeaders(imageHosts: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(imageHosts) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

const HSTS = 'strict-transport-security';

const CSP = 'content-security-policy';

/** What an API answer loads and where it may be shown: nothing and nowhere, should a browser ever open one as a page. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/admin/api/');

/** An API answer is JSON, no document: the page-only headers would add half a kilobyte to every call of a screen. */
function apiHeadersOf(headers: Record<string, string>): Record<string, string> {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name)));
  return { ...kept, [CSP]: API_CONTENT_SECURITY_POLICY };
}

/**
 * Every answer carries the headers, the console's pages their own policy, API answers the few a JSON answer needs;
 * HSTS only one that came over HTTPS (the socket's own, or
 * `X-Forwarded-Proto` from a trusted proxy): over plain HTTP a browser
 * ignores it, and a proxy that adds TLS later must not find the host pinned
 * to HTTPS by answers it never secured.
 */
export function registerSecurityHeaders(app: FastifyInstance, imageHosts: readonly string[]): void {
  const { [HSTS]: hsts, ...headers } = securityHeaders(imageHosts);
  const consoleHeaders = { ...headers, [CSP]: policyHeader(consoleContentSecurityPolicy(imageHosts)) };
  const apiHeaders = apiHeadersOf(headers);
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(isApiPath(url) ? apiHeaders : url.startsWith(CONSOLE_PATH) ? consoleHeaders : headers);
    if (request.protocol === 'https' && hsts) reply.header(HSTS, hsts);
    done();
  });
}
