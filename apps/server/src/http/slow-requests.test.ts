import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, MESSAGE_CATALOGUES, type Envelope, type ErrorData, type MessageCatalogue, type Reason } from '@wallet/contract';
import { signedBody, startTestServer, type TestServer } from '../testing/test-server.js';

const TIMEOUT_SECONDS = 2;
/** Past the timeout, the connections check (every second) plus room for a slow machine. */
const GIVE_UP_MS = 8_000;

let server: TestServer;
let german: MessageCatalogue;
beforeAll(async () => {
  server = await startTestServer({ REQUEST_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS), DEFAULT_LANG: 'de' });
  german = await MESSAGE_CATALOGUES.de();
});
afterAll(() => server.close());

interface RawAnswer {
  statusLine: string;
  headers: Record<string, string>;
  body: Envelope<ErrorData>;
  /** When the server closed the connection, from the first byte sent; Infinity when it had not after GIVE_UP_MS. */
  closedAfterMs: number;
}

/** Sends `head` at once and then `rest` one byte every `gapMs`, the way a slow or hostile client would, and reads until the server closes. */
function trickle(head: string, rest = '', gapMs = 500): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const started = Date.now();
    const received: Buffer[] = [];
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      try {
        resolve({ statusLine, headers, body: JSON.parse(body) as RawAnswer['body'], closedAfterMs });
      } catch {
        reject(new Error(`no envelope after ${closedAfterMs} ms: ${JSON.stringify(text)}`));
      }
    };
    const giveUp = setTimeout(() => finish(Infinity), GIVE_UP_MS);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(Date.now() - started));
    socket.write(head);
    if (rest) {
      timer = setInterval(() => {
        if (sent < rest.length && socket.writable) socket.write(rest[sent++]!);
      }, gapMs);
    }
  });
}

const postHead = (bodyLength: number) =>
  `POST ${CALLS.getLang.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept-Language: en\r\nContent-Length: ${bodyLength}\r\n\r\n`;

function expectEnvelope(answer: RawAnswer, status: number, reason: Reason): void {
  expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['connection']).toBe('close');
  expect(answer.body.code).toBe(status);
  expect(answer.body.data.reason).toBe(reason);
  // The request's own language may never have arrived: the answer is in the server's default language.
  expect(answer.body.mess).toBe(german.reason[reason]);
}

describe('a request slower than REQUEST_TIMEOUT_SECONDS', () => {
  it('whose body trickles in, a byte at a time, is answered with the envelope and closed', async () => {
    const body = JSON.stringify(signedBody());
    const answer = await trickle(postHead(body.length), body);
    expectEnvelope(answer, 408, 'REQUEST_TIMEOUT');
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 100);
    expect(answer.closedAfterMs).toBeLessThan(GIVE_UP_MS);
  });

  it('whose headers trickle in is answered with the envelope and closed', async () => {
    const answer = await trickle('POST /api/login/getlang HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: '.padEnd(200, 'z'));
    expectEnvelope(answer, 408, 'REQUEST_TIMEOUT');
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 100);
    expect(answer.closedAfterMs).toBeLessThan(GIVE_UP_MS);
  });
});

describe("what Node refuses before our code runs gets the envelope too", () => {
  it('headers larger than Node takes are 413 PAYLOAD_TOO_LARGE', async () => {
    const answer = await trickle(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('bytes that are not HTTP are 400 VALIDATION', async () => {
    const answer = await trickle('NOT HTTP AT ALL\r\n\r\n');
    expectEnvelope(answer, 400, 'VALIDATION');
    expect(answer.body.data['fields']).toEqual({ body: german.field.INVALID_VALUE });
  });

  it('a request that arrives in time is answered as always', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.status).toBe(200);
  });
});
