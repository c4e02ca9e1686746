import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_180);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `wallet-e2e-${E2E_PORT}`);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ROOT_INVITE_CODE = 'E2EROOT1';
export const E2E_OPERATOR = { username: 'admin', password: 'e2e-operator-password' };
/** Every captcha of the test server accepts this answer. */
export const E2E_CAPTCHA_ANSWER = 'e2e';
