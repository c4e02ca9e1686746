import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, formatMoney, type CallResult, type Envelope, type ErrorData, type createRecharge } from '@wallet/contract';
import { operatorToken, registerUser, type RegisteredUser } from './testing/accounts.js';
import { assetsOf, openTestChannel, FIRST_CHANNEL_ID, verifyLedger } from './testing/money.js';
import { centsOf, rechargesOf } from './testing/money-load.js';
import { freshData, startServerProcess, stopServerProcess, type DataLocation, type ServerProcess, processOnFreshData } from './testing/server-process.js';
import { signedBody, type TestServer } from './testing/test-server.js';
import { callAs, errorOf, operatorCallAs, randomIp } from './testing/typed-call.js';

/*
 * SIGTERM in the middle of a load of money writes (PRODUCT §13): /readyz
 * turns 503 and the port closes; the requests in flight finish; every client
 * gets a 200 or a refusal before its request was worked on — never a 500 or a
 * broken answer; the process exits 0 within SHUTDOWN_GRACE_SECONDS. Started
 * again on the same data, every acknowledged write is there, the ledger
 * proves itself, and what was not acknowledged is done once when retried.
 * Then, byte by byte: a request whose body is still arriving at the SIGTERM is
 * finished and kept, and one that never completes is cut off when the grace
 * is over.
 */

const GRACE_SECONDS = 5;
/** What a loaded machine may add to the grace: the event loop's last turns and the process's exit. */
const EXIT_MARGIN_MS = 5_000;
const USERS = 12;
const ROUNDS_PER_USER = 12;
/** Acknowledged writes before the SIGTERM: about a fifth of the load. */
const TERM_AFTER = 60;

type RechargeRecord = CallResult<typeof createRecharge>;

/** What a client saw of one request. */
type Outcome =
  | { kind: 'ok'; data: unknown }
  /** The 503 envelope: refused before any work. */
  | { kind: 'unavailable' }
  /** No answer at all: the connection was refused, or closed before any answer. */
  | { kind: 'no-answer'; code: string }
  /** Anything else: a 500, another refusal, a broken or partial answer. */
  | { kind: 'wrong'; detail: string };

/** The code of a failed fetch's underlying socket error. */
function causeCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Failures of a connection before any byte of an answer: a client may retry. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** One POST over real HTTP, told apart by what the client could observe. */
async function send(server: TestServer, path: string, body: Record<string, unknown>, headers: Record<string, string>): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      body: JSON.stringify(body),
    });
  } catch (error) {
    const code = causeCode(error);
    return CONNECTION_ERRORS.has(code) ? { kind: 'no-answer', code } : { kind: 'wrong', detail: `fetch failed: ${code}` };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { kind: 'wrong', detail: `partial answer, ${response.status}: ${causeCode(error)}` };
  }
  let envelope: Envelope<unknown>;
  try {
    envelope = JSON.parse(text) as Envelope<unknown>;
  } catch {
    return { kind: 'wrong', detail: `not JSON, ${response.status}: ${text.slice(0, 200)}` };
  }
  if (response.status === 200 && envelope.code === 200) return { kind: 'ok', data: envelope.data };
  if (response.status === 503 && envelope.code === 503 && (envelope.data as ErrorData | undefined)?.reason === 'UNAVAILABLE') return { kind: 'unavailable' };
  return { kind: 'wrong', detail: `${response.status}: ${text.slice(0, 300)}` };
}

/** What /readyz answers now: '200', '503' (the envelope), 'no-answer' (refused or closed), or what else it was. */
async function readinessNow(server: TestServer): Promise<string> {
  try {
    const response = await fetch(`${server.baseUrl}/readyz`);
    const text = await response.text();
    const body = JSON.parse(text) as Envelope<ErrorData>;
    if (response.status === 200 && body.code === 200) return '200';
    return response.status === 503 && body.code === 503 && body.data.reason === 'UNAVAILABLE' ? '503' : `${response.status} ${text}`;
  } catch (error) {
    return CONNECTION_ERRORS.has(causeCode(error)) ? 'no-answer' : `failed: ${causeCode(error)}`;
  }
}

