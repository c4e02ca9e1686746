import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, type CallBody, type changeOperatorPassword, type listUsers as usersCall } from '@wallet/contract';
import { captcha, latestOutboxCode, operatorToken, registerUser, startWithOperator, type RegisteredUser } from '../testing/accounts.js';
import { auditTotal, latestAudit } from '../testing/money-load.js';
import { TEST_OPERATOR, post, startTestServer, type CallResponse, type TestServer } from '../testing/test-server.js';
import { call, callAs, errorOf, expectRefusal, operatorCall, operatorCallAs } from '../testing/typed-call.js';
import { TINY_IMAGES, uploadImage } from '../testing/uploads.js';
import { hashPassword } from '../security/passwords.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOperator(startTestServer));
});
afterAll(async () => server.close());

const tag = () => `q${randomBytes(3).toString('hex')}`;

async function addOperator(username: string, password: string): Promise<void> {
  await server.database.db
    .insertInto('operators')
    .values({ id: randomUUID(), username, username_key: username.toLowerCase(), password_hash: await hashPassword(password), created_at: Date.now(), role: 'admin', disabled: 0 })
    .execute();
}

async function userIdOf(user: RegisteredUser): Promise<string> {
  const row = await server.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
  return row.id;
}

async function listUsers(body: CallBody<typeof usersCall>) {
  return operatorCallAs(server, token, OPERATOR_CALLS.users, body);
}

