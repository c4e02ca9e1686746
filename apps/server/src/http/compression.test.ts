import http from 'node:http';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALLS, OPERATOR_CALLS, exportPath } from '@wallet/contract';
import { operatorToken, registerUser } from '../testing/accounts.js';
import { TEST_CHANNEL } from '../testing/money.js';
import { signedBody, startTestServer, type TestServer } from '../testing/test-server.js';
import { operatorCallAs } from '../testing/typed-call.js';
import { TINY_IMAGES, uploadImage } from '../testing/uploads.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

/* Answers the server writes per request go compressed when they are big enough and the client accepts it. */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** A request with exactly the given headers: fetch would add its own Accept-Encoding and decode the answer. */
function rawRequest(server: TestServer, method: string, pathname: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.baseUrl}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

const JSON_HEADERS = { 'content-type': 'application/json', 'accept-language': 'en' };

/** The console's settings: with the channels `beforeAll` adds, well over a kilobyte. */
const readSettings = (server: TestServer, token: string, acceptEncoding: string) =>
  rawRequest(server, 'POST', OPERATOR_CALLS.settings.path, { ...JSON_HEADERS, authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding }, '{}');

/** The server's default language: a few dozen bytes. */
const getLang = (server: TestServer, acceptEncoding: string) =>
  rawRequest(server, 'POST', CALLS.getLang.path, { ...JSON_HEADERS, 'accept-encoding': acceptEncoding }, JSON.stringify(signedBody()));

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, undefined, logStream);
  admin = await operatorToken(server);
  const channels = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => ({ ...TEST_CHANNEL, id: `channel-${letter}`, name: `Channel ${letter.toUpperCase()}` }));
  const saved = await operatorCallAs(server, admin, OPERATOR_CALLS.saveSettings, { rechargeChannels: [TEST_CHANNEL, ...channels] });
  if (saved.status !== 200) throw new Error(`saving the channels failed: ${JSON.stringify(saved.body)}`);
});
afterAll(() => server.close());

describe('a JSON answer', () => {
  it('over a kilobyte goes brotli-compressed to a client that accepts brotli, gzip-compressed to one that accepts gzip', async () => {
    const plain = await readSettings(server, admin, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const brotli = await readSettings(server, admin, 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/json/);
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(decoded(brotli))).toEqual(JSON.parse(plain.body.toString()));

    const gzip = await readSettings(server, admin, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(JSON.parse(plain.body.toString()));
  });

  it('under a kilobyte goes as it is', async () => {
    const answer = await getLang(server, 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 200, data: { lang: 'en' } });
  });

  it('goes as it is to a client that accepts no compression', async () => {
    const answer = await readSettings(server, admin, '');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 200 });
  });
});

describe('what compression leaves alone', () => {
  it('a CSV export streams as it is read, to a client that accepts brotli too', async () => {
    const answer = await rawRequest(server, 'GET', exportPath('audit'), { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(answer.body.toString().split('\r\n')[0]).toMatch(/^\uFEFF\w+(,\w+)+$/);
  });

  it('an upload is taken and its picture served back', async () => {
    const user = await registerUser(server);
    const uploaded = await uploadImage(server, { token: user.token, file: { bytes: TINY_IMAGES.png.bytes, contentType: 'image/png', filename: 'dot.png' } });
    expect(uploaded.status).toBe(200);
    const picture = await rawRequest(server, 'GET', uploaded.body.data.url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(picture.status).toBe(200);
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body).toEqual(TINY_IMAGES.png.bytes);
  });

  it('the request log: one line per request, compressed or streamed', async () => {
    const before = logLines.length;
    await readSettings(server, admin, 'br');
    await rawRequest(server, 'GET', exportPath('audit'), { authorization: `Bearer ${admin}`, 'accept-encoding': 'br' });
    await getLang(server, 'br');
    const since = () => logLines.slice(before).map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    await vi.waitFor(() => expect(since().length).toBeGreaterThanOrEqual(3));
    expect(since().map((line) => [line.msg, line.req?.url, line.res?.statusCode])).toEqual([
      ['request', OPERATOR_CALLS.settings.path, 200],
      ['request', exportPath('audit'), 200],
      ['request', CALLS.getLang.path, 200],
    ]);
  });
});