/** One write of the load: a user's recharge (with its requestId), or the operator's approval of one. */
interface Write {
  user: RegisteredUser;
  kind: 'recharge' | 'approval';
  requestId?: string;
  amount?: string;
  orderNo?: string;
  outcome?: Outcome;
  /** Answered after the SIGTERM was sent. */
  afterTerm: boolean;
}

const fixture = processOnFreshData();
let running: ServerProcess | undefined;

it('drains the requests in flight on SIGTERM, refuses the rest cleanly, exits 0, and loses no acknowledged write', async () => {
  running = await fixture.start({ SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) });
  const victim = running;
  let server = victim.server;
  let token = await operatorToken(server);
  await openTestChannel(server, token);
  const users = await Promise.all(Array.from({ length: USERS }, () => registerUser(server)));
  const operatorIp = randomIp();

  const writes: Write[] = [];
  let acknowledged = 0;
  let termAt: number | undefined;
  let exitAt: number | undefined;
  void victim.exited.then(() => (exitAt = performance.now()));

  /** /readyz from the SIGTERM until the process is gone: what each poll saw. */
  const readiness: string[] = [];
  async function pollReadiness(): Promise<void> {
    const deadline = performance.now() + (GRACE_SECONDS * 1000 + EXIT_MARGIN_MS) * 2;
    while (exitAt === undefined && performance.now() < deadline) {
      readiness.push(await readinessNow(server));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  let readinessPolled: Promise<void> = Promise.resolve();

  async function write(step: Omit<Write, 'afterTerm'>, body: Record<string, unknown>, path: string, headers: Record<string, string>): Promise<Outcome> {
    const record: Write = { ...step, afterTerm: false };
    writes.push(record);
    const outcome = await send(server, path, body, headers);
    record.outcome = outcome;
    record.afterTerm = termAt !== undefined;
    if (outcome.kind === 'ok') {
      acknowledged += 1;
      if (acknowledged === TERM_AFTER) {
        termAt = performance.now();
        victim.child.kill('SIGTERM');
        readinessPolled = pollReadiness();
      }
    }
    return outcome;
  }

  /** A user's recharges, each approved by the operator; the user stops at the first write not acknowledged. */
  async function clientLoad(user: RegisteredUser, index: number): Promise<void> {
    for (let round = 0; round < ROUNDS_PER_USER; round += 1) {
      const amount = formatMoney((index + 1) * 100_00 + round * 1_00);
      const requestId = randomUUID();
      const created = await write(
        { user, kind: 'recharge', requestId, amount },
        signedBody({ channelId: FIRST_CHANNEL_ID, amount, requestId }, { token: user.token }),
        CALLS.createRecharge.path,
        { 'x-forwarded-for': user.ip },
      );
      if (created.kind !== 'ok') return;
      const orderNo = (created.data as RechargeRecord).orderNo;
      const approved = await write(
        { user, kind: 'approval', orderNo },
        { orderNo, approve: true, remark: '' },
        OPERATOR_CALLS.reviewRecharge.path,
        { authorization: `Bearer ${token}`, 'x-forwarded-for': operatorIp },
      );
      if (approved.kind !== 'ok') return;
    }
  }

  await Promise.all(users.map(clientLoad));
  await victim.exited;
  await readinessPolled;
  readiness.push(await readinessNow(server));

  // The load ran through the shutdown.
  expect(termAt, 'the SIGTERM was sent').toBeDefined();
  expect(acknowledged).toBeGreaterThanOrEqual(TERM_AFTER);
  const notAcknowledged = writes.filter((w) => w.outcome?.kind !== 'ok');
  expect(notAcknowledged.length, 'writes the shutdown turned away').toBeGreaterThan(0);
  // Requests in flight at the SIGTERM were answered, not cut off.
  expect(writes.filter((w) => w.afterTerm && w.outcome?.kind === 'ok').length, 'answers after the SIGTERM').toBeGreaterThan(0);

  // Every answer a 200, or a refusal before any work: no 500, no broken answer.
  expect(writes.map((w) => w.outcome).filter((o) => o?.kind === 'wrong')).toEqual([]);
  expect(writes.every((w) => w.outcome !== undefined)).toBe(true);

  // It exited by itself, with 0, within the grace.
  expect({ exitCode: victim.child.exitCode, signalCode: victim.child.signalCode }).toEqual({ exitCode: 0, signalCode: null });
  expect(exitAt! - termAt!).toBeLessThanOrEqual(GRACE_SECONDS * 1000 + EXIT_MARGIN_MS);

  // /readyz: maybe still ready before the signal was handled, then only 503 or no answer; none once it is gone.
  expect(readiness.join(' ')).toMatch(/^(200 )*((503|no-answer)( |$))+$/);
  expect(readiness.at(-1)).toBe('no-answer');

  // Started again on the same data.
  running = await fixture.start({ SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) });
  server = running.server;
  token = await operatorToken(server);
  const before = await verifyLedger(server, token);
  expect(before.problems).toEqual([]);
  expect(before.ok).toBe(true);

  for (const user of users) {
    const mine = writes.filter((w) => w.user === user);
    const approvedNos = new Set(mine.filter((w) => w.kind === 'approval' && w.outcome?.kind === 'ok').map((w) => w.orderNo));
    // Every acknowledged recharge, as answered; approved when its approval was acknowledged.
    for (const created of mine.filter((w) => w.kind === 'recharge' && w.outcome?.kind === 'ok')) {
      const answered = (created.outcome as { data: RechargeRecord }).data;
      const detail = await callAs(server, user, CALLS.rechargeDetail, { orderNo: answered.orderNo });
      expect(detail.status, `${answered.orderNo}: ${JSON.stringify(detail.body)}`).toBe(200);
      expect(detail.body.data).toMatchObject({ orderNo: answered.orderNo, amount: created.amount, payAmount: answered.payAmount });
      if (approvedNos.has(answered.orderNo)) expect(detail.body.data.status).toBe('completed');
    }
    // A recharge turned away before any work did not happen; one cut off without an answer may have.
    const acknowledgedRecharges = mine.filter((w) => w.kind === 'recharge' && w.outcome?.kind === 'ok').length;
    const maybeDone = mine.filter((w) => w.kind === 'recharge' && w.outcome?.kind === 'no-answer' && w.outcome.code !== 'ECONNREFUSED').length;
    const stored = (await rechargesOf(server, user)).length;
    expect(stored).toBeGreaterThanOrEqual(acknowledgedRecharges);
    expect(stored).toBeLessThanOrEqual(acknowledgedRecharges + maybeDone);
  }

  // Each write not acknowledged, sent again as it was: done now, and once.
  const retried = await Promise.all(
    notAcknowledged.map(async (w) => {
      if (w.kind === 'recharge') {
        const body = { channelId: FIRST_CHANNEL_ID, amount: w.amount!, requestId: w.requestId! };
        const first = await callAs(server, w.user, CALLS.createRecharge, body);
        const again = await callAs(server, w.user, CALLS.createRecharge, body);
        return { w, first, again };
      }
      return { w, first: await operatorCallAs(server, token, OPERATOR_CALLS.reviewRecharge, { orderNo: w.orderNo!, approve: true, remark: '' }) };
    }),
  );
  for (const { w, first, again } of retried) {
    if (w.kind === 'recharge') {
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(again!.status, JSON.stringify(again!.body)).toBe(200);
      expect((again!.body.data as RechargeRecord).orderNo).toBe((first.body.data as RechargeRecord).orderNo);
    } else {
      expect([200, 409], JSON.stringify(first.body)).toContain(first.status);
      if (first.status === 409) expect(errorOf(first).reason).toBe('ALREADY_REVIEWED');
    }
  }

  for (const user of users) {
    const mine = writes.filter((w) => w.user === user);
    const recharges = await rechargesOf(server, user);
    // One recharge per requestId the client used, whether acknowledged, retried, or both.
    expect(recharges.map((r) => r.amount).sort()).toEqual(mine.filter((w) => w.kind === 'recharge').map((w) => w.amount!).sort());
    const approvalsAsked = new Set(mine.filter((w) => w.kind === 'approval').map((w) => w.orderNo));
    for (const recharge of recharges) expect(recharge.status, recharge.orderNo).toBe(approvalsAsked.has(recharge.orderNo) ? 'completed' : 'review');
    // The approvals are in the user's money, each once.
    const credited = recharges.filter((r) => r.status === 'completed').reduce((total, r) => total + centsOf(r.payAmount), 0);
    const assets = await assetsOf(server, user);
    expect({ balance: assets.balance, recharged: assets.totals['recharged'] }).toEqual({ balance: formatMoney(credited), recharged: formatMoney(credited) });
  }

  const after = await verifyLedger(server, token);
  expect(after.problems).toEqual([]);
  expect(after.ok).toBe(true);
  await stopServerProcess(running, 'SIGTERM');
  expect(running.child.exitCode).toBe(0);
}, 180_000);

