import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, uploadReferenceOf } from '@wallet/contract';
import { captcha, latestOutboxCode, registerUser, type RegisteredUser } from '../../testing/accounts.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { call, callAs, errorOf } from '../../testing/typed-call.js';
import { TINY_IMAGES, uploadImage } from '../../testing/uploads.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const userRow = (user: RegisteredUser) =>
  server.database.db.selectFrom('users').selectAll().where('username', '=', user.username).executeTakeFirstOrThrow();

async function uploadedUrl(user: RegisteredUser): Promise<string> {
  const response = await uploadImage(server, { token: user.token, file: { ...TINY_IMAGES.png, filename: 'me.png' } });
  expect(response.status).toBe(200);
  return response.body.data.url;
}

function signIn(username: string, password: string) {
  return callAs(server, null, CALLS.signIn, { username, password });
}

describe('user/info', () => {
  it('answers the account with exactly username, avatar, inviteCode, lang, contact and createdAt', async () => {
    const before = Date.now();
    const user = await registerUser(server, { lang: 'de' });
    const info = await callAs(server, { token: user.token }, CALLS.userInfo, {});

    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      code: 200,
      mess: 'Success',
      data: {
        username: user.username,
        avatar: null,
        inviteCode: expect.stringMatching(/^[2-9A-HJ-NP-Z]{8}$/) as unknown,
        lang: 'de',
        contact: null,
        createdAt: expect.any(Number) as unknown,
      },
    });
    const { createdAt } = info.body.data;
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('shows a bound contact only masked', async () => {
    const target = `carol.${Date.now()}@example.com`;
    const ip = '10.77.0.1';
    const sent = await callAs(server, null, CALLS.sendRegisterCode, { target, ...(await captcha(server, ip)) }, { ip });
    expect(sent.status).toBe(200);
    const user = await registerUser(server, { contact: target, contactCode: await latestOutboxCode(server, target) });

    const info = await callAs(server, { token: user.token }, CALLS.userInfo, {});
    expect(info.body.data.contact).toBe('ca***@example.com');
    expect(JSON.stringify(info.body)).not.toContain(target);
  });

  it('needs a session: no token is 401 SESSION_REQUIRED, an unknown one 401 SESSION_INVALID', async () => {
    const none = await callAs(server, null, CALLS.userInfo, {});
    expect([none.status, none.body.code, errorOf(none).reason]).toEqual([401, 401, 'SESSION_REQUIRED']);
    const unknown = await callAs(server, { token: 'A'.repeat(43) }, CALLS.userInfo, {});
    expect([unknown.status, unknown.body.code, errorOf(unknown).reason]).toEqual([401, 401, 'SESSION_INVALID']);
  });
});

