import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS, settingSchemas, type CallBody, type SettingKey, type saveSettings } from '@wallet/contract';
import { startWithOperator } from '../../testing/accounts.js';
import { TEST_CHANNEL } from '../../testing/money.js';
import { auditTotal, latestAudit } from '../../testing/money-load.js';
import { enableTotp } from '../../testing/operators.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOperator(startTestServer));
  // The operator has TOTP on, so requiring it of everyone (a changed setting below) leaves this session working.
  await enableTotp(server, token, Date.now());
});
afterAll(async () => server.close());

const KEYS = Object.keys(settingSchemas).sort();

/** A value other than the first start's for every setting, as the console sends it and reads it back; a new setting does not compile without one. */
const CHANGED = {
  displayName: 'Changed Wallet',
  defaultLang: 'de',
  kefu: [{ name: 'Help desk', kind: 'email', value: 'help@example.com', hours: '9:00–17:00' }],
  release: { version: '1.2.3', versionCode: 10203, notes: 'Faster', androidUrl: '', iosUrl: '', updateUrl: '', force: false, minVersionCode: 100 },
  rechargeChannels: [TEST_CHANNEL],
  withdrawal: { minAmount: '20.00', maxAmount: '900.00', feeRate: '0.02' },
  rechargeExpiryHours: 48,
  adjustApprovalThreshold: '250.00',
  requireTotp: true,
  currency: { code: 'EUR', symbol: '€' },
} satisfies Record<SettingKey, unknown> & CallBody<typeof saveSettings>;

async function settingsNow() {
  const response = await operatorCallAs(server, token, OPERATOR_CALLS.settings, {});
  expect(response.status).toBe(200);
  return response.body.data;
}

const save = (body: CallBody<typeof saveSettings>) => operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, body);

/** Makes the database refuse any change of the withdrawal setting, as a failing write would. */
async function refuseWithdrawalChanges(): Promise<() => Promise<void>> {
  const { db } = server.database;
  if (server.database.dialect === 'sqlite') {
    await sql`create trigger refuse_withdrawal before update on settings when new.key = 'withdrawal' begin select raise(abort, 'refused'); end`.execute(db);
    return async () => void (await sql`drop trigger refuse_withdrawal`.execute(db));
  }
  await sql`create function refuse_setting() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(db);
  await sql`create trigger refuse_withdrawal before update on settings for each row when (new.key = 'withdrawal') execute function refuse_setting()`.execute(db);
  return async () => {
    await sql`drop trigger refuse_withdrawal on settings`.execute(db);
    await sql`drop function refuse_setting()`.execute(db);
  };
}

describe('settings/save and /admin/api/settings', () => {
  it('read and save every key of the settings schemas, each audited', async () => {
    const current = await settingsNow();
    expect(Object.keys(current).sort()).toEqual(KEYS);
    const audits = await auditTotal(server, token);
    const same = await save(current);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data).toEqual(current);
    expect(await auditTotal(server, token)).toBe(audits + KEYS.length);
    expect((await latestAudit(server, token, KEYS.length)).map((entry) => entry.target).sort()).toEqual(KEYS);
  });

  it('keep a new value of every key, as the console sent it', async () => {
    const saved = await save(CHANGED);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual(CHANGED);
    expect(await settingsNow()).toEqual(CHANGED);
  });

  it('change nothing, not even the keys that were written, when one key fails', async () => {
    const before = await settingsNow();
    const audits = await auditTotal(server, token);
    const restore = await refuseWithdrawalChanges();
    try {
      const failed = await save({ displayName: 'Half saved', withdrawal: { minAmount: '30.00', maxAmount: '800.00', feeRate: '0.03' } });
      expectRefusal(failed, 500, 'INTERNAL');
    } finally {
      await restore();
    }
    expect(await settingsNow()).toEqual(before);
    expect(await auditTotal(server, token)).toBe(audits);
  });
});
