import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@wallet/contract';
import { captcha, registerUser } from '../../testing/accounts.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { callAs, errorOf } from '../../testing/typed-call.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('register and sign in', () => {
  it('registers with the root code, then signs in with the same password on a second device', async () => {
    const registered = await registerUser(server);
    expect(registered.user.username).toBe(registered.username);
    expect(registered.user.inviteCode).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);

    const signIn = await callAs(server, null, CALLS.signIn, {
      username: registered.username.toUpperCase(),
      password: registered.password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.mess).toBe('Login successful');
    expect(signIn.body.data.token).not.toBe(registered.token);

    for (const token of [registered.token, signIn.body.data.token]) {
      const info = await callAs(server, { token }, CALLS.userInfo, {});
      expect(info.status).toBe(200);
      expect(info.body.data.username).toBe(registered.username);
    }
  });

  it('asks for a captcha after 3 wrong passwords and locks the name after 10', async () => {
    const { username } = await registerUser(server);
    const statuses: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await callAs(server, null, CALLS.signIn, {
        username,
        password: 'wrong000',
        ...(i >= 3 ? await captcha(server) : {}),
      });
      statuses.push(`${response.status} ${errorOf(response).reason}`);
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill('422 CREDENTIALS_INVALID'));
    expect(statuses[9]).toBe('429 ACCOUNT_LOCKED');
    const noCaptcha = await callAs(server, null, CALLS.signIn, { username, password: 'wrong000' });
    expect(noCaptcha.status).toBe(429);
  });
});
