import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS, exportPath, type ExportKind } from '@wallet/contract';
import { registerUser, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { fund, startWithOpenChannel } from '../../testing/money.js';
import { userIdOf } from '../../testing/money-load.js';
import { operatorWithRole } from '../../testing/operators.js';
import { operatorCallAs } from '../../testing/typed-call.js';

/* PRODUCT §9: streamed CSV exports with the bearer token, checked like every console call. */

let server: ClockedServer;
let admin: string;

beforeAll(async () => {
  ({ server, token: admin } = await startWithOpenChannel(() => startClockedServer()));
});
afterAll(() => server.close());

async function download(kind: ExportKind, query = '', token: string | null = admin) {
  const response = await fetch(`${server.baseUrl}${exportPath(kind)}${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // TextDecoder drops the byte-order mark, as spreadsheets do once they have read it.
  return { status: response.status, type: response.headers.get('content-type'), bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, text: new TextDecoder().decode(bytes) };
}

const rowsOf = (csv: string) => csv.trimEnd().split('\r\n');

describe('a CSV export', () => {
  it('lists the recharges of the days asked for, with a header, as a spreadsheet reads them', async () => {
    const user = await registerUser(server);
    const credited = await fund(server, admin, user, '120.00');
    const today = new Date(server.clock.now()).toISOString().slice(0, 10);
    const csv = await download('recharges', `?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const lines = rowsOf(csv.text);
    expect(csv.bom).toBe(true);
    expect(lines[0]).toBe('order_no,username,channel,amount,pay_amount,status,remark,created_at,reviewed_at,reviewed_by');
    const line = lines.find((l) => l.startsWith(credited.orderNo))!;
    expect(line.split(',').slice(1, 6)).toEqual([user.username, 'Bank transfer', '120.00', credited.payAmount, 'completed']);
    expect(rowsOf((await download('recharges', '?from=2020-01-01&to=2020-01-02')).text)).toHaveLength(1);
  });

  it("follows the list's filters: a username and a status, an operator and an action", async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    await fund(server, admin, alice, '30.00');
    await fund(server, admin, bob, '40.00');
    const alices = rowsOf((await download('recharges', `?q=${alice.username.toUpperCase()}&status=completed`)).text).slice(1);
    expect(alices.map((line) => line.split(',')[1])).toEqual([alice.username]);
    expect(rowsOf((await download('recharges', `?q=${alice.username}&status=refused`)).text)).toHaveLength(1);
    const reviews = rowsOf((await download('audit', '?action=recharges/review')).text).slice(1);
    expect(reviews.length).toBeGreaterThanOrEqual(2);
    expect(reviews.every((line) => line.split(',')[3] === 'recharges/review')).toBe(true);
    const unknown = await download('recharges', '?colour=blue');
    expect([unknown.status, Object.keys(JSON.parse(unknown.text).data.fields)]).toEqual([400, ['colour']]);
  });

  it('keeps what people typed from running as a formula, and quotes commas and quotes', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, admin, user);
    await operatorCallAs(server, admin, OPERATOR_CALLS.adjustUser, { userId, account: 'available', amount: '5.00', reason: '=HYPERLINK("x"), "quoted"' });
    const csv = await download('statement', `?userId=${userId}`);
    expect(csv.text).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(csv.text).toContain(',available,5.00,5.00,');
  });

  it('streams every row across batches, oldest first, each once', async () => {
    const { db } = server.database;
    const base = server.clock.now();
    // More rows than one batch reads, some sharing a millisecond, so the cursor has to break ties.
    const rows = Array.from({ length: 4_500 }, (_, n) => ({
      id: `audit-${String(n).padStart(5, '0')}`,
      operator_id: 'nobody',
      action: 'test/row',
      target: `row:${n}`,
      before_json: 'null',
      after_json: JSON.stringify({ n }),
      created_at: base + Math.floor(n / 3),
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('audit_log').values(rows.slice(i, i + 500)).execute();
    const csv = await download('audit');
    const targets = rowsOf(csv.text).map((line) => line.split(',')[4]).filter((t) => t?.startsWith('row:'));
    expect(targets).toEqual(rows.map((r) => r.target));
  });

  it('answers a missing token, another role, a bad date and an unknown kind with the envelope', async () => {
    const none = await download('orders', '', null);
    expect([none.status, JSON.parse(none.text).data.reason]).toEqual([401, 'SESSION_REQUIRED']);
    const content = await operatorWithRole(server, admin, 'content');
    const forbidden = await download('withdrawals', '', content.token);
    expect([forbidden.status, JSON.parse(forbidden.text).data.reason]).toEqual([403, 'ROLE_FORBIDDEN']);
    const badDate = await download('orders', '?from=2026-13-01');
    expect([badDate.status, Object.keys(JSON.parse(badDate.text).data.fields)]).toEqual([400, ['from']]);
    const unknown = await fetch(`${server.baseUrl}/admin/api/export/users.csv`, { headers: { authorization: `Bearer ${admin}` } });
    expect(unknown.status).toBe(404);
  });
});
