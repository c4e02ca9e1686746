import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES } from '@wallet/contract';
import { captcha, registerUser, startClockedServer, uniqueUsername, type ClockedServer } from '../../testing/accounts.js';
import { callAs, errorOf, randomIp } from '../../testing/typed-call.js';

const LOCK_MS = 15 * 60_000;

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer();
});
afterAll(async () => server.close());

interface Attempt {
  password: string;
  withCaptcha?: boolean;
  ip?: string;
}

async function signIn(username: string, { password, withCaptcha = false, ip }: Attempt) {
  const fields = { username, password, ...(withCaptcha ? await captcha(server) : {}) };
  return callAs(server, null, CALLS.signIn, fields, ip ? { ip } : {});
}

function outcome(response: Awaited<ReturnType<typeof signIn>>): string {
  if (response.status === 200) return '200';
  const { reason, captchaRequired } = errorOf(response);
  return captchaRequired === undefined ? `${response.status} ${reason}` : `${response.status} ${reason} captcha=${String(captchaRequired)}`;
}

async function fail(username: string, times: number, withCaptcha = false): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < times; i += 1) outcomes.push(outcome(await signIn(username, { password: 'wrong000', withCaptcha })));
  return outcomes;
}

describe('sign-in throttling', () => {
  it('asks for a captcha from the third failure on', async () => {
    const user = await registerUser(server);
    const first = await signIn(user.username, { password: 'wrong000' });
    expect(first.body).toEqual({
      code: 422,
      mess: ENGLISH_MESSAGES.reason.CREDENTIALS_INVALID,
      data: { reason: 'CREDENTIALS_INVALID', captchaRequired: false },
    });
    expect(await fail(user.username, 2)).toEqual(['422 CREDENTIALS_INVALID captcha=false', '422 CREDENTIALS_INVALID captcha=true']);

    const noCaptcha = await signIn(user.username, { password: user.password });
    expect(noCaptcha.status).toBe(422);
    expect(noCaptcha.body).toEqual({
      code: 422,
      mess: ENGLISH_MESSAGES.reason.CAPTCHA_REQUIRED,
      data: { reason: 'CAPTCHA_REQUIRED', captchaRequired: true },
    });

    const wrongCaptcha = await callAs(server, null, CALLS.signIn, {
      username: user.username,
      password: user.password,
      ...(await captcha(server)),
      captchaCode: 'nope',
    });
    expect(wrongCaptcha.status).toBe(400);
    expect(errorOf(wrongCaptcha).fields).toEqual({ captchaCode: ENGLISH_MESSAGES.field.CAPTCHA_WRONG });

    expect(outcome(await signIn(user.username, { password: user.password, withCaptcha: true }))).toBe('200');
  });

  it('locks a name for 15 minutes after 10 failures, even against the right password', async () => {
    const user = await registerUser(server);
    const outcomes = [...(await fail(user.username, 3)), ...(await fail(user.username, 7, true))];
    expect(outcomes.slice(3, 9)).toEqual(Array(6).fill('422 CREDENTIALS_INVALID captcha=true'));
    expect(outcomes[9]).toBe('429 ACCOUNT_LOCKED');

    const locked = await signIn(user.username, { password: user.password, withCaptcha: true });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      code: 429,
      mess: ENGLISH_MESSAGES.reason.ACCOUNT_LOCKED,
      data: { reason: 'ACCOUNT_LOCKED', retryAfterSeconds: 900 },
    });
    expect(locked.headers.get('retry-after')).toBe('900');

    server.clock.advance(LOCK_MS - 1000);
    const lastSecond = await signIn(user.username, { password: user.password, withCaptcha: true });
    expect(lastSecond.body.data).toEqual({ reason: 'ACCOUNT_LOCKED', retryAfterSeconds: 1 });

    server.clock.advance(1000);
    expect(outcome(await signIn(user.username, { password: user.password }))).toBe('422 CAPTCHA_REQUIRED captcha=true');
    expect(outcome(await signIn(user.username, { password: user.password, withCaptcha: true }))).toBe('200');
    expect(await fail(user.username, 1)).toEqual(['422 CREDENTIALS_INVALID captcha=false']);
  });

  it('throttles an unknown name exactly like an existing one', async () => {
    const user = await registerUser(server);
    const unknown = uniqueUsername('ghost');
    const answers = async (username: string) => {
      const seen = [];
      for (let i = 0; i < 11; i += 1) {
        const response = await signIn(username, { password: 'wrong000', withCaptcha: i >= 3 });
        seen.push({ status: response.status, body: response.body, retryAfter: response.headers.get('retry-after') });
      }
      return seen;
    };
    const [known, ghost] = [await answers(user.username), await answers(unknown)];
    expect(ghost).toEqual(known);
    expect(known[10]!.status).toBe(429);
  });

  it('gives parallel guesses no more tries than sequential ones', async () => {
    const user = await registerUser(server);
    const burst = async (withCaptcha: boolean) => {
      const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(user.username, { password: 'wrong000', withCaptcha })));
      return answers.map((answer) => errorOf(answer).reason).sort();
    };
    expect(await burst(false)).toEqual([...Array(9).fill('CAPTCHA_REQUIRED'), ...Array(3).fill('CREDENTIALS_INVALID')]);
    expect(await burst(true)).toEqual([...Array(6).fill('ACCOUNT_LOCKED'), ...Array(6).fill('CREDENTIALS_INVALID')]);
    expect(outcome(await signIn(user.username, { password: user.password, withCaptcha: true }))).toBe('429 ACCOUNT_LOCKED');
  });

  it('counts failures per name whatever its case', async () => {
    const user = await registerUser(server);
    await fail(user.username.toUpperCase(), 2);
    expect(await fail(user.username.toLowerCase(), 1)).toEqual(['422 CREDENTIALS_INVALID captcha=true']);
  });

  it('clears the failure count on success', async () => {
    const user = await registerUser(server);
    await fail(user.username, 2);
    expect(outcome(await signIn(user.username, { password: user.password }))).toBe('200');
    expect(await fail(user.username, 3)).toEqual([
      '422 CREDENTIALS_INVALID captcha=false',
      '422 CREDENTIALS_INVALID captcha=false',
      '422 CREDENTIALS_INVALID captcha=true',
    ]);
  });

  it('allows 10 sign-in tries a minute from one address', async () => {
    const users = await Promise.all([registerUser(server), registerUser(server)]);
    const ip = randomIp();
    for (let i = 0; i < 10; i += 1) {
      expect(outcome(await signIn(users[0].username, { password: users[0].password, ip }))).toBe('200');
    }
    const limited = await signIn(users[1].username, { password: users[1].password, ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 429,
      mess: ENGLISH_MESSAGES.reason.RATE_LIMITED,
      data: { reason: 'RATE_LIMITED', retryAfterSeconds: 60 },
    });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(outcome(await signIn(users[1].username, { password: users[1].password, ip: randomIp() }))).toBe('200');

    server.clock.advance(60_000);
    expect(outcome(await signIn(users[1].username, { password: users[1].password, ip }))).toBe('200');
  });
});
