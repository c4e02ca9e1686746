import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type CallBody, type SettingValue, type versionUp } from '@wallet/contract';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { callAs } from '../../testing/typed-call.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Release = SettingValue<'release'>;

/** The release the app itself is (PRODUCT §3: 1.0.0, code 100), as a fresh installation has it. */
const CURRENT: Release = {
  version: '1.0.0',
  versionCode: 100,
  notes: '',
  androidUrl: '',
  iosUrl: '',
  updateUrl: '',
  force: false,
  minVersionCode: 0,
};

const NEWER: Release = {
  version: '1.0.1',
  versionCode: 101,
  notes: 'Faster withdrawals',
  androidUrl: 'https://example.com/wallet.apk',
  iosUrl: 'https://example.com/ios',
  updateUrl: 'https://example.com/update',
  force: false,
  minVersionCode: 0,
};

async function checkVersion(client: CallBody<typeof versionUp>) {
  const response = await callAs(server, null, CALLS.versionUp, client);
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('public information calls', () => {
  it('getlang answers the default language from settings', async () => {
    const response = await callAs(server, null, CALLS.getLang, {});
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.data.lang).toBe('en');

    await server.settings.save('defaultLang', 'ar');
    const after = await callAs(server, null, CALLS.getLang, {});
    expect(after.body.data.lang).toBe('ar');
  });
});

describe('versionUp', () => {
  it('offers no update to the current app on a fresh installation', async () => {
    const answer = await checkVersion({ version: '1.0.0', versionCode: 100 });
    expect(answer.updateAvailable).toBe(false);
    expect(answer.force).toBe(false);
    expect(answer.latest).toMatchObject({ version: '1.0.0', versionCode: 100 });
  });

  it('offers a newer release, not forced', async () => {
    await server.settings.save('release', NEWER);
    expect(await checkVersion({ version: '1.0.0', versionCode: 100 })).toEqual({
      updateAvailable: true,
      force: false,
      latest: { version: '1.0.1', versionCode: 101, notes: 'Faster withdrawals', url: 'https://example.com/update' },
    });
  });

  it('forces the update when the operator says so', async () => {
    await server.settings.save('release', { ...NEWER, force: true });
    expect(await checkVersion({ version: '1.0.0', versionCode: 100 })).toMatchObject({ updateAvailable: true, force: true });
  });

  it('forces the update of a client below the minimum version even when force is off', async () => {
    await server.settings.save('release', { ...NEWER, force: false, minVersionCode: 101 });
    expect(await checkVersion({ version: '1.0.0', versionCode: 100 })).toMatchObject({ updateAvailable: true, force: true });
  });

  it('offers nothing to a client already on the latest release, even when forced', async () => {
    await server.settings.save('release', { ...NEWER, force: true, minVersionCode: 101 });
    expect(await checkVersion({ version: '1.0.1', versionCode: 101 })).toMatchObject({ updateAvailable: false, force: false });
  });

  it('goes back to no update when the release is the app itself again', async () => {
    await server.settings.save('release', CURRENT);
    expect(await checkVersion({ version: '1.0.0', versionCode: 100 })).toMatchObject({ updateAvailable: false, force: false });
  });
});

describe('getkefu', () => {
  it('has no contacts on a fresh installation', async () => {
    const response = await callAs(server, null, CALLS.getKefu, {});
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ contacts: [] });
  });

  it('returns the contacts saved in settings', async () => {
    const contacts = [
      { name: 'Support', kind: 'telegram', value: '@wallet_help', hours: '09:00–21:00' },
      { name: 'Mail', kind: 'email', value: 'help@example.com', hours: '' },
    ] as const;
    await server.settings.save('kefu', contacts.map((c) => ({ ...c })));
    const response = await callAs(server, null, CALLS.getKefu, {});
    expect(response.body.data).toEqual({ contacts });
  });
});

describe('getdownload', () => {
  it('reflects the release setting, without the operator-only fields', async () => {
    await server.settings.save('release', { ...NEWER, version: '2.3.4', versionCode: 234, force: true, minVersionCode: 200 });
    const response = await callAs(server, null, CALLS.getDownload, {});
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      version: '2.3.4',
      versionCode: 234,
      androidUrl: 'https://example.com/wallet.apk',
      iosUrl: 'https://example.com/ios',
      notes: 'Faster withdrawals',
    });
  });
});
