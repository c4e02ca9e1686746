import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES, type CallBody, type register as registerCall } from '@wallet/contract';
import { captcha, latestOutboxCode, startClockedServer, uniqueUsername, type ClockedServer } from '../../testing/accounts.js';
import { TEST_ROOT_INVITE_CODE } from '../../testing/test-server.js';
import { callAs, errorOf } from '../../testing/typed-call.js';

/*
 * Registering with a contact asks for one picture code: the one solved to
 * send the contact's code registers that contact too, once, and nothing else.
 */

const WRONG = { captchaCode: ENGLISH_MESSAGES.field.CAPTCHA_WRONG };

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer();
});
afterAll(async () => server.close());

let contacts = 0;
const uniqueContact = () => `one-picture-${Date.now()}-${(contacts += 1)}@example.com`;

function register(fields: Partial<CallBody<typeof registerCall>> & Pick<CallBody<typeof registerCall>, 'captchaId' | 'captchaCode'>) {
  return callAs(server, null, CALLS.register, { username: uniqueUsername('one'), password: 'secret123', payPassword: '123456', inviteCode: TEST_ROOT_INVITE_CODE, lang: 'en', ...fields });
}

/** Sends a registration code to `contact` with a new picture code; answers that picture code and the code sent. */
async function sendCode(contact: string) {
  const picture = await captcha(server);
  expect((await callAs(server, null, CALLS.sendRegisterCode, { target: contact, ...picture })).status).toBe(200);
  return { picture, contactCode: await latestOutboxCode(server, contact) };
}

function expectPictureCodeRefused(response: Awaited<ReturnType<typeof register>>) {
  expect(response.status).toBe(400);
  expect(errorOf(response).fields).toEqual(WRONG);
}

describe('one picture code for a registration with a contact', () => {
  it('registers with the picture code that sent the contact its code', async () => {
    const contact = uniqueContact();
    const { picture, contactCode } = await sendCode(contact);
    const response = await register({ ...picture, contact, contactCode });
    expect(response.status).toBe(200);
    expect(response.body.data.user.contact).not.toBeNull();
  });

  it('accepts it once: a second registration with it is refused', async () => {
    const contact = uniqueContact();
    const { picture, contactCode } = await sendCode(contact);
    expect((await register({ ...picture, contact, contactCode })).status).toBe(200);
    const again = await sendCode(uniqueContact());
    expectPictureCodeRefused(await register({ ...picture, contact, contactCode: again.contactCode }));
  });

  it('serves only a registration with that contact, not one without a contact or with another', async () => {
    const { picture } = await sendCode(uniqueContact());
    expectPictureCodeRefused(await register(picture));

    const { picture: second } = await sendCode(uniqueContact());
    const other = await sendCode(uniqueContact());
    expectPictureCodeRefused(await register({ ...second, contact: uniqueContact(), contactCode: other.contactCode }));
  });

  it('does not send a second code', async () => {
    const { picture } = await sendCode(uniqueContact());
    const resend = await callAs(server, null, CALLS.sendRegisterCode, { target: uniqueContact(), ...picture });
    expect(resend.status).toBe(400);
    expect(errorOf(resend).fields).toEqual(WRONG);
  });
});
