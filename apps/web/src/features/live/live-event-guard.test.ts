import { LIVE_EVENT_SCHEMAS, type LiveEventType } from '@wallet/contract/events';
import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES, readLiveEventData } from './live-event-guard';

const BALANCE = { balance: '10.00', freeze: '0.50', coin: 3 };
const VALID: Record<LiveEventType, Record<string, unknown>> = {
  period: { projectId: 'P1', periodNo: '20260101001', status: 'open', opensAt: 1, locksAt: 2, drawsAt: 3, dice: null },
  settled: {
    projectId: 'P1',
    periodNo: '20260101001',
    dice: [1, 2, 6],
    orders: [{ orderNo: 'O1', amount: '2.00', payout: '3.90', profit: '1.90' }],
    payout: '3.90',
    profit: '1.90',
    ...BALANCE,
  },
  balance: { cause: 'recharge_approved', reference: 'R1', ...BALANCE },
  notice: { id: 'N1', publishAt: 1700000000000 },
};

/** Each valid event spoilt one field at a time in the ways a server or a proxy could get it wrong. */
function spoilt(type: LiveEventType): unknown[] {
  const valid = VALID[type];
  const cases: unknown[] = [null, 'text', [], 42];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...without } = valid;
    cases.push(without);
    for (const wrong of [null, '1', 1.5, -1, '1.5', '-0.00x', [1, 2], [1, 2, 3.5], { a: 1 }, 'drawn', true, Infinity])
      cases.push({ ...valid, [key]: wrong });
  }
  if (type === 'settled') {
    cases.push({ ...valid, orders: [{ orderNo: 'O1', amount: '2', payout: '3.90', profit: '1.90' }] });
    cases.push({ ...valid, orders: [null] });
  }
  if (type === 'period') cases.push({ ...valid, dice: [1, 2, 3] }, { ...valid, status: 'void' }, { ...valid, status: 'closed' });
  return cases;
}

describe('live event data checked without the schema library', () => {
  it('knows every event the contract defines', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual(Object.keys(LIVE_EVENT_SCHEMAS).sort());
  });

  it.each(Object.keys(VALID) as LiveEventType[])('accepts and rejects %s data exactly as the contract does', (type) => {
    const schema = LIVE_EVENT_SCHEMAS[type];
    const withExtra = { ...VALID[type], extra: 'ignored' };
    expect(readLiveEventData(type, withExtra)).toEqual(schema.parse(withExtra));
    expect(readLiveEventData(type, VALID[type])).toEqual(VALID[type]);
    for (const data of spoilt(type)) {
      const parsed = schema.safeParse(data);
      expect(readLiveEventData(type, data), JSON.stringify(data)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('leaves out fields an order does not have', () => {
    const data = { ...VALID.settled, orders: [{ orderNo: 'O1', amount: '2.00', payout: '0.00', profit: '-2.00', x: 1 }] };
    expect(readLiveEventData('settled', data)?.orders).toEqual([{ orderNo: 'O1', amount: '2.00', payout: '0.00', profit: '-2.00' }]);
  });
});
