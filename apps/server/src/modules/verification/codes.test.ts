import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES, MESSAGE_CATALOGUES, fillTemplate } from '@wallet/contract';
import {
  captcha,
  latestOutboxCode,
  otherCode,
  registerUser,
  registerWithContact,
  startClockedServer,
  uniqueUsername,
  type ClockedServer,
} from '../../testing/accounts.js';
import { TEST_ROOT_INVITE_CODE } from '../../testing/test-server.js';
import { call, callAs, errorOf } from '../../testing/typed-call.js';

const MINUTE_MS = 60_000;
const FIELD = ENGLISH_MESSAGES.field;

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer();
});
afterAll(async () => server.close());

async function sendRegister(target: string, lang = 'en') {
  return callAs(server, null, CALLS.sendRegisterCode, { target, ...(await captcha(server)) }, { lang });
}

async function sendReset(username: string, picture?: { captchaId: string; captchaCode: string }) {
  return callAs(server, null, CALLS.sendResetCode, { username, purpose: 'reset', ...(picture ?? (await captcha(server))) });
}

/** A minute on (so the reset message is the target's latest), a reset code sent and read from the outbox. */
async function resetCode(username: string, target: string): Promise<string> {
  server.clock.advance(MINUTE_MS);
  expect((await sendReset(username)).status).toBe(200);
  expect((await outboxFor(target)).at(-1)!.created_at).toBe(server.clock.now());
  return latestOutboxCode(server, target);
}

function forgetPass(username: string, code: string, password = 'brandnew1') {
  return callAs(server, null, CALLS.forgetPassword, { username, code, password });
}

async function register(contact: string, contactCode: string) {
  return callAs(server, null, CALLS.register, {
    username: uniqueUsername(),
    password: 'secret123',
    payPassword: '123456',
    inviteCode: TEST_ROOT_INVITE_CODE,
    lang: 'en',
    contact,
    contactCode,
    ...(await captcha(server)),
  });
}

function outboxFor(target: string) {
  return server.database.db.selectFrom('outbox').selectAll().where('target', '=', target).orderBy('created_at').execute();
}

function signInStatus(username: string, password: string) {
  return callAs(server, null, CALLS.signIn, { username, password }).then((response) => response.status);
}

const codeWrong = { code: 400, mess: ENGLISH_MESSAGES.reason.VALIDATION, data: { reason: 'VALIDATION', fields: { code: FIELD.CODE_WRONG } } };

