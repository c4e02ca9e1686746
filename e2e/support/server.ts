import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_180);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `wallet-e2e-${E2E_PORT}`);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ROOT_INVITE_CODE = 'E2EROOT1';
export const E2E_OPERATOR = { username: 'admin', password: 'e2e-operator-password' };
/** Every captcha of the test server accepts this answer. */
export const E2E_CAPTCHA_ANSWER = 'e2e';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

async function operatorPost(path: string, body: Record<string, unknown>, token?: string): Promise<Json> {
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; mess: string; data: Json };
  if (envelope.code !== 200) throw new Error(`${path} failed: ${envelope.code} ${envelope.mess}`);
  return envelope.data;
}

/**
 * Changes one of the server's settings through the operator API for the
 * duration of `run`, then puts it back. One operator sign-in for both: the
 * server takes 10 a minute from one address.
 */
export async function withSetting<T>(key: string, change: (value: Json) => Json, run: () => Promise<T>): Promise<T> {
  const { token } = (await operatorPost('/admin/api/login', E2E_OPERATOR)) as { token: string };
  const settings = (await operatorPost('/admin/api/settings', {}, token)) as Record<string, Json>;
  const before = settings[key];
  if (before === undefined) throw new Error(`no setting ${key}`);
  await operatorPost('/admin/api/settings/save', { [key]: change(before) }, token);
  try {
    return await run();
  } finally {
    await operatorPost('/admin/api/settings/save', { [key]: before }, token);
  }
}
