import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signedBody, startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('public information calls', () => {
  it('getlang answers the default language from settings', async () => {
    const response = await post<{ lang: string }>(server, '/api/login/getlang', signedBody());
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.data.lang).toBe('en');

    await server.settings.save('defaultLang', 'ar');
    const after = await post<{ lang: string }>(server, '/api/login/getlang', signedBody());
    expect(after.body.data.lang).toBe('ar');
  });
});
