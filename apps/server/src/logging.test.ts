import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions } from './logging.js';
import { signedBody, startTestServer } from './testing/test-server.js';

const SECRETS = {
  token: 'tok-3f9a2c7e',
  password: 'pw-Correct-Horse-9',
  payPassword: 'pay-246810',
  cardNo: '6222020200112233445',
};

/** A stream that keeps what is written to it. */
function memoryStream() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** A logger built from loggerOptions(level), writing to memory. */
function capture(level = 'info') {
  const { stream, text } = memoryStream();
  return { logger: pino(loggerOptions(level), stream), text };
}

/** Logs one line at info and returns it as text and parsed. */
function logLine(fields: Record<string, unknown>): { text: string; line: Record<string, unknown> } {
  const { logger, text } = capture();
  logger.info(fields, 'something happened');
  return { text: text(), line: JSON.parse(text()) as Record<string, unknown> };
}

function expectNoSecret(text: string): void {
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

const REDACTED = Object.fromEntries(Object.keys(SECRETS).map((name) => [name, '[redacted]']));

describe('log redaction', () => {
  it('redacts secrets at the top level and keeps the other fields', () => {
    const { text, line } = logLine({ ...SECRETS, username: 'alice', amount: '12.50' });
    expectNoSecret(text);
    expect(line).toMatchObject({ ...REDACTED, username: 'alice', amount: '12.50', msg: 'something happened' });
  });

  it('redacts secrets one level deep', () => {
    const { text, line } = logLine({ body: { ...SECRETS, username: 'alice' } });
    expectNoSecret(text);
    expect(line['body']).toEqual({ ...REDACTED, username: 'alice' });
  });

  it('redacts secrets two levels deep', () => {
    const { text, line } = logLine({ req: { body: { ...SECRETS, username: 'alice' }, url: '/api/login/sign_in' } });
    expectNoSecret(text);
    expect(line['req']).toEqual({ body: { ...REDACTED, username: 'alice' }, url: '/api/login/sign_in' });
  });

  it('does not log below the level it is given', () => {
    const { logger, text } = capture('info');
    logger.debug({ username: 'alice' }, 'detail');
    logger.info({ username: 'alice' }, 'visible');
    const messages = text().trim().split('\n').map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).toEqual(['visible']);
  });
});

describe('request log', () => {
  it('writes one info line per request, unknown paths included, with its request id, address, status and no secret', async () => {
    const { stream, text } = memoryStream();
    const server = await startTestServer({ LOG_LEVEL: 'info' }, undefined, stream);
    try {
      const before = text().length;
      await fetch(`${server.baseUrl}/healthz`);
      await fetch(`${server.baseUrl}/no-such-page`);
      await fetch(`${server.baseUrl}/api/login/getlang`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signedBody({}, { token: SECRETS.token })),
      });
      const linesSince = () => text().slice(before).trim().split('\n').filter(Boolean);
      // The line is written once the answer has gone, which can be just after the client has it.
      await vi.waitFor(() => expect(linesSince().length).toBeGreaterThanOrEqual(3));
      const lines = linesSince().map(
        (line) => JSON.parse(line) as { level: number; reqId?: string; req?: { method: string; url: string; remoteAddress: string }; res?: { statusCode: number }; msg: string },
      );
      expect(lines.map((line) => [line.level, line.req?.method, line.req?.url, line.res?.statusCode, line.msg])).toEqual([
        [30, 'GET', '/healthz', 200, 'request'],
        [30, 'GET', '/no-such-page', 404, 'request'],
        [30, 'POST', '/api/login/getlang', 200, 'request'],
      ]);
      expect(lines.every((line) => line.req?.remoteAddress === '127.0.0.1')).toBe(true);
      expect(new Set(lines.map((line) => line.reqId)).size).toBe(3);
      expect(lines.every((line) => typeof line.reqId === 'string' && line.reqId.length > 0)).toBe(true);
      expectNoSecret(text());
    } finally {
      await server.close();
    }
  });
});