describe('user/update', () => {
  it('stores a language given in any case in its canonical spelling', async () => {
    const user = await registerUser(server);
    const update = await callAs(server, { token: user.token }, CALLS.updateUser, { lang: 'zh-cn' });
    expect(update.status).toBe(200);
    expect(update.body.mess).toBe('Saved');
    expect(update.body.data.lang).toBe('zh-CN');
    expect((await userRow(user)).lang).toBe('zh-CN');

    for (const [sent, stored] of [
      ['EN-us', 'en-US'],
      ['zh_TW', 'zh-TW'],
      ['pt-BR', 'pt'],
      ['AR', 'ar'],
    ] as const) {
      const response = await callAs(server, { token: user.token }, CALLS.updateUser, { lang: sent });
      expect(response.status).toBe(200);
      expect(response.body.data.lang).toBe(stored);
    }
    const info = await callAs(server, { token: user.token }, CALLS.userInfo, {});
    expect(info.body.data.lang).toBe('ar');
  });

  it.each(['xx', 'klingon', 'zz-ZZ', '', 'e'.repeat(17)])('refuses the language %j with 400 fields.lang and keeps the old one', async (lang) => {
    const user = await registerUser(server, { lang: 'fr' });
    const response = await callAs(server, { token: user.token }, CALLS.updateUser, { lang });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(errorOf(response).reason).toBe('VALIDATION');
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['lang']);
    expect((await userRow(user)).lang).toBe('fr');
  });

  it('sets the avatar to a picture the same user uploaded', async () => {
    const user = await registerUser(server);
    const url = await uploadedUrl(user);
    const update = await callAs(server, { token: user.token }, CALLS.updateUser, { avatar: url });
    expect(update.status).toBe(200);
    // Each answer signs its own link to the upload (PRODUCT §13).
    expect(uploadReferenceOf(update.body.data.avatar!)).toBe(uploadReferenceOf(url));
    const info = await callAs(server, { token: user.token }, CALLS.userInfo, {});
    expect(uploadReferenceOf(info.body.data.avatar!)).toBe(uploadReferenceOf(url));
    expect(info.body.data.lang).toBe('en');
  });

  it("refuses another user's upload and any other URL with 400 fields.avatar", async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const ownersUrl = await uploadedUrl(owner);
    const candidates = [
      ownersUrl,
      `${server.baseUrl}${ownersUrl}`,
      'https://evil.example/picture.png',
      '/uploads/00000000-0000-0000-0000-000000000000.png',
      'javascript:alert(1)',
      '',
    ];
    for (const avatar of candidates) {
      const response = await callAs(server, { token: other.token }, CALLS.updateUser, { avatar });
      expect(response.status, avatar).toBe(400);
      expect(errorOf(response).reason).toBe('VALIDATION');
      expect(errorOf(response).fields).toEqual({ avatar: 'Please upload the picture first.' });
    }
    expect((await userRow(other)).avatar).toBeNull();
  });

  it('takes no other field (no mass assignment)', async () => {
    const user = await registerUser(server);
    const response = await call(server, CALLS.updateUser.path, { lang: 'de', username: 'someone_else', frozen: 0, inviteCode: 'ROOTCODE' }, { token: user.token });
    expect(response.status).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {}).sort()).toEqual(['frozen', 'inviteCode', 'username']);
    const row = await userRow(user);
    expect([row.username, row.lang]).toEqual([user.username, 'en']);
  });
});

describe('user/password', () => {
  it('refuses a wrong old password with 400 fields.oldPassword', async () => {
    const user = await registerUser(server);
    const response = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: 'wrong999', newPassword: 'brandNew1' });
    expect(response.status).toBe(400);
    expect(response.body.mess).toBe('Some of the information is missing or not valid. Please check it and try again.');
    expect(response.body.data).toEqual({ reason: 'VALIDATION', fields: { oldPassword: 'The password is wrong.' } });
    expect((await signIn(user.username, user.password)).status).toBe(200);
  });

  it('refuses a new password equal to the old one with 400 fields.newPassword', async () => {
    const user = await registerUser(server);
    const response = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: user.password, newPassword: user.password });
    expect(response.status).toBe(400);
    expect(errorOf(response).fields).toEqual({ newPassword: 'The new password must be different from the current one.' });
  });

  it.each(['abc12', 'a'.repeat(21), 'with space1', 'pässwort1', 'under_score1'])('refuses the new password %j with 400 fields.newPassword', async (newPassword) => {
    const user = await registerUser(server);
    const response = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: user.password, newPassword });
    expect(response.status).toBe(400);
    expect(errorOf(response).reason).toBe('VALIDATION');
    expect(errorOf(response).fields).toEqual({ newPassword: 'Use 6–20 letters or digits.' });
    expect((await signIn(user.username, user.password)).status).toBe(200);
  });

  it('changes the password: the old one no longer signs in, the new one does, other sessions end and this one stays', async () => {
    const user = await registerUser(server);
    const otherDevice = await signIn(user.username, user.password);
    expect(otherDevice.status).toBe(200);

    const change = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: user.password, newPassword: 'Changed2024' });
    expect(change.status).toBe(200);
    expect(change.body).toEqual({ code: 200, mess: 'Password changed', data: {} });

    const old = await signIn(user.username, user.password);
    expect([old.status, errorOf(old).reason]).toEqual([422, 'CREDENTIALS_INVALID']);
    const fresh = await signIn(user.username, 'Changed2024');
    expect(fresh.status).toBe(200);

    const stale = await callAs(server, { token: otherDevice.body.data.token }, CALLS.userInfo, {});
    expect([stale.status, errorOf(stale).reason]).toEqual([401, 'SESSION_INVALID']);
    for (const token of [user.token, fresh.body.data.token]) {
      expect((await callAs(server, { token }, CALLS.userInfo, {})).status).toBe(200);
    }
  });
});

