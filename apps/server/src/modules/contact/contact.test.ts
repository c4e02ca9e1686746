import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES, fillTemplate } from '@wallet/contract';
import { captcha, latestOutboxCode, otherCode, registerUser, registerWithContact, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { call, callAs, errorOf, expectRefusal } from '../../testing/typed-call.js';

/*
 * Binding or changing the e-mail or mobile after registration (PRODUCT §12):
 * a code to the new contact, the login password, the old contact told, and a
 * forgotten password then reset through the new one.
 */

const MINUTE_MS = 60_000;
const FIELD = ENGLISH_MESSAGES.field;

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer();
});
afterAll(async () => server.close());

async function sendCode(user: RegisteredUser, target: string) {
  return callAs(server, user, CALLS.sendContactCode, { target, ...(await captcha(server)) });
}

/** A code sent to `target` for this user, read from the outbox. */
async function codeFor(user: RegisteredUser, target: string) {
  const sent = await sendCode(user, target);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return latestOutboxCode(server, target);
}

const bind = (user: RegisteredUser, target: string, code: string, password = user.password) => callAs(server, user, CALLS.bindContact, { target, code, password });

const outboxFor = (target: string) => server.database.db.selectFrom('outbox').selectAll().where('target', '=', target).orderBy('created_at').execute();

async function resetPassword(user: RegisteredUser, target: string, password: string) {
  server.clock.advance(MINUTE_MS);
  const sent = await callAs(server, null, CALLS.sendResetCode, { username: user.username, purpose: 'reset', ...(await captcha(server)) });
  expect(sent.status).toBe(200);
  const code = await latestOutboxCode(server, target);
  return callAs(server, null, CALLS.forgetPassword, { username: user.username, code, password });
}

const signInStatus = (username: string, password: string) => callAs(server, null, CALLS.signIn, { username, password }).then((response) => response.status);

describe('binding a contact', () => {
  it('a user without one binds an e-mail with a code and the password, and can then reset a forgotten password with it', async () => {
    const user = await registerUser(server);
    expect(user.user.contact).toBeNull();
    // Without a contact, a reset code goes nowhere.
    const code = await codeFor(user, 'later@example.com');
    const [sent] = await outboxFor('later@example.com');
    expect(sent).toMatchObject({ channel: 'email', subject: ENGLISH_MESSAGES.notify.CODE_SUBJECT, body: fillTemplate(ENGLISH_MESSAGES.notify.BIND_CODE_BODY, { code, minutes: 10 }) });

    const bound = await bind(user, 'Later@Example.com', code);
    expect(bound.body).toMatchObject({ code: 200, mess: ENGLISH_MESSAGES.success.CONTACT_BOUND, data: { username: user.username, contact: 'La***@Example.com' } });
    expect((await callAs(server, user, CALLS.userInfo, {})).body.data.contact).toBe('La***@Example.com');

    expect((await resetPassword(user, 'Later@Example.com', 'brandnew1')).status).toBe(200);
    expect(await signInStatus(user.username, 'brandnew1')).toBe(200);
    expect(await signInStatus(user.username, user.password)).toBe(422);
  });

  it('changes a contact: the old one is told, and only the new one resets the password', async () => {
    const user = await registerWithContact(server, 'old-contact@example.com');
    const code = await codeFor(user, '+15550001111');
    expect((await bind(user, '+15550001111', code)).body.data.contact).toBe('+15*****1111');

    const told = (await outboxFor('old-contact@example.com')).at(-1)!;
    expect(told).toMatchObject({
      channel: 'email',
      subject: ENGLISH_MESSAGES.notify.CONTACT_CHANGED_SUBJECT,
      body: fillTemplate(ENGLISH_MESSAGES.notify.CONTACT_CHANGED_BODY, { username: user.username, contact: '+15*****1111' }),
    });
    const before = (await outboxFor('old-contact@example.com')).length;
    expect((await resetPassword(user, '+15550001111', 'viaphone1')).status).toBe(200);
    expect(await outboxFor('old-contact@example.com')).toHaveLength(before);
    expect(await signInStatus(user.username, 'viaphone1')).toBe(200);
  });

  it('refuses a wrong password, a wrong or used code, and a contact another account holds, with their reasons', async () => {
    const holder = await registerWithContact(server, 'taken@example.com');
    const user = await registerUser(server);

    const code = await codeFor(user, 'mine@example.com');
    const wrongPassword = await bind(user, 'mine@example.com', code, 'notmypassword1');
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ code: 400, mess: ENGLISH_MESSAGES.reason.VALIDATION, data: { reason: 'VALIDATION', fields: { password: FIELD.PASSWORD_WRONG } } });
    const wrongCode = await bind(user, 'mine@example.com', otherCode(code));
    expect(errorOf(wrongCode).fields).toEqual({ code: FIELD.CODE_WRONG });
    // A code for one contact binds no other.
    expect(errorOf(await bind(user, 'other@example.com', code)).fields).toEqual({ code: FIELD.CODE_WRONG });
    expect((await bind(user, 'mine@example.com', code)).status).toBe(200);
    expect(errorOf(await bind(user, 'mine@example.com', code)).fields).toEqual({ code: FIELD.CODE_WRONG });

    server.clock.advance(MINUTE_MS);
    const takenCode = await codeFor(user, 'TAKEN@example.com');
    expectRefusal(await bind(user, 'TAKEN@example.com', takenCode), 409, 'CONTACT_TAKEN');
    expect((await callAs(server, user, CALLS.userInfo, {})).body.data.contact).toBe('mi***@example.com');
    expect((await callAs(server, holder, CALLS.userInfo, {})).body.data.contact).toBe('ta***@example.com');
  });

  it('a code lives 10 minutes', async () => {
    const user = await registerUser(server);
    const code = await codeFor(user, 'slow@example.com');
    server.clock.advance(10 * MINUTE_MS);
    expect(errorOf(await bind(user, 'slow@example.com', code)).fields).toEqual({ code: FIELD.CODE_WRONG });
  });

  it('sends once per target per minute, needs a picture code, a valid target and a session', async () => {
    const user = await registerUser(server);
    expect((await sendCode(user, 'often@example.com')).status).toBe(200);
    const again = await sendCode(user, 'Often@example.com');
    expect(again.body).toMatchObject({ code: 429, data: { reason: 'RATE_LIMITED', retryAfterSeconds: 60 } });

    const noCaptcha = await call(server, CALLS.sendContactCode.path, { target: 'x@example.com' }, { token: user.token });
    expect(noCaptcha.status).toBe(400);
    expect(errorOf(noCaptcha).fields).toEqual({ captchaId: FIELD.REQUIRED, captchaCode: FIELD.REQUIRED });
    const wrongCaptcha = await callAs(server, user, CALLS.sendContactCode, { target: 'x@example.com', ...(await captcha(server)), captchaCode: 'nope' });
    expect(errorOf(wrongCaptcha).fields).toEqual({ captchaCode: FIELD.CAPTCHA_WRONG });
    const badTarget = await sendCode(user, 'not a contact');
    expect(errorOf(badTarget).fields).toEqual({ target: FIELD.CONTACT_RULE });
    expect(await outboxFor('x@example.com')).toEqual([]);

    const missing = await call(server, CALLS.bindContact.path, { target: 'x@example.com' }, { token: user.token });
    expect(errorOf(missing).fields).toEqual({ code: FIELD.REQUIRED, password: FIELD.REQUIRED });
    expectRefusal(await call(server, CALLS.sendContactCode.path, { target: 'x@example.com', ...(await captcha(server)) }), 401, 'SESSION_REQUIRED');
  });
});
