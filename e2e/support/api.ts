import { randomBytes } from 'node:crypto';
import { DEFAULT_APP_ID, DEV_SIGNING_KEY, computeSign, randomRanstr, type Envelope } from '@wallet/contract/core';
import type { OperatorClient } from './fixtures';
import { E2E_BASE_URL, E2E_CAPTCHA_ANSWER, E2E_ROOT_INVITE_CODE } from './server';

const APP_ID = DEFAULT_APP_ID;
const KEY_ID = 'k1';
const DEV_KEY = DEV_SIGNING_KEY;

/** A client address of its own: the tests' many accounts must not count against one address's sign-up limit. */
const anotherAddress = () => `10.${randomBytes(3).join('.')}`;

/** A signed app call straight to the test server (or one a spec started for itself), as another client would make it (from an address of its own). */
export async function appCall<T>(path: string, fields: Record<string, unknown>, token = 'none', baseUrl = E2E_BASE_URL): Promise<Envelope<T>> {
  const times = Date.now();
  const ranstr = randomRanstr((bytes) => randomBytes(bytes.length));
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': anotherAddress() },
    body: JSON.stringify({ token, appid: APP_ID, secret: KEY_ID, times, ranstr, sign: computeSign(APP_ID, times, ranstr, DEV_KEY), ...fields }),
  });
  return (await response.json()) as Envelope<T>;
}

/** The 6-digit code last sent to a target, read through the operator's outbox. */
export async function codeSentTo(operator: OperatorClient, target: string): Promise<string> {
  const outbox = await operator.call('/admin/api/outbox', { page: 1, pageSize: 50 });
  const message = outbox.items.find((item) => item.target === target);
  const code = message?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${target}`);
  return code;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`.slice(0, 20);
}

export interface Account {
  username: string;
  password: string;
  payPassword: string;
  token: string;
}

/** Registers an account through the API, for tests that start signed in. */
export async function registerAccount(prefix = 'e2e', baseUrl = E2E_BASE_URL): Promise<Account> {
  const captcha = await appCall<{ captchaId: string }>('/api/images/generate', {}, 'none', baseUrl);
  const account = { username: uniqueName(prefix), password: 'secret123', payPassword: '123456' };
  const fields = { ...account, inviteCode: E2E_ROOT_INVITE_CODE, captchaId: captcha.data.captchaId, captchaCode: E2E_CAPTCHA_ANSWER, lang: 'en-US' };
  const registered = await appCall<{ token: string }>('/api/login/register', fields, 'none', baseUrl);
  if (registered.code !== 200) throw new Error(`register failed: ${registered.mess}`);
  return { ...account, token: registered.data.token };
}
