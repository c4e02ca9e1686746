import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES, type CallBody, type register as registerCall } from '@wallet/contract';
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
import { TEST_ROOT_INVITE_CODE, type CallResponse } from '../../testing/test-server.js';
import { call, callAs, errorOf } from '../../testing/typed-call.js';

const FIELD = ENGLISH_MESSAGES.field;

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer();
});
afterAll(async () => server.close());

const defaults = () => ({ username: uniqueUsername(), password: 'secret123', payPassword: '123456', inviteCode: TEST_ROOT_INVITE_CODE, lang: 'en' });

async function register(fields: Partial<CallBody<typeof registerCall>> = {}) {
  return callAs(server, null, CALLS.register, { ...defaults(), ...(await captcha(server)), ...fields });
}

/** `register` with fields the contract forbids, to see them refused. */
async function registerMalformed(fields: Record<string, unknown>) {
  return call(server, CALLS.register.path, { ...defaults(), ...(await captcha(server)), ...fields });
}

function userRow(username: string) {
  return server.database.db.selectFrom('users').selectAll().where('username_key', '=', username.toLowerCase()).executeTakeFirst();
}

function expectFieldError(response: CallResponse<unknown>, fields: Record<string, string>) {
  expect(response.status).toBe(400);
  expect(errorOf(response).reason).toBe('VALIDATION');
  expect(errorOf(response).fields).toEqual(fields);
}

async function sendCode(target: string) {
  const response = await callAs(server, null, CALLS.sendRegisterCode, { target, ...(await captcha(server)) });
  expect(response.status).toBe(200);
  return latestOutboxCode(server, target);
}

