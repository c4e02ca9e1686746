import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RecordStatus } from '@wallet/contract';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';

/*
 * A database that ran before the money guards: its users get their held
 * tenths counted, its placeholder channel is closed, and its recharges may
 * now expire; nothing else changes.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('0003_money');
});
afterAll(async () => database.destroy());

const PLACEHOLDER_CHANNEL = {
  id: 'bank-transfer',
  name: 'Bank transfer',
  kind: 'bank',
  details: [
    { label: 'Account name', value: 'Wallet Ltd' },
    { label: 'Bank', value: 'Set the bank in the console' },
    { label: 'Account number', value: '0000 0000 0000 0000' },
  ],
  minCents: 1000,
  maxCents: 5000000,
  randomDecimal: true,
  enabled: true,
};
const REAL_CHANNEL = { ...PLACEHOLDER_CHANNEL, id: 'usdt', name: 'USDT', kind: 'crypto', details: [{ label: 'Address', value: 'TXYZ123' }] };

function recharge(orderNo: string, status: RecordStatus, matchKey: string | null) {
  return {
    order_no: orderNo,
    user_id: 'u1',
    channel_id: 'bank-transfer',
    channel_name: 'Bank transfer',
    channel_kind: 'bank',
    channel_details: '[]',
    random_decimal: matchKey ? 1 : 0,
    amount: 1000,
    pay_amount: matchKey ? 1010 : 1000,
    match_key: matchKey,
    voucher: null,
    status,
    remark: '',
    created_at: 1,
    reviewed_at: null,
    reviewed_by: null,
  };
}

describe('migration 0004 on a database that was in use', () => {
  it('counts held tenths, closes the placeholder channel, keeps every recharge and allows expired', async () => {
    const db = database.db;
    await sql`insert into users (id, username, username_key, password_hash, pay_password_hash, invite_code, invited_by_code, lang, created_at, updated_at)
      values ('u1', 'holder', 'holder', 'x', 'x', 'INV1', 'ROOT', 'en', 1, 1)`.execute(db);
    await sql`insert into settings (key, value, updated_at) values ('rechargeChannels', ${JSON.stringify([PLACEHOLDER_CHANNEL, REAL_CHANNEL])}, 1)`.execute(db);
    await db
      .insertInto('recharges')
      .values([recharge('R1', 'review', 'bank-transfer:1010'), recharge('R2', 'review', null), recharge('R3', 'completed', null)])
      .execute();

    await migrateToLatest(database);

    const user = await db.selectFrom('users').select(['pending_random_recharges', 'pay_checking']).where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(user).toEqual({ pending_random_recharges: 1, pay_checking: 0 });
    const channels = JSON.parse((await db.selectFrom('settings').select('value').where('key', '=', 'rechargeChannels').executeTakeFirstOrThrow()).value);
    expect(channels).toEqual([{ ...PLACEHOLDER_CHANNEL, enabled: false, details: [] }, REAL_CHANNEL]);

    const rows = await db.selectFrom('recharges').select(['order_no', 'status', 'match_key']).orderBy('order_no').execute();
    expect(rows).toEqual([
      { order_no: 'R1', status: 'review', match_key: 'bank-transfer:1010' },
      { order_no: 'R2', status: 'review', match_key: null },
      { order_no: 'R3', status: 'completed', match_key: null },
    ]);
    await db.updateTable('recharges').set({ status: 'expired' }).where('order_no', '=', 'R2').execute();
    await expect(sql`update recharges set status = 'lost' where order_no = 'R3'`.execute(db)).rejects.toThrow();
    // The unique tenth is still enforced on the copied table.
    await expect(db.insertInto('recharges').values(recharge('R4', 'review', 'bank-transfer:1010')).execute()).rejects.toThrow();
  });
});
