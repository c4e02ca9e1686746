import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, localIsoTime } from '@wallet/contract';
import { operatorToken, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { fund, startWithOpenChannel } from '../../testing/money.js';
import { statementItemsOf } from '../../testing/money-load.js';
import { signedBody } from '../../testing/test-server.js';
import { callAs, expectRefusal, errorOf } from '../../testing/typed-call.js';

/* PRODUCT §12: a user downloads their own statement as CSV, signed like every call. */

let server: ClockedServer;
let admin: string;
beforeAll(async () => {
  ({ server, token: admin } = await startWithOpenChannel(() => startClockedServer({ TIME_ZONE: 'Asia/Shanghai' })));
});
afterAll(() => server.close());

const DAY = 86_400_000;
const dateOf = (at: number) => localIsoTime(at, 'Asia/Shanghai').slice(0, 10);

async function download(user: RegisteredUser | null, from: string, to: string) {
  const body = signedBody({ from, to }, { token: user?.token ?? 'none', times: server.clock.now() });
  const response = await fetch(`${server.baseUrl}${CALLS.exportStatement.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf,
    // TextDecoder drops the byte-order mark, as spreadsheets do once they have read it.
    text: new TextDecoder().decode(bytes),
  };
}

const rowsOf = (csv: string) => csv.trimEnd().split('\r\n');

describe('the statement export', () => {
  it("holds the user's own entries of the days asked for, oldest first, as the statement shows them", async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    const yesterday = await fund(server, admin, alice, '50.00');
    server.clock.advance(DAY);
    admin = await operatorToken(server);
    const today = await fund(server, admin, alice, '20.00');
    await fund(server, admin, bob, '99.00');

    const file = await download(alice, dateOf(server.clock.now()), dateOf(server.clock.now()));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(file.bom).toBe(true);
    const [header, ...lines] = rowsOf(file.text);
    expect(header).toBe('time,kind,account,amount,balance_after,reference');
    expect(lines.map((line) => line.split(',').slice(1))).toEqual([['recharge_approved', 'available', today.payAmount, expect.any(String), today.orderNo]]);
    const entry = (await statementItemsOf(server, alice)).find((item) => item.reference === today.orderNo)!;
    expect(lines[0]!.split(',')[0]).toBe(localIsoTime(entry.createdAt, 'Asia/Shanghai'));
    expect(lines[0]!.split(',')[4]).toBe(entry.balanceAfter);

    const both = rowsOf((await download(alice, dateOf(server.clock.now() - DAY), dateOf(server.clock.now()))).text).slice(1);
    expect(both.map((line) => line.split(',')[5])).toEqual([yesterday.orderNo, today.orderNo]);
  });

  it('refuses a range longer than 366 days or reversed, a bad date, and a caller not signed in, each as an envelope', async () => {
    const user = await registerUser(server);
    const tooLong = await download(user, '2025-01-01', '2026-01-02');
    expect(tooLong.status).toBe(400);
    expect(JSON.parse(tooLong.text).data.fields).toEqual({ to: 'Choose at most 366 days.' });
    expect((await download(user, '2025-01-01', '2026-01-01')).status).toBe(200);
    const reversed = await callAs(server, user, CALLS.exportStatement, { from: '2026-02-02', to: '2026-02-01' });
    expectRefusal(reversed, 400, 'VALIDATION');
    expect(Object.keys(errorOf(reversed).fields!)).toEqual(['to']);
    expectRefusal(await callAs(server, user, CALLS.exportStatement, { from: '2026-02-30', to: '2026-03-01' }), 400, 'VALIDATION');
    expect((await download(null, '2026-01-01', '2026-01-02')).status).toBe(401);
  });
});
