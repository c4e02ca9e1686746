import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[] | null>;

/** A strict policy: only our own scripts, styles, images and API; nothing may frame us. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
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
} satisfies Directives;

/**
 * The console's pages only: the app's policy, but styles may be inline. antd
 * writes its CSS-in-JS into <style> elements, and some of them (the scroll
 * lock of dialogs, feature checks) carry no nonce, so a nonce policy would
 * block them. Scripts stay our own files only, and the console shows no HTML
 * but the content the server has cleaned (no style element or attribute
 * survives), so inline styles open no door a script could use.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = { ...CONTENT_SECURITY_POLICY, styleSrc: ["'self'", "'unsafe-inline'"] } satisfies Directives;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The header's text, as helmet writes it. */
export function policyHeader(directives: Directives): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}
