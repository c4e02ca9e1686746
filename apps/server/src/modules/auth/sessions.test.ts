import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES } from '@wallet/contract';
import {
  captcha,
  latestOutboxCode,
  registerUser,
  registerWithContact,
  startClockedServer,
  type ClockedServer,
  type RegisteredUser,
} from '../../testing/accounts.js';
import { call, callAs, errorOf } from '../../testing/typed-call.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer();
});
afterAll(async () => server.close());

async function signIn(user: RegisteredUser, password = user.password): Promise<string> {
  const response = await callAs(server, null, CALLS.signIn, { username: user.username, password });
  expect(response.status).toBe(200);
  return response.body.data.token;
}

async function infoStatus(token: string): Promise<string> {
  const response = await callAs(server, { token }, CALLS.userInfo, {});
  return response.status === 200 ? '200' : `${response.status} ${errorOf(response).reason}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sessions', () => {
  it('stores a token only as its SHA-256', async () => {
    const user = await registerUser(server);
    const second = await signIn(user);
    const ownerId = (await server.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow()).id;
    const rows = await server.database.db.selectFrom('user_sessions').selectAll().where('owner_id', '=', ownerId).execute();
    expect(rows.map((row) => row.token_hash).sort()).toEqual([sha256(user.token), sha256(second)].sort());

    const tables = await server.database.db.introspection.getTables();
    for (const table of tables.filter((t) => server.database.dialect === 'sqlite' || t.schema === server.database.schema)) {
      const { rows: content } = await sql`select * from ${sql.table(table.name)}`.execute(server.database.db);
      const text = JSON.stringify(content);
      expect(text, table.name).not.toContain(user.token);
      expect(text, table.name).not.toContain(second);
    }
  });

  it('slides the 30-day expiry with use and ends unused sessions after 30 days', async () => {
    const user = await registerUser(server);
    const idle = await signIn(user);
    server.clock.advance(29 * DAY_MS);
    expect(await infoStatus(user.token)).toBe('200');
    server.clock.advance(DAY_MS);
    expect(await infoStatus(idle)).toBe('401 SESSION_INVALID');
    server.clock.advance(28 * DAY_MS);
    expect(await infoStatus(user.token)).toBe('200');
    server.clock.advance(30 * DAY_MS);
    expect(await infoStatus(user.token)).toBe('401 SESSION_INVALID');
  });

  it('keeps a session alive until the last moment of its 30 days', async () => {
    const user = await registerUser(server);
    const idle = await signIn(user);
    server.clock.advance(30 * DAY_MS - 1000);
    expect(await infoStatus(user.token)).toBe('200');
    server.clock.advance(1000);
    expect(await infoStatus(idle)).toBe('401 SESSION_INVALID');
    expect(await infoStatus(user.token)).toBe('200');
  });

  it('logs out only the token used, on every signed-in call', async () => {
    const user = await registerUser(server);
    const other = await signIn(user);
    const out = await callAs(server, { token: user.token }, CALLS.logOut, {});
    expect(out.status).toBe(200);
    expect(out.body.mess).toBe('You have logged out');

    const calls: [string, Record<string, unknown>][] = [
      [CALLS.userInfo.path, {}],
      [CALLS.updateUser.path, { lang: 'de' }],
      [CALLS.changePassword.path, { oldPassword: user.password, newPassword: 'another123' }],
      [CALLS.changePayPassword.path, { password: user.password, newPayPassword: '654321' }],
      [CALLS.logOut.path, {}],
      [CALLS.userAssets.path, {}],
      [CALLS.createWithdrawal.path, {}],
    ];
    for (const [path, fields] of calls) {
      const response = await call(server, path, fields, { token: user.token });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 401,
        body: { code: 401, mess: ENGLISH_MESSAGES.reason.SESSION_INVALID, data: { reason: 'SESSION_INVALID' } },
      });
    }
    expect(await infoStatus(other)).toBe('200');
    expect(await signIn(user)).toBeTruthy();
  });

  it('ends the other sessions, not this one, when the password changes', async () => {
    const user = await registerUser(server);
    const [second, third] = [await signIn(user), await signIn(user)];

    const wrong = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: 'wrong123', newPassword: 'changed123' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ oldPassword: ENGLISH_MESSAGES.field.PASSWORD_WRONG });
    expect(await infoStatus(second)).toBe('200');

    const changed = await callAs(server, { token: user.token }, CALLS.changePassword, { oldPassword: user.password, newPassword: 'changed123' });
    expect(changed.status).toBe(200);
    expect(changed.body.mess).toBe('Password changed');
    expect(await infoStatus(second)).toBe('401 SESSION_INVALID');
    expect(await infoStatus(third)).toBe('401 SESSION_INVALID');
    expect(await infoStatus(user.token)).toBe('200');

    const old = await callAs(server, null, CALLS.signIn, { username: user.username, password: user.password });
    expect(errorOf(old).reason).toBe('CREDENTIALS_INVALID');
    expect(await infoStatus(await signIn(user, 'changed123'))).toBe('200');
  });

  it('ends every session when the password is reset with a code', async () => {
    const user = await registerWithContact(server, '+447700900123');
    const second = await signIn(user);
    server.clock.advance(61_000);
    expect((await callAs(server, null, CALLS.sendResetCode, { username: user.username, purpose: 'reset', ...(await captcha(server)) })).status).toBe(200);
    const code = await latestOutboxCode(server, '+447700900123');
    const reset = await callAs(server, null, CALLS.forgetPassword, { username: user.username, code, password: 'resetpass1' });
    expect(reset.status).toBe(200);
    expect(await infoStatus(user.token)).toBe('401 SESSION_INVALID');
    expect(await infoStatus(second)).toBe('401 SESSION_INVALID');
  });

  it("answers SESSION_REQUIRED for 'none' and SESSION_INVALID for a token never issued", async () => {
    for (const path of [CALLS.userInfo.path, CALLS.logOut.path, CALLS.userAssets.path]) {
      const none = await call(server, path, {});
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ code: 401, mess: ENGLISH_MESSAGES.reason.SESSION_REQUIRED, data: { reason: 'SESSION_REQUIRED' } });
    }
    expect(await infoStatus('x'.repeat(43))).toBe('401 SESSION_INVALID');
  });
});