describe('register', () => {
  it('registers with the root code and signs the new account in', async () => {
    const username = uniqueUsername('Reg');
    const response = await register({ username });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 200, mess: 'Registration successful' });
    expect(response.body.data.user).toMatchObject({ username, lang: 'en', contact: null, avatar: null });
    expect(response.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await callAs(server, { token: response.body.data.token }, CALLS.userInfo, {});
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual(response.body.data.user);

    const row = await userRow(username);
    expect(row).toMatchObject({ invited_by_code: TEST_ROOT_INVITE_CODE, inviter_user_id: null });
    expect(row!.password_hash).not.toContain('secret123');
  });

  it("accepts a user's own code as an invitation and keeps who invited whom", async () => {
    const inviter = await registerUser(server);
    const username = uniqueUsername('inv');
    const response = await register({ username, inviteCode: inviter.user.inviteCode.toLowerCase() });
    expect(response.status).toBe(200);
    expect(response.body.data.user.inviteCode).not.toBe(inviter.user.inviteCode);

    const inviterRow = await userRow(inviter.username);
    expect(await userRow(username)).toMatchObject({ invited_by_code: inviter.user.inviteCode, inviter_user_id: inviterRow!.id });
  });

  it('refuses an unknown invitation code', async () => {
    const username = uniqueUsername();
    expectFieldError(await register({ username, inviteCode: 'NOSUCH99' }), { inviteCode: FIELD.INVITE_CODE_UNKNOWN });
    expect(await userRow(username)).toBeUndefined();
  });

  it.each([
    ['too short', { username: 'abc' }, { username: FIELD.USERNAME_RULE }],
    ['too long', { username: 'a'.repeat(21) }, { username: FIELD.USERNAME_RULE }],
    ['with a hyphen', { username: 'bad-name' }, { username: FIELD.USERNAME_RULE }],
    ['with a space', { username: 'bad name' }, { username: FIELD.USERNAME_RULE }],
    ['non-ASCII', { username: 'námé1234' }, { username: FIELD.USERNAME_RULE }],
    ['password too short', { password: 'abc12' }, { password: FIELD.PASSWORD_RULE }],
    ['password too long', { password: 'a1'.repeat(11) }, { password: FIELD.PASSWORD_RULE }],
    ['password with a symbol', { password: 'secret-123' }, { password: FIELD.PASSWORD_RULE }],
    ['pay password of 5 digits', { payPassword: '12345' }, { payPassword: FIELD.PAY_PASSWORD_RULE }],
    ['pay password of 7 digits', { payPassword: '1234567' }, { payPassword: FIELD.PAY_PASSWORD_RULE }],
    ['pay password with a letter', { payPassword: '12345a' }, { payPassword: FIELD.PAY_PASSWORD_RULE }],
    ['pay password as a number', { payPassword: 123456 }, { payPassword: FIELD.INVALID_TYPE }],
    ['an unknown field', { nickname: 'bob' }, { nickname: FIELD.UNKNOWN_FIELD }],
    ['a missing invitation code', { inviteCode: undefined }, { inviteCode: FIELD.REQUIRED }],
  ])('refuses %s', async (_name, fields, problems) => {
    expectFieldError(await registerMalformed(fields), problems);
  });

  it('accepts the edges of the rules', async () => {
    expect((await register({ username: `A_${uniqueUsername()}`.slice(0, 20), password: 'a1'.repeat(10), payPassword: '000000' })).status).toBe(200);
    expect((await register({ username: `z${uniqueUsername().slice(-3)}`, password: 'abc123' })).status).toBe(200);
  });

  it('keeps usernames unique without regard to case', async () => {
    const username = `Al_${uniqueUsername().slice(-12)}`;
    expect((await register({ username })).status).toBe(200);
    const again = await register({ username: username.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, mess: ENGLISH_MESSAGES.reason.USERNAME_TAKEN, data: { reason: 'USERNAME_TAKEN' } });
  });

  it('lets exactly one of two simultaneous registrations of a name win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const username = uniqueUsername('race');
      const answers = await Promise.all([register({ username }), register({ username: username.toUpperCase() })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(errorOf(answers.find((a) => a.status === 409)!).reason).toBe('USERNAME_TAKEN');
      const rows = await server.database.db.selectFrom('users').select('id').where('username_key', '=', username.toLowerCase()).execute();
      expect(rows).toHaveLength(1);
      const sessions = await server.database.db.selectFrom('user_sessions').select('owner_id').where('owner_id', '=', rows[0]!.id).execute();
      expect(sessions).toHaveLength(1);
    }
  });

  it('uses a captcha once', async () => {
    const used = await captcha(server);
    expect((await register(used)).status).toBe(200);
    const username = uniqueUsername();
    expectFieldError(await register({ ...used, username }), { captchaCode: FIELD.CAPTCHA_WRONG });
    expect(await userRow(username)).toBeUndefined();
  });

  it('uses a captcha once even when two registrations bring it at the same moment', async () => {
    const shared = await captcha(server);
    const answers = await Promise.all([register(shared), register(shared)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('uses a contact code once even when two registrations bring it at the same moment', async () => {
    const contact = 'shared@example.com';
    const contactCode = await sendCode(contact);
    const answers = await Promise.all([register({ contact, contactCode }), register({ contact, contactCode })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(errorOf(answers.find((answer) => answer.status === 400)!).fields).toEqual({ contactCode: FIELD.CODE_WRONG });
  });

  it('refuses a wrong captcha answer and uses the captcha up', async () => {
    const drawn = await captcha(server);
    expectFieldError(await register({ ...drawn, captchaCode: 'nope' }), { captchaCode: FIELD.CAPTCHA_WRONG });
    expectFieldError(await register(drawn), { captchaCode: FIELD.CAPTCHA_WRONG });
  });

  it('refuses a captcha five minutes old', async () => {
    const [fresh, stale] = [await captcha(server), await captcha(server)];
    server.clock.advance(5 * 60_000 - 1000);
    expect((await register(fresh)).status).toBe(200);
    server.clock.advance(1000);
    expectFieldError(await register(stale), { captchaCode: FIELD.CAPTCHA_WRONG });
  });

  it('asks for the code when a contact is given, and for the contact when a code is given', async () => {
    expectFieldError(await register({ contact: 'someone@example.com' }), { contactCode: FIELD.REQUIRED });
    expectFieldError(await register({ contactCode: '123456' }), { contact: FIELD.REQUIRED });
    expectFieldError(await register({ contact: 'not a contact', contactCode: '123456' }), { contact: FIELD.CONTACT_RULE });
  });

  it('binds a contact with the code sent to it and shows it masked', async () => {
    const registered = await registerWithContact(server, 'newcomer@example.com');
    expect(registered.user.contact).toBe('ne***@example.com');
    const info = await callAs(server, { token: registered.token }, CALLS.userInfo, {});
    expect(info.body.data.contact).toBe('ne***@example.com');
    expect(await userRow(registered.username)).toMatchObject({ contact: 'newcomer@example.com', contact_kind: 'email' });

    const mobile = await registerWithContact(server, '+8613800001234');
    expect(mobile.user.contact).toBe('+86*******1234');
  });

  it("refuses another target's code and a code used once already", async () => {
    const code = await sendCode('first@example.com');
    expectFieldError(await register({ contact: 'second@example.com', contactCode: code }), { contactCode: FIELD.CODE_WRONG });
    expect((await register({ contact: 'First@Example.com', contactCode: code })).status).toBe(200);
    expectFieldError(await register({ contact: 'first@example.com', contactCode: code }), { contactCode: FIELD.CODE_WRONG });
  });

  it('kills a contact code after 5 wrong tries', async () => {
    const contact = 'guesser@example.com';
    const code = await sendCode(contact);
    for (let i = 0; i < 5; i += 1) {
      expectFieldError(await register({ contact, contactCode: otherCode(code) }), { contactCode: FIELD.CODE_WRONG });
    }
    const username = uniqueUsername();
    expectFieldError(await register({ username, contact, contactCode: code }), { contactCode: FIELD.CODE_WRONG });
    expect(await userRow(username)).toBeUndefined();
  });
});
