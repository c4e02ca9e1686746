import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, CALL_ROLES, OPERATOR_CALLS, OPERATOR_ROLES, type OperatorCallPath, type OperatorRole } from '@wallet/contract';
import { operatorToken, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { openTestChannel, requestRecharge } from '../../testing/money.js';
import { setLimit } from '../../testing/protection.js';
import { userIdOf } from '../../testing/money-load.js';
import { operatorWithRole } from '../../testing/operators.js';
import { TINY_IMAGES } from '../../testing/uploads.js';
import { callAs, expectRefusal, operatorCall, operatorCallAs } from '../../testing/typed-call.js';

/*
 * PRODUCT §9 roles, every console call × every role: a role the call is not
 * for hears 403 ROLE_FORBIDDEN before anything else is read; a role it is for
 * gets the call's own answer (a valid body: 200, or the call's refusal of an
 * unknown id), never a server error.
 */

let server: ClockedServer;
const tokens = new Map<OperatorRole, string>();
let userId = '';
let user: RegisteredUser;
let protectionBefore: unknown;

beforeAll(async () => {
  server = await startClockedServer();
  const admin = await operatorToken(server);
  tokens.set('admin', admin);
  for (const role of OPERATOR_ROLES.filter((r) => r !== 'admin')) tokens.set(role, (await operatorWithRole(server, admin, role)).token);
  await openTestChannel(server, admin);
  user = await registerUser(server);
  userId = await userIdOf(server, admin, user);
  // The user every call below touches protects themselves first: no call of any role may undo any of it.
  await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '10.00' });
  await setLimit(server, user, { kind: 'loss', period: 'week', amount: '5.00' });
  expect((await callAs(server, user, CALLS.selfExclude, { months: 6, password: user.password })).status).toBe(200);
  protectionBefore = (await operatorCallAs(server, admin, OPERATOR_CALLS.userDetail, { userId })).body.data.protection;
});
afterAll(() => server.close());

const UNKNOWN = '00000000-0000-0000-0000-000000000000';

/** A valid body for each call; calls that end or change the caller's own session are tested on their own. */
const bodies = (): Partial<Record<OperatorCallPath, Record<string, unknown>>> => ({
  '/admin/api/me': {},
  '/admin/api/password': { oldPassword: 'not-the-password', newPassword: 'another-long-password' },
  '/admin/api/operators/totp/setup': {},
  '/admin/api/operators/totp/enable': { code: '000000' },
  '/admin/api/operators': {},
  '/admin/api/operators/save': { id: UNKNOWN, username: 'nobody_here', role: 'support' },
  '/admin/api/operators/totp/reset': { operatorId: UNKNOWN },
  '/admin/api/settings': {},
  '/admin/api/settings/save': { displayName: 'Wallet' },
  '/admin/api/settings/threshold/pending': {},
  '/admin/api/settings/threshold/approve': { id: UNKNOWN },
  '/admin/api/settings/threshold/reject': { id: UNKNOWN, remark: 'No' },
  '/admin/api/projects/save': { id: 'unknown-project', name: 'P', periodSeconds: 60, lockSeconds: 10, unitAmount: '1.00', minQuantity: 1, maxQuantity: 10, enabled: false },
  '/admin/api/audit': {},
  '/admin/api/recharges': {},
  '/admin/api/recharges/review': { orderNo: 'R0000000000000000', approve: true },
  '/admin/api/withdrawals': {},
  '/admin/api/withdrawals/review': { orderNo: 'W0000000000000000', approve: true },
  '/admin/api/users/adjust': { userId, account: 'coin', amount: '1', reason: 'Role check' },
  '/admin/api/adjustments/pending': {},
  '/admin/api/adjustments/approve': { id: UNKNOWN },
  '/admin/api/adjustments/reject': { id: UNKNOWN, remark: 'No' },
  '/admin/api/ledger/verify': {},
  '/admin/api/dashboard': { from: '2026-01-01', to: '2026-01-31' },
  '/admin/api/projects': {},
  '/admin/api/periods': { projectId: 'unknown-project' },
  '/admin/api/periods/exposure': { projectId: 'unknown-project', periodNo: '202601010001' },
  '/admin/api/fairness': { page: 1, pageSize: 10 },
  '/admin/api/users': {},
  '/admin/api/users/detail': { userId },
  '/admin/api/users/statement': { userId },
  '/admin/api/orders': {},
  '/admin/api/chases': {},
  '/admin/api/users/freeze': { userId, frozen: false },
  '/admin/api/feedback': {},
  '/admin/api/feedback/reply': { id: UNKNOWN, reply: 'Thanks' },
  '/admin/api/outbox': {},
  '/admin/api/invites/create': {},
  '/admin/api/content/list': {},
  '/admin/api/content/save': { kind: 'notice', title: 'Role check', content: '<p>Hi</p>' },
  '/admin/api/content/delete': { id: UNKNOWN },
});

const SESSION_CALLS = new Set<string>(['/admin/api/login', '/admin/api/logout', '/admin/api/upload/image']);
const PATHS = (Object.keys(CALL_ROLES) as OperatorCallPath[]).filter((path) => !SESSION_CALLS.has(path));

describe('every console call for every role', () => {
  it('has a body here for each call it checks', () => {
    expect(PATHS.filter((path) => !(path in bodies()))).toEqual([]);
  });

  describe.each(OPERATOR_ROLES)('%s', (role) => {
    it.each(PATHS)('%s', async (path) => {
      const answer = await operatorCall(server, path, bodies()[path]!, tokens.get(role));
      const reason = (answer.body.data as { reason?: string } | null)?.reason;
      if ((CALL_ROLES[path] as readonly OperatorRole[]).includes(role)) {
        expect(reason, JSON.stringify(answer.body)).not.toBe('ROLE_FORBIDDEN');
        expect([200, 401, 404, 409, 422], JSON.stringify(answer.body)).toContain(answer.status);
      } else {
        expect([answer.status, reason]).toEqual([403, 'ROLE_FORBIDDEN']);
      }
    });
  });

  it("leaves the user's limits and self-exclusion as they were, after every call of every role", async () => {
    const after = await operatorCallAs(server, tokens.get('admin')!, OPERATOR_CALLS.userDetail, { userId });
    expect(after.body.data.protection).toEqual(protectionBefore);
    expect(after.body.data.protection.selfExcludedUntil).toBeGreaterThan(server.clock.now());
    expectRefusal(await requestRecharge(server, user, '20.00'), 403, 'SELF_EXCLUDED');
  });

  it.each(OPERATOR_ROLES)('image upload for %s', async (role) => {
    const form = new FormData();
    form.append('file', new Blob([TINY_IMAGES.png.bytes], { type: TINY_IMAGES.png.contentType }), 'cover.png');
    const response = await fetch(`${server.baseUrl}/admin/api/upload/image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.get(role)}` } });
    const allowed = (CALL_ROLES['/admin/api/upload/image'] as readonly OperatorRole[]).includes(role);
    expect(response.status).toBe(allowed ? 200 : 403);
  });
});
