import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../testing/accounts.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const PHC = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface Phc {
  version: number;
  memory: number;
  passes: number;
  lanes: number;
  salt: string;
  digest: string;
}

function readPhc(stored: string): Phc {
  const match = PHC.exec(stored);
  if (!match) throw new Error(`not an argon2id PHC string: ${stored.slice(0, 12)}…`);
  const [, version, memory, passes, lanes, salt, digest] = match;
  return { version: Number(version), memory: Number(memory), passes: Number(passes), lanes: Number(lanes), salt: salt!, digest: digest! };
}

async function storedRow(user: RegisteredUser) {
  return server.database.db.selectFrom('users').selectAll().where('username', '=', user.username).executeTakeFirstOrThrow();
}

describe('stored passwords', () => {
  it('are argon2id PHC strings with the OWASP / ASVS parameters (19 MiB, 2 passes, 1 lane)', async () => {
    const user = await registerUser(server, { password: 'Secret2024', payPassword: '482913' });
    const row = await storedRow(user);

    for (const stored of [row.password_hash, row.pay_password_hash]) {
      const phc = readPhc(stored);
      expect(phc).toMatchObject({ version: 19, memory: 19_456, passes: 2, lanes: 1 });
      expect(Buffer.from(phc.salt, 'base64').length).toBeGreaterThanOrEqual(16);
      expect(Buffer.from(phc.digest, 'base64').length).toBeGreaterThanOrEqual(32);
    }
    expect(await verify(row.password_hash, 'Secret2024')).toBe(true);
    expect(await verify(row.pay_password_hash, '482913')).toBe(true);
    expect(await verify(row.password_hash, 'Secret2025')).toBe(false);
  });

  it('have a salt of their own: the same password gives different hashes for two users and for the two passwords', async () => {
    const first = await storedRow(await registerUser(server, { password: 'sharedPass1', payPassword: '135790' }));
    const second = await storedRow(await registerUser(server, { password: 'sharedPass1', payPassword: '135790' }));

    expect(first.password_hash).not.toBe(second.password_hash);
    expect(first.pay_password_hash).not.toBe(second.pay_password_hash);
    const salts = [first.password_hash, second.password_hash, first.pay_password_hash, second.pay_password_hash].map((h) => readPhc(h).salt);
    expect(new Set(salts).size).toBe(4);
  });

  it('are never kept in plain text anywhere in the row', async () => {
    const user = await registerUser(server, { password: 'PlainTextCanary7', payPassword: '864209' });
    const row = await storedRow(user);
    const everyValue = Object.values(row).map((value) => String(value));

    for (const secret of [user.password, user.payPassword, user.password.toLowerCase()]) {
      for (const value of everyValue) expect(value).not.toContain(secret);
      for (const value of everyValue) expect(value).not.toContain(Buffer.from(secret).toString('base64').replace(/=+$/, ''));
    }
  });
});
