import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, settingSchemas } from '@wallet/contract';
import { runFirstStart, type FirstStartReport } from './first-start.js';
import { verifyPassword } from './security/passwords.js';
import { INVITE_ALPHABET } from './modules/invites/codes.js';
import { defaultSettings } from './modules/settings/defaults.js';
import { createSettingsService, type SettingsService } from './modules/settings/service.js';
import { registerUser, startWithOperator } from './testing/accounts.js';
import { FIRST_START_CHANNEL, TEST_CHANNEL, openTestChannel, requestRecharge } from './testing/money.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';
import { startTestServer, type TestServer } from './testing/test-server.js';
import { callAs, errorOf, expectRefusal, operatorCallAs } from './testing/typed-call.js';

const NOW = 1_750_000_000_000;
const SETTING_KEYS = Object.keys(settingSchemas);

interface Installation {
  database: TestDatabase;
  settings: SettingsService;
  start(config: { operatorPassword?: string; rootInviteCode?: string }): Promise<FirstStartReport>;
  operators(): Promise<{ username: string; password_hash: string }[]>;
  inviteCodes(): Promise<{ code: string; owner_kind: string; owner_id: string; disabled: number }[]>;
  operatorIds(): Promise<string[]>;
}

/** An empty, migrated database and what a start of the server would do with it. */
async function emptyInstallation(): Promise<Installation> {
  const database = await createTestDatabase();
  const settings = createSettingsService(database.db, defaultSettings('en'), () => NOW);
  return {
    database,
    settings,
    start: ({ operatorPassword, rootInviteCode }) =>
      runFirstStart(database.db, settings, { operatorUsername: 'admin', operatorPassword, rootInviteCode }, NOW),
    operators: () => database.db.selectFrom('operators').select(['username', 'password_hash']).execute(),
    inviteCodes: () => database.db.selectFrom('invite_codes').select(['code', 'owner_kind', 'owner_id', 'disabled']).execute(),
    operatorIds: async () => (await database.db.selectFrom('operators').select('id').execute()).map((r) => r.id),
  };
}

function expectArgon2id(storedHash: string): void {
  expect(storedHash.startsWith('$argon2id$')).toBe(true);
  expect(storedHash).toContain('m=19456,t=2,p=1');
}

describe('first start without a password or root code', () => {
  let site: Installation;
  let first: FirstStartReport;
  beforeAll(async () => {
    site = await emptyInstallation();
    first = await site.start({});
  });
  afterAll(() => site.database.destroy());

  it('creates the operator with a generated password that signs in', async () => {
    expect(first.operator).toMatchObject({ username: 'admin', created: true });
    const password = first.operator.generatedPassword;
    expect(typeof password === 'string' && password.length >= 12).toBe(true);

    const operators = await site.operators();
    expect(operators).toHaveLength(1);
    const [operator] = operators;
    expect(operator?.username).toBe('admin');
    expectArgon2id(operator!.password_hash);
    expect(operator!.password_hash).not.toContain(password!);
    expect(await verifyPassword(operator!.password_hash, password!)).toBe(true);
    expect(await verifyPassword(operator!.password_hash, `${password!}x`)).toBe(false);
  });

  it('creates a random root invitation code of 8 easy-to-read characters, owned by the operator', async () => {
    const code = first.rootInviteCode;
    expect(code).toHaveLength(8);
    for (const character of code ?? '') expect(INVITE_ALPHABET).toContain(character);
    expect(await site.inviteCodes()).toEqual([{ code, owner_kind: 'operator', owner_id: (await site.operatorIds())[0], disabled: 0 }]);
  });

  it('writes every setting, readable afterwards', async () => {
    expect([...first.settingsWritten].sort()).toEqual([...SETTING_KEYS].sort());
    expect(await site.settings.get('defaultLang')).toBe('en');
    expect(await site.settings.get('release')).toMatchObject({ version: '1.0.0', versionCode: 100 });
  });

  it('has one recharge channel, closed and with no payment details until an operator enters them', async () => {
    const channels = await site.settings.get('rechargeChannels');
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({ id: 'bank-transfer', kind: 'bank', details: [], enabled: false, randomDecimal: true });
  });

  it('creates the two dice projects of PRODUCT §11: one period a minute and one every three minutes', async () => {
    expect(first.projectsCreated).toEqual(['fast3-1m', 'fast3-3m']);
  });

  it('creates the welcome notice and its banner of PRODUCT §11, the about page and the registration agreement', async () => {
    expect(first.contentCreated).toEqual(['welcome', 'welcome-banner', 'about', 'agreement']);
    const items = await site.database.db.selectFrom('content_items').select(['id', 'kind', 'pinned', 'ticker', 'link', 'publish_at']).orderBy('id').execute();
    expect(items.map((item) => ({ ...item, publish_at: Number(item.publish_at) }))).toEqual([
      { id: 'about', kind: 'about', pinned: 0, ticker: 0, link: null, publish_at: NOW },
      { id: 'agreement', kind: 'agreement', pinned: 0, ticker: 0, link: null, publish_at: NOW },
      { id: 'welcome', kind: 'notice', pinned: 1, ticker: 1, link: null, publish_at: NOW },
      { id: 'welcome-banner', kind: 'banner', pinned: 0, ticker: 0, link: 'notice:welcome', publish_at: NOW },
    ]);
  });

  it('creates nothing new on a second start, and shows no password or code', async () => {
    const hashBefore = (await site.operators())[0]?.password_hash;
    const second = await site.start({});
    expect(second).toEqual({
      settingsWritten: [],
      operator: { id: expect.any(String), username: 'admin', created: false, generatedPassword: null },
      rootInviteCode: null,
      projectsCreated: [],
      contentCreated: [],
    });
    expect(await site.operators()).toEqual([{ username: 'admin', password_hash: hashBefore }]);
    expect(await site.inviteCodes()).toHaveLength(1);
  });

  it('keeps settings the operator changed when it starts again', async () => {
    await site.settings.save('displayName', 'My Wallet');
    expect((await site.start({})).settingsWritten).toEqual([]);
    expect(await site.settings.get('displayName')).toBe('My Wallet');
  });
});

