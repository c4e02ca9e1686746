import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG_PLACEHOLDER } from './static-app.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';

/* The installable app's two files as a browser asks for them: the service worker and the web manifest. */

const BUILD_SHELL = { version: '0123456789abcdef', files: ['assets/app-0a1b2c3d.js', 'index.html'] };
const WORKER = `const SHELL = ${JSON.stringify(BUILD_SHELL)};\nself.addEventListener('fetch', () => undefined);\n`;
const MANIFEST = { name: 'Wallet', short_name: 'Wallet', start_url: './', display: 'standalone', theme_color: '#0b63e5', icons: [] };

function fakeBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><meta name="wallet-config" content="${APP_CONFIG_PLACEHOLDER}"><div id="root"></div>`);
  fs.writeFileSync(path.join(dist, 'sw.js'), WORKER);
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.join(dist, 'icons'));
  fs.writeFileSync(path.join(dist, 'icons/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return dist;
}

const shellOf = (worker: string) => JSON.parse(/^const SHELL = (\{.*\});$/m.exec(worker)![1]!) as typeof BUILD_SHELL;

let dist: string;
let server: TestServer;
let rotated: TestServer;
beforeAll(async () => {
  dist = fakeBuild();
  server = await startTestServer({ WEB_DIST_DIR: dist });
  // The same build behind a server whose app signs with another key.
  rotated = await startTestServer({ WEB_DIST_DIR: dist, APP_SIGNING_KEYS: 'k2:another-signing-key-0123456789' });
});
afterAll(async () => {
  await Promise.all([server.close(), rotated.close()]);
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the service worker', () => {
  it('is a script asked about again on every start, at the root so it may keep the whole app', async () => {
    const answer = await fetch(`${server.baseUrl}/sw.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('service-worker-allowed')).toBeNull();
    const worker = await answer.text();
    expect(shellOf(worker).files).toEqual(BUILD_SHELL.files);
    expect(worker).toContain("self.addEventListener('fetch'");
  });

  it('changes its version with the page the server fills in, so installed apps update when the signing key does', async () => {
    const [first, again, other] = await Promise.all([
      fetch(`${server.baseUrl}/sw.js`).then((r) => r.text()),
      fetch(`${server.baseUrl}/sw.js`).then((r) => r.text()),
      fetch(`${rotated.baseUrl}/sw.js`).then((r) => r.text()),
    ]);
    expect(shellOf(first).version).toMatch(/^[0-9a-f]{16}$/);
    expect(shellOf(first).version).not.toBe(BUILD_SHELL.version);
    expect(again).toBe(first);
    expect(shellOf(other).version).not.toBe(shellOf(first).version);
  });

  it('may be registered by the page: the policy lets the page start its own workers and read its manifest', async () => {
    const policy = (await fetch(`${server.baseUrl}/`)).headers.get('content-security-policy');
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});

describe('the web manifest', () => {
  it('is served as a manifest, asked about again on every start', async () => {
    const answer = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-security-policy')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await answer.json()).toEqual(MANIFEST);
  });

  it('has its icons served as pictures, without the headers only a page obeys', async () => {
    const answer = await fetch(`${server.baseUrl}/icons/icon-192.png`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-security-policy')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("names the installed app with the operator's display name", async () => {
    await server.settings.save('displayName', 'Lucky Wallet');
    const manifest = (await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json()) as typeof MANIFEST;
    expect(manifest).toEqual({ ...MANIFEST, name: 'Lucky Wallet', short_name: 'Lucky Wallet' });
  });
});