/** An answer read off a raw connection. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A client connection spoken to byte by byte: to hold a request half sent, or send one behind another. */
interface RawConnection {
  write(text: string): void;
  /** Every complete answer so far, interim ones (100 Continue) included. */
  answers(): RawAnswer[];
  /** Whether the server has closed the connection, and any bytes after the last complete answer. */
  closed(): boolean;
  leftover(): string;
  /** Resolves once `done` holds, or throws after `timeoutMs`. */
  until(done: () => boolean, what: string, timeoutMs?: number): Promise<void>;
}

function parseAnswers(bytes: Buffer): { answers: RawAnswer[]; rest: Buffer } {
  const answers: RawAnswer[] = [];
  let rest = bytes;
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) return { answers, rest };
    const [statusLine, ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)?.[1]);
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = status === 100 ? 0 : Number(headers['content-length'] ?? NaN);
    if (Number.isNaN(length)) throw new Error(`an answer without a length: ${statusLine}`);
    if (rest.length < headEnd + 4 + length) return { answers, rest };
    answers.push({ status, headers, body: rest.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') });
    rest = rest.subarray(headEnd + 4 + length);
  }
}

async function rawConnection(server: TestServer): Promise<RawConnection> {
  const url = new URL(server.baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  let isClosed = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((waiter) => waiter());
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    isClosed = true;
    wake();
  });
  const connection: RawConnection = {
    write: (text) => void socket.write(text),
    answers: () => parseAnswers(received).answers,
    closed: () => isClosed,
    leftover: () => parseAnswers(received).rest.toString('utf8'),
    async until(done, what, timeoutMs = 15_000) {
      if (done()) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`waited ${timeoutMs} ms for ${what}`));
        }, timeoutMs);
        function check() {
          if (!done()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
      });
    },
  };
  cleanupSockets.push(() => socket.destroy());
  return connection;
}
const cleanupSockets: (() => void)[] = [];

