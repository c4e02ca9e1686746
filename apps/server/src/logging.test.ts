import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.js';

const SECRETS = {
  token: 'tok-3f9a2c7e',
  password: 'pw-Correct-Horse-9',
  payPassword: 'pay-246810',
  cardNo: '6222020200112233445',
};

/** A logger built from loggerOptions(level), writing to memory. */
function capture(level = 'info') {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { logger: pino(loggerOptions(level), stream), text: () => chunks.join('') };
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
