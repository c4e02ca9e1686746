import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES, MESSAGE_CATALOGUES, fillTemplate } from '@wallet/contract';
import { captcha, latestOutboxCode, registerUser } from '../../testing/accounts.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { callAs } from '../../testing/typed-call.js';

interface Mail {
  envelopeFrom: string | undefined;
  envelopeTo: string[];
  headers: Map<string, string>;
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding = '7bit'): string {
  if (encoding.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_whole, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parseMail(raw: string, envelopeFrom: string | undefined, envelopeTo: string[]): Mail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeader(line.slice(colon + 1).trim()));
  }
  const text = decodeBody(raw.slice(split + 4), headers.get('content-transfer-encoding')).replace(/\r\n$/, '');
  return { envelopeFrom, envelopeTo, headers, text };
}

const inbox: Mail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
      inbox.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, session.envelope.rcptTo.map((r) => r.address)));
      callback();
    });
  },
});

let server: TestServer;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'Wallet Codes <codes@wallet.test>' });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function sendRegister(target: string, lang = 'en') {
  return callAs(server, null, CALLS.sendRegisterCode, { target, ...(await captcha(server)) }, { lang });
}

const mailTo = (target: string) => inbox.filter((mail) => mail.envelopeTo.includes(target));
const outboxFor = (target: string) => server.database.db.selectFrom('outbox').selectAll().where('target', '=', target).execute();

describe('codes by SMTP', () => {
  it('e-mails a registration code through SMTP and writes nothing to the outbox', async () => {
    const target = 'smtp-user@example.com';
    expect((await sendRegister(target)).status).toBe(200);

    const [mail, ...more] = mailTo(target);
    expect(more).toEqual([]);
    expect(mail!.envelopeFrom).toBe('codes@wallet.test');
    expect(mail!.envelopeTo).toEqual([target]);
    expect(mail!.headers.get('to')).toBe(target);
    expect(mail!.headers.get('from')).toBe('Wallet Codes <codes@wallet.test>');
    expect(mail!.headers.get('subject')).toBe(ENGLISH_MESSAGES.notify.CODE_SUBJECT);
    const code = mail!.text.match(/\b\d{6}\b/)?.[0];
    expect(mail!.text).toBe(fillTemplate(ENGLISH_MESSAGES.notify.REGISTER_CODE_BODY, { code: code!, minutes: 10 }));
    expect(await outboxFor(target)).toEqual([]);

    const registered = await registerUser(server, { contact: target, contactCode: code });
    expect(registered.user.contact).toBe('sm***@example.com');
  });

  it('e-mails the code in the language of the request', async () => {
    const zh = await MESSAGE_CATALOGUES['zh-CN']();
    const target = 'smtp-zh@example.com';
    expect((await sendRegister(target, 'zh-CN')).status).toBe(200);
    const [mail] = mailTo(target);
    expect(mail!.headers.get('subject')).toBe(zh.notify.CODE_SUBJECT);
    const code = mail!.text.match(/\d{6}/)?.[0];
    expect(mail!.text).toBe(fillTemplate(zh.notify.REGISTER_CODE_BODY, { code: code!, minutes: 10 }));
  });

  it('still puts mobile codes in the outbox as SMS', async () => {
    const target = '+15550001111';
    expect((await sendRegister(target)).status).toBe(200);
    expect(mailTo(target)).toEqual([]);
    expect((await outboxFor(target)).map((message) => message.channel)).toEqual(['sms']);
  });
});

describe('codes without SMTP', () => {
  it('puts e-mail codes in the outbox', async () => {
    const plain = await startTestServer();
    try {
      const target = 'no-smtp@example.com';
      const sent = await callAs(plain, null, CALLS.sendRegisterCode, { target, ...(await captcha(plain)) });
      expect(sent.status).toBe(200);
      const rows = await plain.database.db.selectFrom('outbox').selectAll().where('target', '=', target).execute();
      expect(rows).toMatchObject([{ channel: 'email', subject: ENGLISH_MESSAGES.notify.CODE_SUBJECT }]);
      expect(await latestOutboxCode(plain, target)).toMatch(/^\d{6}$/);
      expect(mailTo(target)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