describe('sendRegister', () => {
  it('needs a valid captcha', async () => {
    const target = 'captcha-less@example.com';
    const missing = await call(server, CALLS.sendRegisterCode.path, { target });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).fields).toEqual({ captchaId: FIELD.REQUIRED, captchaCode: FIELD.REQUIRED });

    const wrong = await callAs(server, null, CALLS.sendRegisterCode, { target, ...(await captcha(server)), captchaCode: 'nope' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ captchaCode: FIELD.CAPTCHA_WRONG });
    expect(await outboxFor(target)).toEqual([]);
  });

  it('sends a 6-digit code: e-mail addresses by e-mail, numbers by SMS', async () => {
    const sent = await sendRegister('mail-me@example.com');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ code: 200, mess: 'The code has been sent', data: { retryAfterSeconds: 60 } });
    expect((await sendRegister('+15551234567')).status).toBe(200);

    const [mail] = await outboxFor('mail-me@example.com');
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your verification code' });
    const code = await latestOutboxCode(server, 'mail-me@example.com');
    expect(mail!.body).toBe(fillTemplate(ENGLISH_MESSAGES.notify.REGISTER_CODE_BODY, { code, minutes: 10 }));
    const [sms] = await outboxFor('+15551234567');
    expect(sms).toMatchObject({ channel: 'sms' });
  });

  it("words the code in the request's language", async () => {
    const zh = await MESSAGE_CATALOGUES['zh-CN']();
    expect((await sendRegister('chinese@example.com', 'zh-CN,zh;q=0.9')).status).toBe(200);
    const code = await latestOutboxCode(server, 'chinese@example.com');
    const [message] = await outboxFor('chinese@example.com');
    expect(message).toMatchObject({ subject: zh.notify.CODE_SUBJECT, body: fillTemplate(zh.notify.REGISTER_CODE_BODY, { code, minutes: 10 }) });
  });

  it('refuses an address whose lower case is longer than an address may be', async () => {
    const target = `${'İ'.repeat(64)}@${'İ'.repeat(120)}.com`;
    const sent = await sendRegister(target);
    expect(sent.status).toBe(400);
    expect(errorOf(sent).fields).toEqual({ target: FIELD.CONTACT_RULE });
  });

  it('sends once per target per 60 seconds', async () => {
    expect((await sendRegister('often@example.com')).status).toBe(200);
    server.clock.advance(20_000);
    const again = await sendRegister('Often@Example.com');
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ code: 429, mess: ENGLISH_MESSAGES.reason.RATE_LIMITED, data: { reason: 'RATE_LIMITED', retryAfterSeconds: 40 } });
    expect(again.headers.get('retry-after')).toBe('40');
    expect((await sendRegister('other@example.com')).status).toBe(200);
    server.clock.advance(40_000);
    expect((await sendRegister('often@example.com')).status).toBe(200);
    expect(await outboxFor('often@example.com')).toHaveLength(2);
  });

  it('sends once when asked twice at the same moment', async () => {
    const answers = await Promise.all([sendRegister('hasty@example.com'), sendRegister('hasty@example.com')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(await outboxFor('hasty@example.com')).toHaveLength(1);
  });

  it('sends ten a day per target', async () => {
    const target = 'daily@example.com';
    for (let i = 0; i < 10; i += 1) {
      expect((await sendRegister(target)).status).toBe(200);
      server.clock.advance(MINUTE_MS);
    }
    const eleventh = await sendRegister(target);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ code: 429, mess: ENGLISH_MESSAGES.reason.CODE_LIMIT_REACHED, data: { reason: 'CODE_LIMIT_REACHED' } });
    expect(errorOf(eleventh).retryAfterSeconds).toBe(24 * 60 * 60 - 10 * 60);
    expect(await outboxFor(target)).toHaveLength(10);

    server.clock.advance(24 * 60 * MINUTE_MS);
    expect((await sendRegister(target)).status).toBe(200);
  });
});

describe('codes', () => {
  it('live 10 minutes', async () => {
    expect((await sendRegister('early@example.com')).status).toBe(200);
    expect((await sendRegister('late@example.com')).status).toBe(200);
    const [early, late] = [await latestOutboxCode(server, 'early@example.com'), await latestOutboxCode(server, 'late@example.com')];
    server.clock.advance(10 * MINUTE_MS - 1000);
    expect((await register('early@example.com', early)).status).toBe(200);
    server.clock.advance(1000);
    const expired = await register('late@example.com', late);
    expect(expired.status).toBe(400);
    expect(errorOf(expired).fields).toEqual({ contactCode: FIELD.CODE_WRONG });
  });

  it('die after 5 wrong tries, even when the sixth is right', async () => {
    const user = await registerWithContact(server, 'five@example.com');
    const code = await resetCode(user.username, 'five@example.com');
    for (let i = 0; i < 5; i += 1) expect((await forgetPass(user.username, otherCode(code))).body).toEqual(codeWrong);
    expect((await forgetPass(user.username, code)).body).toEqual(codeWrong);
    expect(await signInStatus(user.username, user.password)).toBe(200);
    expect(await signInStatus(user.username, 'brandnew1')).toBe(422);
  });

  it('are replaced by a newer code', async () => {
    const user = await registerWithContact(server, 'twice@example.com');
    const first = await resetCode(user.username, 'twice@example.com');
    const second = await resetCode(user.username, 'twice@example.com');
    expect(second).not.toBe(first);
    expect((await forgetPass(user.username, first)).body).toEqual(codeWrong);
    expect((await forgetPass(user.username, second)).status).toBe(200);
  });
});

