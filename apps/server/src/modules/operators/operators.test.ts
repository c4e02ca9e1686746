import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS } from '@wallet/contract';
import { operatorToken, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { enableTotp, operatorWithRole, totpCode } from '../../testing/operators.js';
import { TEST_OPERATOR } from '../../testing/test-server.js';
import { errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

/* PRODUCT §9: operators with roles, TOTP (RFC 6238, ±1 step, each code once), at least one admin. */

let server: ClockedServer;
let admin: string;

beforeAll(async () => {
  server = await startClockedServer();
  admin = await operatorToken(server);
});
afterAll(() => server.close());

const login = (username: string, password: string, totp?: string) =>
  operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username, password, ...(totp === undefined ? {} : { totp }) });

describe('operators', () => {
  it('are made by an admin with a role, sign in, and say who they are', async () => {
    const finance = await operatorWithRole(server, admin, 'finance');
    const me = await operatorCallAs(server, finance.token, OPERATOR_CALLS.me, {});
    expect(me.body.data).toMatchObject({ username: finance.username, role: 'finance', disabled: false, totpEnabled: false, totpRequired: false });
    const listed = await operatorCallAs(server, admin, OPERATOR_CALLS.operators, { page: 1, pageSize: 50 });
    expect(listed.body.data.items.find((o) => o.id === finance.id)).toMatchObject({ role: 'finance' });
    expect((await login(finance.username, finance.password)).body.data).toMatchObject({ role: 'finance' });
  });

  it('need a password when new and a name nobody has', async () => {
    const noPassword = await operatorCallAs(server, admin, OPERATOR_CALLS.saveOperator, { username: 'nopassword1', role: 'support' });
    expectRefusal(noPassword, 400, 'VALIDATION');
    expect(Object.keys(errorOf(noPassword).fields!)).toEqual(['password']);
    const taken = await operatorCallAs(server, admin, OPERATOR_CALLS.saveOperator, { username: TEST_OPERATOR.username.toUpperCase(), password: 'long-enough-password', role: 'support' });
    expectRefusal(taken, 409, 'USERNAME_TAKEN');
  });

  it('once disabled, lose their sessions and cannot sign in; the answer is the wrong-password one', async () => {
    const support = await operatorWithRole(server, admin, 'support');
    const disabled = await operatorCallAs(server, admin, OPERATOR_CALLS.saveOperator, { id: support.id, username: support.username, role: 'support', disabled: true });
    expect(disabled.body.data.disabled).toBe(true);
    expectRefusal(await operatorCallAs(server, support.token, OPERATOR_CALLS.users, {}), 401, 'SESSION_INVALID');
    expectRefusal(await login(support.username, support.password), 422, 'CREDENTIALS_INVALID');
  });

  it('with a new role are signed out, and the new role holds at once', async () => {
    const content = await operatorWithRole(server, admin, 'content');
    await operatorCallAs(server, admin, OPERATOR_CALLS.saveOperator, { id: content.id, username: content.username, role: 'support' });
    expectRefusal(await operatorCallAs(server, content.token, OPERATOR_CALLS.users, {}), 401, 'SESSION_INVALID');
    const again = await login(content.username, content.password);
    expect((await operatorCallAs(server, again.body.data.token, OPERATOR_CALLS.users, {})).status).toBe(200);
    expectRefusal(await operatorCallAs(server, again.body.data.token, OPERATOR_CALLS.content, {}), 403, 'ROLE_FORBIDDEN');
  });

  it('keep one enabled admin, also when two admins demote each other at once', async () => {
    const [a, b] = await Promise.all([operatorWithRole(server, admin, 'admin'), operatorWithRole(server, admin, 'admin')]);
    const { id: firstId } = (await operatorCallAs(server, admin, OPERATOR_CALLS.me, {})).body.data;
    // Only a and b stay admins: the first one becomes finance (a and b are enough to do it).
    expect((await operatorCallAs(server, a.token, OPERATOR_CALLS.saveOperator, { id: firstId, username: TEST_OPERATOR.username, role: 'finance' })).status).toBe(200);
    const answers = await Promise.all([
      operatorCallAs(server, a.token, OPERATOR_CALLS.saveOperator, { id: b.id, username: b.username, role: 'support' }),
      operatorCallAs(server, b.token, OPERATOR_CALLS.saveOperator, { id: a.id, username: a.username, role: 'support' }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    // One demotion passes; the other is refused, by LAST_ADMIN or because its maker was just demoted and signed out.
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
    const operators = (await operatorCallAs(server, answers[0]!.status === 200 ? a.token : b.token, OPERATOR_CALLS.operators, { page: 1, pageSize: 50 })).body.data.items;
    expect(operators.filter((o) => o.role === 'admin' && !o.disabled)).toHaveLength(1);
    const survivor = answers[0]!.status === 200 ? a : b;
    expectRefusal(await operatorCallAs(server, survivor.token, OPERATOR_CALLS.saveOperator, { id: survivor.id, username: survivor.username, role: 'admin', disabled: true }), 409, 'LAST_ADMIN');
    // The first operator is an admin again for the other tests.
    admin = (await login(TEST_OPERATOR.username, TEST_OPERATOR.password)).body.data.token;
    await operatorCallAs(server, survivor.token, OPERATOR_CALLS.saveOperator, { id: firstId, username: TEST_OPERATOR.username, role: 'admin' });
    admin = (await login(TEST_OPERATOR.username, TEST_OPERATOR.password)).body.data.token;
    expect((await operatorCallAs(server, admin, OPERATOR_CALLS.me, {})).body.data.role).toBe('admin');
  });
});

describe('TOTP', () => {
  it('is set up with an otpauth URL, turned on with a code, then asked for at sign-in', async () => {
    const finance = await operatorWithRole(server, admin, 'finance');
    const setup = await operatorCallAs(server, finance.token, OPERATOR_CALLS.totpSetup, {});
    expect(setup.body.data.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.+:${finance.username}\\?secret=${setup.body.data.secret}&issuer=`));
    expectRefusal(await operatorCallAs(server, finance.token, OPERATOR_CALLS.totpEnable, { code: '000000' }), 401, 'TOTP_INVALID');
    expect((await operatorCallAs(server, finance.token, OPERATOR_CALLS.totpEnable, { code: await totpCode(setup.body.data.secret, server.clock.now()) })).status).toBe(200);

    expectRefusal(await login(finance.username, finance.password), 401, 'TOTP_REQUIRED');
    expectRefusal(await login(finance.username, finance.password, '123456'), 401, 'TOTP_INVALID');
    server.clock.advance(30_000);
    const code = await totpCode(setup.body.data.secret, server.clock.now());
    expect((await login(finance.username, finance.password, code)).status).toBe(200);
    expectRefusal(await login(finance.username, finance.password, code), 401, 'TOTP_INVALID');
  });

  it('answers any text that is not a current code with TOTP_INVALID, never an error', async () => {
    const support = await operatorWithRole(server, admin, 'support');
    await enableTotp(server, support.token, server.clock.now());
    for (const totp of ['12345', '123 456', 'abcdef', '1234567', '０１２３４５']) {
      expectRefusal(await login(support.username, support.password, totp), 401, 'TOTP_INVALID');
      server.clock.advance(15 * 60_000);
    }
  });

  it('once on, is not replaced from a session alone, and turning it on ends the other sessions', async () => {
    const finance = await operatorWithRole(server, admin, 'finance');
    const other = await login(finance.username, finance.password);
    await enableTotp(server, finance.token, server.clock.now());
    expectRefusal(await operatorCallAs(server, other.body.data.token, OPERATOR_CALLS.me, {}), 401, 'SESSION_INVALID');
    expect((await operatorCallAs(server, finance.token, OPERATOR_CALLS.me, {})).body.data.totpEnabled).toBe(true);
    expectRefusal(await operatorCallAs(server, finance.token, OPERATOR_CALLS.totpSetup, {}), 409, 'TOTP_ALREADY_ON');
    expectRefusal(await operatorCallAs(server, finance.token, OPERATOR_CALLS.totpEnable, { code: '123456' }), 409, 'TOTP_ALREADY_ON');
  });

  it('takes a code from one step either side of the server clock, not two', async () => {
    const support = await operatorWithRole(server, admin, 'support');
    const secret = await enableTotp(server, support.token, server.clock.now());
    server.clock.advance(5 * 30_000);
    const now = server.clock.now();
    expectRefusal(await login(support.username, support.password, await totpCode(secret, now - 2 * 30_000)), 401, 'TOTP_INVALID');
    expect((await login(support.username, support.password, await totpCode(secret, now - 30_000))).status).toBe(200);
    expectRefusal(await login(support.username, support.password, await totpCode(secret, now + 2 * 30_000)), 401, 'TOTP_INVALID');
    expect((await login(support.username, support.password, await totpCode(secret, now + 30_000))).status).toBe(200);
  });

  it('accepts one code once, when sign-ins race with it', async () => {
    const content = await operatorWithRole(server, admin, 'content');
    const secret = await enableTotp(server, content.token, server.clock.now());
    server.clock.advance(30_000);
    const code = await totpCode(secret, server.clock.now());
    // Four, so the losers stay under the five failures that lock the name.
    const answers = await Promise.all(Array.from({ length: 4 }, () => login(content.username, content.password, code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expectRefusal(answer, 401, 'TOTP_INVALID');
  });

  it('is reset by an admin for a lost phone: signed out, then in with the password alone', async () => {
    const finance = await operatorWithRole(server, admin, 'finance');
    await enableTotp(server, finance.token, server.clock.now());
    expectRefusal(await operatorCallAs(server, finance.token, OPERATOR_CALLS.totpReset, { operatorId: finance.id }), 403, 'ROLE_FORBIDDEN');
    const reset = await operatorCallAs(server, admin, OPERATOR_CALLS.totpReset, { operatorId: finance.id });
    expect(reset.body.data.totpEnabled).toBe(false);
    expectRefusal(await operatorCallAs(server, finance.token, OPERATOR_CALLS.me, {}), 401, 'SESSION_INVALID');
    expect((await login(finance.username, finance.password)).status).toBe(200);
  });

  it('when required for everyone, leaves an operator without it only the calls to turn it on', async () => {
    const support = await operatorWithRole(server, admin, 'support');
    const adminSecret = await enableTotp(server, admin, server.clock.now());
    expect((await operatorCallAs(server, admin, OPERATOR_CALLS.saveSettings, { requireTotp: true })).status).toBe(200);
    try {
      expectRefusal(await operatorCallAs(server, support.token, OPERATOR_CALLS.users, {}), 403, 'TOTP_SETUP_REQUIRED');
      expect((await operatorCallAs(server, support.token, OPERATOR_CALLS.me, {})).body.data).toMatchObject({ totpRequired: true, totpEnabled: false });
      server.clock.advance(30_000);
      await enableTotp(server, support.token, server.clock.now());
      expect((await operatorCallAs(server, support.token, OPERATOR_CALLS.users, {})).status).toBe(200);
    } finally {
      expect((await operatorCallAs(server, admin, OPERATOR_CALLS.saveSettings, { requireTotp: false })).status).toBe(200);
      await operatorCallAs(server, admin, OPERATOR_CALLS.totpReset, { operatorId: (await operatorCallAs(server, admin, OPERATOR_CALLS.me, {})).body.data.id });
      server.clock.advance(30_000);
      admin = (await login(TEST_OPERATOR.username, TEST_OPERATOR.password)).body.data.token;
      expect(adminSecret).toBeTruthy();
    }
  });
});
