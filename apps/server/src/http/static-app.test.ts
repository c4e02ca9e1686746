import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS } from '@wallet/contract';
import { APP_CONFIG_PLACEHOLDER, SERVER_INFO_PLACEHOLDER } from './static-app.js';
import { operatorToken } from '../testing/accounts.js';
import { callAs, operatorCallAs } from '../testing/typed-call.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';

/* The built app's files as a browser receives them: compressed at build time, sent in the encoding it accepts. */

const SCRIPT = `export const greeting = ${JSON.stringify('hello, wallet '.repeat(400))};\n`;
const SCRIPT_PATH = '/assets/app-0a1b2c3d.js';

/** A build folder the way `npm run build` leaves it: the page, and a hashed file with its `.br` and `.gz` beside it. */
function fakeBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><meta name="wallet-config" content="${APP_CONFIG_PLACEHOLDER}"><meta name="wallet-server-info" content="${SERVER_INFO_PLACEHOLDER}"><div id="root"></div>`);
  fs.writeFileSync(path.join(dist, SCRIPT_PATH), SCRIPT);
  fs.writeFileSync(path.join(dist, `${SCRIPT_PATH}.br`), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dist, `${SCRIPT_PATH}.gz`), gzipSync(SCRIPT));
  return dist;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** A GET with exactly the given headers (fetch would add its own Accept-Encoding and decode the answer). */
function rawGet(server: TestServer, pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.baseUrl}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = fakeBuild();
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('a hashed file of the build', () => {
  it('goes brotli-compressed to a browser that accepts brotli, and is kept for good', async () => {
    const answer = await rawGet(server, SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^application\/javascript/);
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('goes gzip-compressed to a browser that accepts gzip only', async () => {
    const answer = await rawGet(server, SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('goes as it is to a client that accepts no compression, still saying it varies by encoding', async () => {
    const clients: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }];
    for (const headers of clients) {
      const answer = await rawGet(server, SCRIPT_PATH, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      expect(answer.body.toString()).toBe(SCRIPT);
    }
  });

  it('carries the headers a script needs, not those only a page obeys', async () => {
    const answer = await rawGet(server, SCRIPT_PATH, { 'accept-encoding': 'br', 'x-forwarded-proto': 'https' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(answer.headers['strict-transport-security']).toBeDefined();
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['x-frame-options']).toBeUndefined();
    const page = await rawGet(server, '/');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeDefined();
  });

  it('has no address of its own in a compressed form', async () => {
    expect((await rawGet(server, `${SCRIPT_PATH}.br`)).status).toBe(404);
    expect((await rawGet(server, `${SCRIPT_PATH}.gz`)).status).toBe(404);
  });
});

describe("the app's page", () => {
  const serverInfoOnPage = async () => {
    const page = await (await fetch(`${server.baseUrl}/`)).text();
    const content = /<meta name="wallet-server-info" content="([^"]*)">/.exec(page)![1]!;
    return JSON.parse(content.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as Record<string, unknown>;
  };

  it("carries getlang's answer of the moment it is sent, so a first visit starts in the server's language without asking", async () => {
    const before = Date.now();
    const { at, ...info } = await serverInfoOnPage();
    expect(info).toEqual((await callAs(server, null, CALLS.getLang, {})).body.data);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());

    const token = await operatorToken(server);
    expect((await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, { defaultLang: 'ar', displayName: 'Wallet <"&">' })).status).toBe(200);
    const changed = await serverInfoOnPage();
    expect(changed.lang).toBe('ar');
    expect(changed.displayName).toBe('Wallet <"&">');
  });
});