describe('operator login', () => {
  it('answers the test operator with a token', async () => {
    const response = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, TEST_OPERATOR);
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.mess).toBe('Login successful');
    expect(response.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.data.username).toBe(TEST_OPERATOR.username);
    const users = await operatorCallAs(server, response.body.data.token, OPERATOR_CALLS.users, {});
    expect(users.status).toBe(200);
  });

  it('refuses a wrong password or an unknown operator with 422 CREDENTIALS_INVALID', async () => {
    const wrong = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: TEST_OPERATOR.username, password: 'not-the-password' });
    expectRefusal(wrong, 422, 'CREDENTIALS_INVALID');
    expect(wrong.body.mess).toBe('The username or password is wrong.');
    const unknown = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: 'nobody', password: TEST_OPERATOR.password });
    expectRefusal(unknown, 422, 'CREDENTIALS_INVALID');
    expect(unknown.body.mess).toBe(wrong.body.mess);
  });

  it('checks its body: a missing password or an extra field is 400 naming the field', async () => {
    const missing = await operatorCall(server, OPERATOR_CALLS.login.path, { username: TEST_OPERATOR.username });
    expectRefusal(missing, 400, 'VALIDATION');
    expect(Object.keys(errorOf(missing).fields ?? {})).toEqual(['password']);
    const extra = await operatorCall(server, OPERATOR_CALLS.login.path, { ...TEST_OPERATOR, role: 'root' });
    expectRefusal(extra, 400, 'VALIDATION');
    expect(Object.keys(errorOf(extra).fields ?? {})).toEqual(['role']);
  });

  it('locks an operator name for 15 minutes after 5 failures, even for the right password, and only that name', async () => {
    await addOperator('lockme', 'lockme-password-1');
    expect((await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: 'lockme', password: 'lockme-password-1' })).status).toBe(200);

    const outcomes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: i % 2 ? 'LockMe' : 'lockme', password: `guess-${i}` });
      outcomes.push(`${response.status} ${errorOf(response).reason}`);
    }
    expect(outcomes).toEqual([...Array(4).fill('422 CREDENTIALS_INVALID'), '429 ACCOUNT_LOCKED']);

    const right = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: 'lockme', password: 'lockme-password-1' });
    expectRefusal(right, 429, 'ACCOUNT_LOCKED');
    expect(errorOf(right).retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(errorOf(right).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(right.headers.get('retry-after')).toBe(String(errorOf(right).retryAfterSeconds));

    expect((await operatorCallAs(server, undefined, OPERATOR_CALLS.login, TEST_OPERATOR)).status).toBe(200);
  });

  it('takes at most 10 tries a minute from one address (429 RATE_LIMITED), whatever the names', async () => {
    const ip = '10.250.0.7';
    const statuses: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: `guess${i}`, password: 'guess' }, { ip });
      statuses.push(`${response.status} ${errorOf(response).reason}`);
    }
    expect(statuses).toEqual([...Array(10).fill('422 CREDENTIALS_INVALID'), '429 RATE_LIMITED']);
    const right = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, TEST_OPERATOR, { ip });
    expectRefusal(right, 429, 'RATE_LIMITED');
    expect(errorOf(right).retryAfterSeconds).toBeGreaterThan(0);
    expect(errorOf(right).retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe('operator sessions', () => {
  const sessionCalls: [string, Record<string, unknown>][] = [
    [OPERATOR_CALLS.users.path, {}],
    [OPERATOR_CALLS.freezeUser.path, { userId: 'x', frozen: true }],
    [OPERATOR_CALLS.createInvite.path, {}],
    [OPERATOR_CALLS.outbox.path, {}],
    [OPERATOR_CALLS.audit.path, {}],
    [OPERATOR_CALLS.logout.path, {}],
  ];

  it.each(sessionCalls)('%s without a bearer token is 401 SESSION_REQUIRED', async (path, body) => {
    expectRefusal(await operatorCall(server, path, body), 401, 'SESSION_REQUIRED');
  });

  it.each([
    ['a short token', 'Bearer abc'],
    ['an unknown token', `Bearer ${randomBytes(32).toString('base64url')}`],
    ['another scheme', `Basic ${Buffer.from('admin:operator-password-1').toString('base64')}`],
    ['a bare token', randomBytes(32).toString('base64url')],
    ['an empty bearer', 'Bearer '],
  ])('%s is 401 SESSION_INVALID', async (_case, authorization) => {
    for (const [path, body] of sessionCalls) {
      const response = await post(server, path, body, 'en', { authorization });
      expectRefusal(response, 401, 'SESSION_INVALID');
    }
  });

  it('a user token is no operator token, and an operator token no user token', async () => {
    const user = await registerUser(server);
    const asOperator = await operatorCallAs(server, user.token, OPERATOR_CALLS.users, {});
    expectRefusal(asOperator, 401, 'SESSION_INVALID');
    const asUser = await callAs(server, { token }, CALLS.userInfo, {});
    expectRefusal(asUser, 401, 'SESSION_INVALID');
  });

  it('logout ends that operator token only', async () => {
    const ending = await operatorToken(server);
    const logout = await operatorCallAs(server, ending, OPERATOR_CALLS.logout, {});
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ code: 200, mess: 'You have logged out', data: {} });
    expectRefusal(await operatorCallAs(server, ending, OPERATOR_CALLS.users, {}), 401, 'SESSION_INVALID');
    expectRefusal(await operatorCallAs(server, ending, OPERATOR_CALLS.logout, {}), 401, 'SESSION_INVALID');
    expect((await operatorCallAs(server, token, OPERATOR_CALLS.users, {})).status).toBe(200);
  });
});