describe('first start with OPERATOR_PASSWORD and ROOT_INVITE_CODE', () => {
  const PASSWORD = 'a-given-operator-password';
  const ROOT = 'ROOT2024';
  let site: Installation;
  let first: FirstStartReport;
  beforeAll(async () => {
    site = await emptyInstallation();
    first = await site.start({ operatorPassword: PASSWORD, rootInviteCode: ROOT });
  });
  afterAll(() => site.database.destroy());

  it('creates the operator with the given password and does not show it', async () => {
    expect(first.operator).toMatchObject({ username: 'admin', created: true, generatedPassword: null });
    const [operator] = await site.operators();
    expectArgon2id(operator!.password_hash);
    expect(operator!.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(operator!.password_hash, PASSWORD)).toBe(true);
    expect(await verifyPassword(operator!.password_hash, 'another-password-entirely')).toBe(false);
  });

  it('creates the given root invitation code', async () => {
    expect(first.rootInviteCode).toBe(ROOT);
    expect((await site.inviteCodes()).map((c) => c.code)).toEqual([ROOT]);
  });

  it('creates the two dice projects of PRODUCT §11: one period a minute and one every three minutes', async () => {
    expect(first.projectsCreated).toEqual(['fast3-1m', 'fast3-3m']);
  });

  it('creates nothing new on a second start, even with other values', async () => {
    const second = await site.start({ operatorPassword: 'yet-another-password', rootInviteCode: 'OTHER999' });
    expect(second.operator.created).toBe(false);
    expect(second.operator.generatedPassword).toBeNull();
    expect(second.rootInviteCode).toBeNull();
    expect(second.settingsWritten).toEqual([]);
    expect(second.contentCreated).toEqual([]);
    const [operator] = await site.operators();
    expect(await verifyPassword(operator!.password_hash, PASSWORD)).toBe(true);
    expect((await site.inviteCodes()).map((c) => c.code)).toEqual([ROOT]);
  });
});

describe('the first-start recharge channel, seen through the API', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await startWithOperator(startTestServer));
  });
  afterAll(() => server.close());

  it('is offered to nobody and takes no recharge until an operator enters its payment details and opens it', async () => {
    const user = await registerUser(server);
    const channels = () => callAs(server, user, CALLS.rechargeChannels, {});
    expect((await channels()).body.data).toEqual([]);
    const refused = await requestRecharge(server, user, '100');
    expectRefusal(refused, 400, 'VALIDATION');
    expect(errorOf(refused).fields).toEqual({ channelId: 'This payment channel is not available. Please choose another.' });
    const settings = await operatorCallAs(server, token, OPERATOR_CALLS.settings, {});
    expect(settings.body.data.rechargeChannels).toEqual([FIRST_START_CHANNEL]);

    await openTestChannel(server, token);
    const { enabled: _enabled, ...listed } = TEST_CHANNEL;
    expect((await channels()).body.data).toEqual([listed]);
    expect((await requestRecharge(server, user, '100')).status).toBe(200);
  });
});
