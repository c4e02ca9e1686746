import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES } from '@wallet/contract';
import { AppError } from '../../errors.js';
import { captcha, latestOutboxCode, registerUser, registerWithContact, startClockedServer, uniqueUsername, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { TEST_ROOT_INVITE_CODE } from '../../testing/test-server.js';
import { callAs, expectRefusal, randomIp } from '../../testing/typed-call.js';
import { createUploadLinks } from '../uploads/signed-links.js';
import { createContactBinding, type ContactBindingDependencies } from './contact-binding.js';

/*
 * One e-mail or mobile belongs to at most one account (PRODUCT §12): the
 * database's unique key decides, also between calls at the same moment, on
 * SQLite and PostgreSQL alike (TEST_DATABASE_URL).
 */

const MINUTE_MS = 60_000;

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer();
});
afterAll(async () => server.close());

/** A registration code for `contact`, read from the outbox. */
async function registerCode(contact: string) {
  const sent = await callAs(server, null, CALLS.sendRegisterCode, { target: contact, ...(await captcha(server)) });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return latestOutboxCode(server, contact);
}

/** Registration with `contact`; the answer as the client sees it. */
async function registerWith(contact: string, contactCode?: string) {
  contactCode ??= await registerCode(contact);
  const ip = randomIp();
  const body = { username: uniqueUsername(), password: 'secret123', payPassword: '123456', inviteCode: TEST_ROOT_INVITE_CODE, lang: 'en', contact, contactCode };
  return callAs(server, null, CALLS.register, { ...body, ...(await captcha(server, ip)) }, { ip });
}

async function bindCode(user: RegisteredUser, target: string) {
  const sent = await callAs(server, user, CALLS.sendContactCode, { target, ...(await captcha(server)) });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return latestOutboxCode(server, target);
}

const idOf = async (user: RegisteredUser) =>
  (await server.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow()).id;

const holdersOf = (key: string) => server.database.db.selectFrom('users').select('id').where('contact_key', '=', key).execute();

describe('one contact, one account', () => {
  it('N users binding the same new e-mail at once: exactly one gets it, the others CONTACT_TAKEN', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
    // Each holds a valid code here: the race past the codes is what the database must decide.
    const binding = createContactBinding({
      db: server.database.db,
      codes: { consume: async () => undefined },
      limiter: { enforce: async () => undefined },
      links: createUploadLinks('test'),
    } as unknown as ContactBindingDependencies);
    const now = server.clock.now();
    const ids = await Promise.all(users.map((user) => idOf(user)));
    const results = await Promise.allSettled(
      users.map((user, index) => binding.bind(ids[index]!, { target: index % 2 ? 'Race@Example.com' : 'race@example.com', code: '000000', password: user.password }, now)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const { reason } of refused) expect(reason).toEqual(new AppError('CONTACT_TAKEN'));
    expect(await holdersOf('race@example.com')).toHaveLength(1);
  });

  it('refuses a registration with a contact another account holds, in any case of letters', async () => {
    await registerWithContact(server, 'held@example.com');
    server.clock.advance(MINUTE_MS);
    const refused = await registerWith('HELD@example.com');
    expectRefusal(refused, 409, 'CONTACT_TAKEN');
    expect(refused.body.mess).toBe(ENGLISH_MESSAGES.reason.CONTACT_TAKEN);
    expect(await holdersOf('held@example.com')).toHaveLength(1);
  });

  it('a registration and a bind of the same contact at once: one gets it, the other CONTACT_TAKEN', async () => {
    const user = await registerUser(server);
    const code = await bindCode(user, 'both@example.com');
    // The outbox is read newest first: the two codes must not share the fixed clock's moment.
    server.clock.advance(MINUTE_MS);
    const contactCode = await registerCode('both@example.com');
    const [registered, bound] = await Promise.all([
      registerWith('both@example.com', contactCode),
      callAs(server, user, CALLS.bindContact, { target: 'both@example.com', code, password: user.password }),
    ]);
    expect([registered.status, bound.status].sort()).toEqual([200, 409]);
    for (const response of [registered, bound]) if (response.status === 409) expectRefusal(response, 409, 'CONTACT_TAKEN');
    expect(await holdersOf('both@example.com')).toHaveLength(1);
  });
});
