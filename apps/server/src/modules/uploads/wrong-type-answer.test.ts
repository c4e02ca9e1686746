import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUES } from '@wallet/contract';
import { registerUser, type RegisteredUser } from '../../testing/accounts.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { errorOf } from '../../testing/typed-call.js';
import { uploadImage } from '../../testing/uploads.js';

/* A file picker has no field to show an error under: the answer's mess itself says which types are accepted, in the caller's language. */

let server: TestServer;
let user: RegisteredUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await registerUser(server);
});
afterAll(async () => server.close());

describe('a file that is not an accepted image', () => {
  it.each([
    ['a text file', { bytes: Buffer.from('hello'), contentType: 'text/plain', filename: 'notes.txt' }, 'en' as const],
    ['a .gif that is no GIF', { bytes: Buffer.from('not really a gif'), contentType: 'image/gif', filename: 'fake.gif' }, 'ar' as const],
  ])('is refused for %s with the accepted types as the message', async (_name, file, lang) => {
    const response = await uploadImage(server, { token: user.token, file, lang });
    expect(response.status).toBe(400);
    expect(errorOf(response).reason).toBe('VALIDATION');
    expect(response.body.mess).toBe((await MESSAGE_CATALOGUES[lang]()).field.IMAGE_TYPE);
    expect(response.body.mess).toContain('PNG');
  });
});
