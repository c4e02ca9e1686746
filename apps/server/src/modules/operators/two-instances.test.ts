import { describe, expect, it } from 'vitest';
import { OPERATOR_CALLS } from '@wallet/contract';
import { operatorToken, registerUser } from '../../testing/accounts.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { userIdOf } from '../../testing/money-load.js';
import { enableTotp, operatorWithRole, totpCode } from '../../testing/operators.js';
import { sharedDataForProcesses, startServerProcess } from '../../testing/server-process.js';
import { onPostgres } from '../../testing/test-database.js';
import type { TestServer } from '../../testing/test-server.js';
import { expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

/*
 * Two server processes on one database: a proposed adjustment is approved
 * once whichever instances the approvers reach, a TOTP code taken on one is
 * refused on the other, and disabling an operator on one holds on the other
 * at once.
 */

const shared = sharedDataForProcesses();

describe('operators across two instances', () => {
  // Several instances share a PostgreSQL database (README); an SQLite file belongs to one process.
  it.runIf(onPostgres)('approve once, take a code once, and disable at once', async () => {
    shared.running.push(await startServerProcess(shared.data), await startServerProcess(shared.data));
    const [a, b] = shared.running.map((instance) => instance.server) as [TestServer, TestServer];
    const admin = await operatorToken(a);
    const [proposer, approver] = [await operatorWithRole(a, admin, 'finance'), await operatorWithRole(b, admin, 'finance')];

    const user = await registerUser(b);
    const userId = await userIdOf(a, admin, user);
    const proposed = await operatorCallAs(a, proposer.token, OPERATOR_CALLS.adjustUser, { userId, account: 'available', amount: '2500.00', reason: 'Two instances' });
    const id = proposed.body.data.adjustmentId!;
    // The first-start admin: the finance operators are too new to approve (four eyes), on whichever instance.
    expectRefusal(await operatorCallAs(b, approver.token, OPERATOR_CALLS.approveAdjustment, { id }), 403, 'APPROVER_TOO_NEW');
    const answers = await Promise.all([a, b, a, b, a, b].map((server) => operatorCallAs(server, admin, OPERATOR_CALLS.approveAdjustment, { id })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((x) => x.status !== 200)) expectRefusal(answer, 409, 'ALREADY_REVIEWED');
    expect((await assetsOf(b, user)).balance).toBe('2500.00');
    expect((await verifyLedger(a, admin)).ok).toBe(true);

    const secret = await enableTotp(a, approver.token, Date.now());
    // The next step's code, so enabling did not take it already.
    const code = await totpCode(secret, Date.now() + 30_000);
    const logins = await Promise.all(
      [a, b].map((server) => operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: approver.username, password: approver.password, totp: code })),
    );
    expect(logins.map((login) => login.status).sort()).toEqual([200, 401]);

    await operatorCallAs(a, admin, OPERATOR_CALLS.saveOperator, { id: proposer.id, username: proposer.username, role: 'finance', disabled: true });
    expectRefusal(await operatorCallAs(b, proposer.token, OPERATOR_CALLS.me, {}), 401, 'SESSION_INVALID');
  });
});