describe('user/payPassword', () => {
  it('needs the login password: a wrong one is 400 fields.password and changes nothing', async () => {
    const user = await registerUser(server);
    const before = await userRow(user);
    const response = await callAs(server, { token: user.token }, CALLS.changePayPassword, { password: 'notMine12', newPayPassword: '246810' });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual({ reason: 'VALIDATION', fields: { password: 'The password is wrong.' } });
    expect((await userRow(user)).pay_password_hash).toBe(before.pay_password_hash);
  });

  it.each(['12345', '1234567', 'abcdef', '12 456', '١٢٣٤٥٦'])('refuses the payment password %j with 400 fields.newPayPassword', async (newPayPassword) => {
    const user = await registerUser(server);
    const response = await callAs(server, { token: user.token }, CALLS.changePayPassword, { password: user.password, newPayPassword });
    expect(response.status).toBe(400);
    expect(errorOf(response).fields).toEqual({ newPayPassword: 'The payment password is exactly 6 digits.' });
  });

  it('sets the new payment password and lifts the payment-password lock', async () => {
    const user = await registerUser(server);
    const lockedUntil = Date.now() + 30 * 60 * 1000;
    await server.database.db.updateTable('users').set({ pay_failures: 5, pay_locked_until: lockedUntil }).where('username', '=', user.username).execute();
    expect(await userRow(user)).toMatchObject({ pay_failures: 5, pay_locked_until: lockedUntil });

    const response = await callAs(server, { token: user.token }, CALLS.changePayPassword, { password: user.password, newPayPassword: '975310' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 200, mess: 'Payment password changed', data: {} });

    const row = await userRow(user);
    expect(row.pay_failures).toBe(0);
    expect(row.pay_locked_until).toBe(0);
    expect(await verify(row.pay_password_hash, '975310')).toBe(true);
    expect(await verify(row.pay_password_hash, user.payPassword)).toBe(false);
    expect((await signIn(user.username, user.password)).status).toBe(200);
  });
});

describe('password checks', () => {
  it('are limited to 10 per 15 minutes per account: the 11th is 429, even with the right password or on payPassword', async () => {
    const user = await registerUser(server);
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: `wrong${i}00`, newPassword: 'brandNew1' });
      outcomes.push(`${response.status} ${Object.keys(errorOf(response).fields ?? {}).join()}`);
    }
    expect(outcomes).toEqual(Array(10).fill('400 oldPassword'));

    const eleventh = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: 'wrong1100', newPassword: 'brandNew1' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe(429);
    expect(errorOf(eleventh).reason).toBe('RATE_LIMITED');
    expect(errorOf(eleventh).retryAfterSeconds).toBeGreaterThan(0);
    expect(errorOf(eleventh).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(eleventh.headers.get('retry-after')).toBe(String(errorOf(eleventh).retryAfterSeconds));

    const right = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: user.password, newPassword: 'brandNew1' });
    expect([right.status, errorOf(right).reason]).toEqual([429, 'RATE_LIMITED']);
    const pay = await callAs(server, { token: user.token }, CALLS.changePayPassword, { password: user.password, newPayPassword: '111222' });
    expect([pay.status, errorOf(pay).reason]).toEqual([429, 'RATE_LIMITED']);
    expect((await signIn(user.username, user.password)).status).toBe(200);

    const neighbour = await registerUser(server);
    const unaffected = await callAs(server, { token: neighbour.token }, CALLS.changePassword, { oldPassword: neighbour.password, newPassword: 'brandNew1' });
    expect(unaffected.status).toBe(200);
  });
});
