import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_180);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `wallet-e2e-${E2E_PORT}`);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ROOT_INVITE_CODE = 'E2EROOT1';
export const E2E_OPERATOR = { username: 'admin', password: 'e2e-operator-password' };
/** Every captcha of the test server accepts this answer. */
export const E2E_CAPTCHA_ANSWER = 'e2e';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Changes one of the server's settings for the duration of `run`, then puts
 * it back. The console's settings call arrives later; until then the test
 * writes the settings row the server reads on every call.
 */
export async function withSetting<T>(key: string, change: (value: Json) => Json, run: () => Promise<T>): Promise<T> {
  const db = new Database(path.join(E2E_DATA_DIR, 'wallet.sqlite'));
  try {
    const row = db.prepare('select value from settings where key = ?').get(key) as { value: string } | undefined;
    if (!row) throw new Error(`no setting ${key}`);
    const update = db.prepare('update settings set value = ? where key = ?');
    update.run(JSON.stringify(change(JSON.parse(row.value) as Json)), key);
    try {
      return await run();
    } finally {
      update.run(row.value, key);
    }
  } finally {
    db.close();
  }
}