describe('an operator changing their own password', () => {
  const changePassword = (body: CallBody<typeof changeOperatorPassword>, bearer?: string) => operatorCallAs(server, bearer, OPERATOR_CALLS.changePassword, body);
  const login = (username: string, password: string) => operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username, password });

  async function signedIn(username: string, password: string): Promise<string> {
    const response = await login(username, password);
    expect(response.status).toBe(200);
    return response.body.data.token;
  }

  it('takes the new password, keeps this session, ends the others, and audits it without the password', async () => {
    const name = `pw_${tag()}`;
    await addOperator(name, 'first-password-1');
    const here = await signedIn(name, 'first-password-1');
    const elsewhere = await signedIn(name, 'first-password-1');
    const othersSession = await operatorToken(server);

    const changed = await changePassword({ oldPassword: 'first-password-1', newPassword: 'second-password-2' }, here);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ code: 200, mess: 'Password changed', data: {} });

    expect((await operatorCallAs(server, here, OPERATOR_CALLS.users, {})).status).toBe(200);
    expectRefusal(await operatorCallAs(server, elsewhere, OPERATOR_CALLS.users, {}), 401, 'SESSION_INVALID');
    expect((await operatorCallAs(server, othersSession, OPERATOR_CALLS.users, {})).status).toBe(200);
    expectRefusal(await login(name, 'first-password-1'), 422, 'CREDENTIALS_INVALID');
    expect((await login(name, 'second-password-2')).status).toBe(200);

    const entry = (await latestAudit(server, token, 50)).find((e) => e.action === 'password' && e.operator === name);
    expect(entry).toMatchObject({ target: expect.stringMatching(/^operator:/), before: null, after: { otherSessionsEnded: 1 } });
    expect(JSON.stringify(entry)).not.toMatch(/first-password|second-password/);
  });

  it('refuses a wrong old password with 422 CREDENTIALS_INVALID, and after 5 locks both the change and sign-in', async () => {
    const name = `pw_${tag()}`;
    await addOperator(name, 'right-password-1');
    const session = await signedIn(name, 'right-password-1');
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await changePassword({ oldPassword: `guess-password-${i}`, newPassword: 'new-password-123' }, session);
      outcomes.push(`${response.status} ${errorOf(response).reason}`);
    }
    expect(outcomes).toEqual([...Array(4).fill('422 CREDENTIALS_INVALID'), '429 ACCOUNT_LOCKED']);
    expectRefusal(await changePassword({ oldPassword: 'right-password-1', newPassword: 'new-password-123' }, session), 429, 'ACCOUNT_LOCKED');
    expectRefusal(await login(name, 'right-password-1'), 429, 'ACCOUNT_LOCKED');
    expectRefusal(await login(name, 'new-password-123'), 429, 'ACCOUNT_LOCKED');
    expect((await operatorCallAs(server, session, OPERATOR_CALLS.users, {})).status).toBe(200);
  });

  it('takes at most 10 tries a minute from one address, shared with sign-in', async () => {
    const name = `pw_${tag()}`;
    await addOperator(name, 'right-password-1');
    const session = await signedIn(name, 'right-password-1');
    const ip = '10.251.0.9';
    for (let i = 0; i < 10; i += 1) {
      await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: `nobody${i}`, password: 'guess' }, { ip });
    }
    const limited = await operatorCallAs(server, session, OPERATOR_CALLS.changePassword, { oldPassword: 'right-password-1', newPassword: 'new-password-123' }, { ip });
    expectRefusal(limited, 429, 'RATE_LIMITED');
  });

  it('needs a new password of at least 12 characters that differs from the old one', async () => {
    const name = `pw_${tag()}`;
    await addOperator(name, 'right-password-1');
    const session = await signedIn(name, 'right-password-1');
    const short = await changePassword({ oldPassword: 'right-password-1', newPassword: 'short-pw' }, session);
    expectRefusal(short, 400, 'VALIDATION');
    expect(errorOf(short).fields).toEqual({ newPassword: 'Must be at least 12 characters.' });
    const same = await changePassword({ oldPassword: 'right-password-1', newPassword: 'right-password-1' }, session);
    expectRefusal(same, 400, 'VALIDATION');
    expect(errorOf(same).fields).toEqual({ newPassword: 'The new password must be different from the current one.' });
    expect((await login(name, 'right-password-1')).status).toBe(200);
    expectRefusal(await changePassword({ oldPassword: 'right-password-1', newPassword: 'new-password-123' }), 401, 'SESSION_REQUIRED');
  });
});