/** The head of a signed app call with a JSON body of `length` bytes. */
function callHead(server: TestServer, path: string, ip: string, length: number, expectContinue: boolean): string {
  const { host } = new URL(server.baseUrl);
  return [
    `POST ${path} HTTP/1.1`,
    `Host: ${host}`,
    'Content-Type: application/json',
    'Accept-Language: en',
    `X-Forwarded-For: ${ip}`,
    `Content-Length: ${length}`,
    ...(expectContinue ? ['Expect: 100-continue'] : []),
    '',
    '',
  ].join('\r\n');
}

/** Whether a new connection to the server's port is refused now. */
async function portRefuses(server: TestServer): Promise<boolean> {
  const url = new URL(server.baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  try {
    await once(socket, 'connect');
    return false;
  } catch (error) {
    return causeCode(error) === 'ECONNREFUSED';
  } finally {
    socket.destroy();
  }
}

describe('a request in flight at the SIGTERM', () => {
  const HELD_GRACE_SECONDS = 3;
  let heldData: DataLocation;
  let held: ServerProcess | undefined;
  beforeAll(async () => {
    heldData = await freshData();
  });
  afterAll(async () => {
    cleanupSockets.splice(0).forEach((destroy) => destroy());
    await stopServerProcess(held, 'SIGKILL');
    await heldData.remove();
  });

  it('is finished and kept, one queued behind it is refused cleanly, and one that never arrives is cut off when the grace is over', async () => {
    held = await startServerProcess(heldData, { SHUTDOWN_GRACE_SECONDS: String(HELD_GRACE_SECONDS) });
    const victim = held;
    let server = victim.server;
    let token = await operatorToken(server);
    await openTestChannel(server, token);
    const user = await registerUser(server);
    const recharge = (amount: string) => JSON.stringify(signedBody({ channelId: FIRST_CHANNEL_ID, amount, requestId: randomUUID() }, { token: user.token }));

    // Two recharges whose heads the server has read (it said 100 Continue), their bodies half sent.
    const finishing = await rawConnection(server);
    const finishingBody = recharge('123.00');
    finishing.write(callHead(server, CALLS.createRecharge.path, user.ip, Buffer.byteLength(finishingBody), true) + finishingBody.slice(0, 40));
    const stalled = await rawConnection(server);
    const stalledBody = recharge('456.00');
    stalled.write(callHead(server, CALLS.createRecharge.path, user.ip, Buffer.byteLength(stalledBody), true) + stalledBody.slice(0, 40));
    await finishing.until(() => finishing.answers().some((a) => a.status === 100), 'the 100 Continue of the first');
    await stalled.until(() => stalled.answers().some((a) => a.status === 100), 'the 100 Continue of the second');

    let exitAt: number | undefined;
    void victim.exited.then(() => (exitAt = performance.now()));
    const termAt = performance.now();
    victim.child.kill('SIGTERM');

    // No new connection is taken, while the process still runs for the requests in flight.
    const deadline = performance.now() + HELD_GRACE_SECONDS * 1000;
    while (!(await portRefuses(server))) {
      if (performance.now() > deadline) throw new Error('the port still took connections');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(exitAt).toBeUndefined();
    expect(await readinessNow(server)).toBe('no-answer');

    // The first recharge's body arrives, with another call right behind it on the same connection.
    const queuedBody = recharge('789.00');
    finishing.write(finishingBody.slice(40) + callHead(server, CALLS.createRecharge.path, user.ip, Buffer.byteLength(queuedBody), false) + queuedBody);
    await finishing.until(() => finishing.closed() || finishing.answers().filter((a) => a.status !== 100).length === 2, 'the answers on the first connection');
    const [first, queued] = finishing.answers().filter((a) => a.status !== 100);
    expect(first?.status, first?.body).toBe(200);
    const created = JSON.parse(first!.body) as Envelope<RechargeRecord>;
    expect(created).toMatchObject({ code: 200, data: { amount: '123.00', status: 'review' } });
    // Behind it, on a connection already open: answered (it reached the app before the connection closed), the 503 envelope, or nothing.
    const kept = [created.data.orderNo];
    if (queued) {
      const answer = JSON.parse(queued.body) as Envelope<RechargeRecord | ErrorData>;
      if (queued.status === 200) kept.push((answer.data as RechargeRecord).orderNo);
      else expect(answer, queued.body).toMatchObject({ code: 503, data: { reason: 'UNAVAILABLE' } });
      expect(queued.headers['connection']).toBe('close');
    }
    await finishing.until(() => finishing.closed(), 'the first connection closed');
    expect(finishing.leftover()).toBe('');

    // The one that never arrives holds the exit until the grace is over; then it is cut off, unanswered, and the process exits 0.
    await victim.exited;
    expect({ exitCode: victim.child.exitCode, signalCode: victim.child.signalCode }).toEqual({ exitCode: 0, signalCode: null });
    expect(exitAt! - termAt).toBeGreaterThanOrEqual(HELD_GRACE_SECONDS * 1000 - 100);
    expect(exitAt! - termAt).toBeLessThanOrEqual(HELD_GRACE_SECONDS * 1000 + EXIT_MARGIN_MS);
    await stalled.until(() => stalled.closed(), 'the stalled connection closed');
    expect(stalled.answers().map((a) => a.status)).toEqual([100]);
    expect(stalled.leftover()).toBe('');

    // Started again: what was answered is there; neither what was refused nor what was cut off is.
    held = await startServerProcess(heldData);
    server = held.server;
    token = await operatorToken(server);
    const detail = await callAs(server, user, CALLS.rechargeDetail, { orderNo: created.data.orderNo });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ orderNo: created.data.orderNo, amount: '123.00', status: 'review' });
    expect((await rechargesOf(server, user)).map((r) => r.orderNo).sort()).toEqual(kept.sort());
    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  }, 120_000);
});