describe('password reset', () => {
  it('needs a valid picture code, and answers a missing or wrong one as sendRegister does, whether or not the account exists', async () => {
    const user = await registerWithContact(server, 'picture-first@example.com');
    const usernames = [user.username, uniqueUsername('nobody')];
    for (const username of usernames) {
      const missing = await call(server, CALLS.sendResetCode.path, { username, purpose: 'reset' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        code: 400,
        mess: ENGLISH_MESSAGES.reason.VALIDATION,
        data: { reason: 'VALIDATION', fields: { captchaId: FIELD.REQUIRED, captchaCode: FIELD.REQUIRED } },
      });

      const wrong = await sendReset(username, { ...(await captcha(server)), captchaCode: 'nope' });
      const registerWrong = await callAs(server, null, CALLS.sendRegisterCode, { target: 'x@example.com', ...(await captcha(server)), captchaCode: 'nope' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual(registerWrong.body);
      expect(errorOf(wrong).fields).toEqual({ captchaCode: FIELD.CAPTCHA_WRONG });
    }
    expect(await outboxFor('picture-first@example.com')).toHaveLength(1);

    // A refused picture code took no send slot: the right one sends at once.
    server.clock.advance(MINUTE_MS);
    expect((await sendReset(user.username)).status).toBe(200);
    expect(await outboxFor('picture-first@example.com')).toHaveLength(2);
  });

  it('uses the picture code once', async () => {
    const picture = await captcha(server);
    expect((await sendReset(uniqueUsername('nobody'), picture)).status).toBe(200);
    const again = await sendReset(uniqueUsername('nobody'), picture);
    expect(again.status).toBe(400);
    expect(errorOf(again).fields).toEqual({ captchaCode: FIELD.CAPTCHA_WRONG });
  });

  it('answers sendVer the same for an account with a contact, one without, and no account', async () => {
    const withContact = await registerWithContact(server, '+8613912345678');
    const without = await registerUser(server);
    const usernames = [withContact.username, without.username, uniqueUsername('nobody')];
    const answer = async (username: string) => {
      const response = await sendReset(username);
      return { status: response.status, body: response.body, retryAfter: response.headers.get('retry-after') };
    };
    const first = await Promise.all(usernames.map(answer));
    expect(first[0]).toEqual({ status: 200, body: { code: 200, mess: 'The code has been sent', data: { retryAfterSeconds: 60 } }, retryAfter: null });
    expect(first[1]).toEqual(first[0]);
    expect(first[2]).toEqual(first[0]);

    const again = await Promise.all(usernames.map(answer));
    expect(again[0]!.status).toBe(429);
    expect(again[1]).toEqual(again[0]);
    expect(again[2]).toEqual(again[0]);

    const sms = await outboxFor('+8613912345678');
    expect(sms.map((message) => message.channel)).toEqual(['sms', 'sms']);
  });

  it('sets the new password with the code, once', async () => {
    const user = await registerWithContact(server, 'reset-me@example.com');
    const code = await resetCode(user.username.toUpperCase(), 'reset-me@example.com');
    const reset = await forgetPass(user.username, code);
    expect(reset.body).toEqual({ code: 200, mess: ENGLISH_MESSAGES.success.PASSWORD_RESET, data: {} });
    expect(await signInStatus(user.username, user.password)).toBe(422);
    expect(await signInStatus(user.username, 'brandnew1')).toBe(200);
    expect((await forgetPass(user.username, code, 'thirdpass1')).body).toEqual(codeWrong);
    expect(await signInStatus(user.username, 'brandnew1')).toBe(200);
  });

  it('resets once when the same code comes twice at the same moment', async () => {
    const user = await registerWithContact(server, 'double@example.com');
    const code = await resetCode(user.username, 'double@example.com');
    const answers = await Promise.all([forgetPass(user.username, code, 'firstpass1'), forgetPass(user.username, code, 'secondpass2')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'firstpass1' : 'secondpass2';
    expect(await signInStatus(user.username, winner)).toBe(200);
  });

  it('answers an unknown account exactly like a wrong code', async () => {
    const user = await registerWithContact(server, 'known@example.com');
    const code = await resetCode(user.username, 'known@example.com');
    const wrong = await forgetPass(user.username, otherCode(code));
    const unknown = await forgetPass(uniqueUsername('nobody'), code);
    expect(wrong.body).toEqual(codeWrong);
    expect(unknown.body).toEqual(codeWrong);
    expect(unknown.status).toBe(400);
  });

  it("words the reset code in the account's language, not the request's", async () => {
    const zh = await MESSAGE_CATALOGUES['zh-CN']();
    const user = await registerWithContact(server, 'zh-user@example.com', { lang: 'zh-CN' });
    const code = await resetCode(user.username, 'zh-user@example.com');
    const messages = await outboxFor('zh-user@example.com');
    expect(messages.at(-1)).toMatchObject({
      channel: 'email',
      subject: zh.notify.CODE_SUBJECT,
      body: fillTemplate(zh.notify.RESET_CODE_BODY, { code, minutes: 10 }),
    });
  });
});