describe('users list', () => {
  it('finds users by a username substring in any case, or by invitation code, and pages the result', async () => {
    const t = tag();
    const first = await registerUser(server, { username: `${t}_First` });
    const second = await registerUser(server, { username: `Zed_${t.toUpperCase()}_two`, lang: 'ja' });
    const third = await registerUser(server, { username: `x${t}x`, inviteCode: first.user.inviteCode });

    const all = await listUsers({ q: t.toUpperCase() });
    expect(all.status).toBe(200);
    expect(all.body.mess).toBe('Success');
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.page).toBe(1);
    expect(all.body.data.pageSize).toBe(20);
    expect(all.body.data.items.map((u) => u.username).sort()).toEqual([first.username, second.username, third.username].sort());
    const createdAts = all.body.data.items.map((u) => u.createdAt);
    expect(createdAts).toEqual([...createdAts].sort((a, b) => b - a));

    const thirdItem = all.body.data.items.find((u) => u.username === third.username);
    expect(thirdItem).toEqual({
      id: await userIdOf(third),
      username: third.username,
      inviteCode: third.user.inviteCode,
      invitedBy: first.user.inviteCode,
      contact: null,
      lang: 'en',
      frozen: false,
      createdAt: third.user.createdAt,
    });
    expect(all.body.data.items.find((u) => u.username === second.username)?.lang).toBe('ja');
    expect(JSON.stringify(all.body)).not.toMatch(/argon2|password|token/i);

    const byCode = await listUsers({ q: second.user.inviteCode.toLowerCase() });
    expect(byCode.body.data.items.map((u) => u.username)).toEqual([second.username]);
    const byCodeWithSpaces = await listUsers({ q: `  ${second.user.inviteCode} ` });
    expect(byCodeWithSpaces.body.data.items.map((u) => u.username)).toEqual([second.username]);

    const pages = await Promise.all([1, 2, 3].map((page) => listUsers({ q: t, page, pageSize: 2 })));
    expect(pages.map((p) => [p.body.data.page, p.body.data.pageSize, p.body.data.total, p.body.data.items.length])).toEqual([
      [1, 2, 3, 2],
      [2, 2, 3, 1],
      [3, 2, 3, 0],
    ]);
    const paged = pages.flatMap((p) => p.body.data.items.map((u) => u.username));
    expect(paged).toEqual(all.body.data.items.map((u) => u.username));

    const none = await listUsers({ q: `${t}nothing` });
    expect(none.body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('treats an underscore or percent sign in q as itself, not as a wildcard', async () => {
    const t = tag();
    const underscored = await registerUser(server, { username: `${t}_ab` });
    await registerUser(server, { username: `${t}xab` });

    const exact = await listUsers({ q: `${t}_ab` });
    expect(exact.status).toBe(200);
    expect(exact.body.data.items.map((u) => u.username)).toEqual([underscored.username]);
    const percent = await listUsers({ q: `${t}%` });
    expect(percent.body.data.total).toBe(0);
  });

  it('lists everyone without q and refuses a page size over 50 or a page below 1', async () => {
    await registerUser(server);
    const everyone = await listUsers({});
    expect(everyone.body.data.total).toBeGreaterThanOrEqual(1);
    const total = Number(
      (await server.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
    expect(everyone.body.data.total).toBe(total);

    const tooBig = await listUsers({ pageSize: 51 });
    expectRefusal(tooBig, 400, 'VALIDATION');
    expect(Object.keys(errorOf(tooBig))).toContain('fields');
    expect(Object.keys(errorOf(tooBig).fields ?? {})).toEqual(['pageSize']);
    const zero = await listUsers({ page: 0 });
    expect(Object.keys(errorOf(zero).fields ?? {})).toEqual(['page']);
  });
});

describe('freezing a user', () => {
  it('makes every signed-in call 403 ACCOUNT_FROZEN; unfreezing ends the old sessions and a new sign-in works', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(user);
    const secondDevice = await callAs(server, null, CALLS.signIn, { username: user.username, password: user.password });
    expect(secondDevice.status).toBe(200);
    const auditBefore = await auditTotal(server, token);

    const freeze = await operatorCallAs(server, token, OPERATOR_CALLS.freezeUser, { userId, frozen: true });
    expect(freeze.status).toBe(200);
    expect(freeze.body).toEqual({ code: 200, mess: 'Saved', data: { userId, frozen: true } });
    expect((await listUsers({ q: user.username })).body.data.items[0]?.frozen).toBe(true);

    const signedIn = { token: user.token };
    const signedInCalls: [string, () => Promise<CallResponse<unknown>>][] = [
      ['user/info', () => callAs(server, signedIn, CALLS.userInfo, {})],
      ['user/update', () => callAs(server, signedIn, CALLS.updateUser, { lang: 'de' })],
      ['user/password', () => callAs(server, signedIn, CALLS.changePassword, { oldPassword: user.password, newPassword: 'Frozen123' })],
      ['user/payPassword', () => callAs(server, signedIn, CALLS.changePayPassword, { password: user.password, newPayPassword: '101010' })],
      ['upload/image', () => uploadImage(server, { token: user.token, file: TINY_IMAGES.png })],
      ['user/assets (pending)', () => callAs(server, signedIn, CALLS.userAssets, {})],
      // An empty body: the frozen account is refused before the body is read.
      ['money/withdraw (pending)', () => call(server, CALLS.createWithdrawal.path, {}, signedIn)],
      ['login_out', () => callAs(server, signedIn, CALLS.logOut, {})],
      ['second device', () => callAs(server, { token: secondDevice.body.data.token }, CALLS.userInfo, {})],
    ];
    for (const [name, send] of signedInCalls) {
      const response = await send();
      expect(`${name}: ${response.status} ${response.body.code} ${errorOf(response).reason}`).toBe(`${name}: 403 403 ACCOUNT_FROZEN`);
      expect(response.body.mess).toBe('This account is frozen. Please contact customer service.');
    }
    const row = await server.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect([row.frozen, row.lang]).toEqual([1, 'en']);

    const signIn = await callAs(server, null, CALLS.signIn, { username: user.username, password: user.password });
    expectRefusal(signIn, 403, 'ACCOUNT_FROZEN');
    const wrongPassword = await callAs(server, null, CALLS.signIn, { username: user.username, password: 'wrong0000' });
    expectRefusal(wrongPassword, 422, 'CREDENTIALS_INVALID');

    const again = await operatorCallAs(server, token, OPERATOR_CALLS.freezeUser, { userId, frozen: true });
    expect(again.status).toBe(200);

    const unfreeze = await operatorCallAs(server, token, OPERATOR_CALLS.freezeUser, { userId, frozen: false });
    expect(unfreeze.body).toEqual({ code: 200, mess: 'Saved', data: { userId, frozen: false } });
    expect((await listUsers({ q: user.username })).body.data.items[0]?.frozen).toBe(false);
    for (const old of [user.token, secondDevice.body.data.token]) {
      expectRefusal(await callAs(server, { token: old }, CALLS.userInfo, {}), 401, 'SESSION_INVALID');
    }
    const back = await callAs(server, null, CALLS.signIn, { username: user.username, password: user.password });
    expect(back.status).toBe(200);
    expect((await callAs(server, { token: back.body.data.token }, CALLS.userInfo, {})).status).toBe(200);

    expect(await auditTotal(server, token)).toBe(auditBefore + 2);
  });

  it('answers an unknown userId with 404 and writes nothing', async () => {
    const auditBefore = await auditTotal(server, token);
    for (const frozen of [true, false]) {
      const response = await operatorCallAs(server, token, OPERATOR_CALLS.freezeUser, { userId: randomUUID(), frozen });
      expectRefusal(response, 404, 'NOT_FOUND');
    }
    expect(await auditTotal(server, token)).toBe(auditBefore);
  });
});

describe('operator invitation codes', () => {
  it('registers a new user whose inviter is no user', async () => {
    const created = await operatorCallAs(server, token, OPERATOR_CALLS.createInvite, {});
    expect(created.status).toBe(200);
    expect(created.body.mess).toBe('Saved');
    const { code } = created.body.data;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const second = await operatorCallAs(server, token, OPERATOR_CALLS.createInvite, {});
    expect(second.body.data.code).not.toBe(code);

    const user = await registerUser(server, { inviteCode: code.toLowerCase() });
    const row = await server.database.db.selectFrom('users').selectAll().where('username', '=', user.username).executeTakeFirstOrThrow();
    expect(row.invited_by_code).toBe(code);
    expect(row.inviter_user_id).toBeNull();
    expect((await listUsers({ q: user.username })).body.data.items[0]?.invitedBy).toBe(code);
  });
});

describe('outbox', () => {
  it('lists the codes sent by sendRegister (e-mail) and sms/sendVer (mobile)', async () => {
    const email = `otto.${tag()}@example.com`;
    const sent = await callAs(server, null, CALLS.sendRegisterCode, { target: email, ...(await captcha(server)) });
    expect(sent.status).toBe(200);
    const registerCode = await latestOutboxCode(server, email);

    const mobile = `+86138${String(Date.now()).slice(-8)}`;
    const mobileSent = await callAs(server, null, CALLS.sendRegisterCode, { target: mobile, ...(await captcha(server)) });
    expect(mobileSent.status).toBe(200);
    const user = await registerUser(server, { contact: mobile, contactCode: await latestOutboxCode(server, mobile) });
    const reset = await callAs(server, null, CALLS.sendResetCode, { username: user.username, purpose: 'reset', ...(await captcha(server)) });
    expect(reset.status).toBe(200);
    const resetCode = await latestOutboxCode(server, mobile);

    const outbox = await operatorCallAs(server, token, OPERATOR_CALLS.outbox, { pageSize: 50 });
    expect(outbox.status).toBe(200);
    const forEmail = outbox.body.data.items.filter((m) => m.target === email);
    expect(forEmail).toHaveLength(1);
    expect(forEmail[0]).toMatchObject({ channel: 'email', subject: 'Your verification code' });
    expect(forEmail[0]?.body).toContain(registerCode);
    const forMobile = outbox.body.data.items.filter((m) => m.target === mobile);
    expect(forMobile).toHaveLength(2);
    expect(forMobile.every((m) => m.channel === 'sms')).toBe(true);
    expect(forMobile[0]?.body).toContain(resetCode);
    expect(forMobile[0]?.body).toMatch(/reset/i);

    const firstPage = await operatorCallAs(server, token, OPERATOR_CALLS.outbox, { pageSize: 1 });
    expect(firstPage.body.data.items).toHaveLength(1);
    expect(firstPage.body.data.total).toBe(outbox.body.data.total);
    expect(firstPage.body.data.items[0]).toEqual(outbox.body.data.items[0]);
  });
});

describe('audit log', () => {
  it('keeps every write with operator, action, target, before and after', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(user);
    const auditBefore = await auditTotal(server, token);
    const startedAt = Date.now();

    await operatorCallAs(server, token, OPERATOR_CALLS.freezeUser, { userId, frozen: true });
    await operatorCallAs(server, token, OPERATOR_CALLS.freezeUser, { userId, frozen: false });
    const { code } = (await operatorCallAs(server, token, OPERATOR_CALLS.createInvite, {})).body.data;

    expect(await auditTotal(server, token)).toBe(auditBefore + 3);
    const entries = await latestAudit(server, token, 50);
    const ofUser = entries.filter((e) => e.target === `user:${userId}`);
    expect(ofUser).toHaveLength(2);
    expect(ofUser).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operator: 'admin', action: 'users/freeze', before: { frozen: false }, after: { frozen: true } }),
        expect.objectContaining({ operator: 'admin', action: 'users/freeze', before: { frozen: true }, after: { frozen: false } }),
      ]),
    );
    const invite = entries.find((e) => e.target === `invite:${code}`);
    expect(invite).toMatchObject({ operator: 'admin', action: 'invites/create', before: null, after: { code } });
    for (const entry of [...ofUser, invite!]) {
      expect(entry.createdAt).toBeGreaterThanOrEqual(startedAt - 1000);
      expect(entry.createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const createdAts = entries.map((e) => e.createdAt);
    expect(createdAts).toEqual([...createdAts].sort((a, b) => b - a));
  });

  it("names the operator who made the write", async () => {
    await addOperator('second_op', 'second-password-1');
    const login = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: 'second_op', password: 'second-password-1' });
    const { code } = (await operatorCallAs(server, login.body.data.token, OPERATOR_CALLS.createInvite, {})).body.data;
    const entry = (await latestAudit(server, token, 50)).find((e) => e.target === `invite:${code}`);
    expect(entry?.operator).toBe('second_op');
  });
});
