import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type Envelope, type ErrorData } from '@wallet/contract';
import { operatorToken, registerUser, startClockedServer, type ClockedServer } from '../testing/accounts.js';
import { openTestChannel, requestRecharge, review } from '../testing/money.js';
import { onPostgres } from '../testing/test-database.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { callAs } from '../testing/typed-call.js';

/*
 * GET /metrics (PRODUCT §13): Prometheus text to the bearer of METRICS_TOKEN
 * only, everyone else the 404 of an unknown address; requests counted and
 * timed by route pattern, never by raw path; settlement time, review queues,
 * the database pool and the process defaults — as Prometheus scrapes them.
 */

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const SECOND = 1000;

type Labels = Record<string, string>;
interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Labels = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

interface Scrape {
  text: string;
  samples: Sample[];
  /** The value of the one sample of `name` with these labels (and maybe more), or undefined. */
  value(name: string, labels?: Labels): number | undefined;
}

async function scrape(server: TestServer): Promise<Scrape> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const text = await response.text();
  const samples = parseSamples(text);
  return {
    text,
    samples,
    value(name, labels = {}) {
      const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
  };
}

async function getMetrics(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers });
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

function expectNotFoundEnvelope(answer: { status: number; contentType: string | null; text: string }): void {
  expect(answer.status).toBe(404);
  expect(answer.contentType).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as Envelope<ErrorData>;
  expect(body.code).toBe(404);
  expect(body.data.reason).toBe('NOT_FOUND');
  expect(answer.text).not.toContain('http_requests_total');
}

/** Scrapes until `done` holds of a scrape, for `timeoutMs` at most; answers that scrape. */
async function scrapeUntil(server: TestServer, done: (scraped: Scrape) => boolean, what: string, timeoutMs = 15_000): Promise<Scrape> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const scraped = await scrape(server);
    if (done(scraped)) return scraped;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('/metrics is the 404 of an unknown address, with or without a bearer', async () => {
    expectNotFoundEnvelope(await getMetrics(server));
    expectNotFoundEnvelope(await getMetrics(server, { authorization: `Bearer ${METRICS_TOKEN}` }));
    expectNotFoundEnvelope(await getMetrics(server, { authorization: 'Bearer undefined' }));
  });
});

describe('with METRICS_TOKEN', () => {
  let server: ClockedServer;
  let token: string;
  beforeAll(async () => {
    server = await startClockedServer({ METRICS_TOKEN, TIME_ZONE: 'UTC' });
    token = await operatorToken(server);
  });
  afterAll(async () => server.close());

  it('answers only the right bearer token, with Prometheus text; anyone else gets the 404 envelope', async () => {
    expectNotFoundEnvelope(await getMetrics(server));
    expectNotFoundEnvelope(await getMetrics(server, { authorization: 'Bearer metrics-token-0123456789abcdeX' }));
    expectNotFoundEnvelope(await getMetrics(server, { authorization: 'Bearer metrics-token' }));
    expectNotFoundEnvelope(await getMetrics(server, { authorization: `Bearer ${METRICS_TOKEN}x` }));
    expectNotFoundEnvelope(await getMetrics(server, { authorization: `Basic ${METRICS_TOKEN}` }));
    expectNotFoundEnvelope(await getMetrics(server, { authorization: METRICS_TOKEN }));

    const answer = await getMetrics(server, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.text).toContain('# TYPE http_requests_total counter');
    expect(answer.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(() => parseSamples(answer.text)).not.toThrow();
  });

  it('labels a request by its route pattern, and every unknown address as "unmatched", never by the raw path', async () => {
    const uploads = { method: 'GET', route: '/uploads/:name', status: '404' };
    const unmatchedGet = { method: 'GET', route: 'unmatched', status: '404' };
    const unmatchedPost = { method: 'POST', route: 'unmatched', status: '404' };
    const before = await scrape(server);
    const countOf = (scraped: Scrape, labels: Labels) => scraped.value('http_requests_total', labels) ?? 0;

    const name = 'no-such-upload-7f3a9c.png';
    expect((await fetch(`${server.baseUrl}/uploads/${name}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/uploads/another-${name}`)).status).toBe(404);
    const unknown = '/no/such/path-12345';
    expect((await fetch(`${server.baseUrl}${unknown}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${unknown}?q=path-67890`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(404);

    const scraped = await scrape(server);
    expect(countOf(scraped, uploads) - countOf(before, uploads)).toBe(2);
    expect(scraped.value('http_request_duration_seconds_count', uploads)).toBe(countOf(scraped, uploads));
    expect(countOf(scraped, unmatchedGet) - countOf(before, unmatchedGet)).toBe(1);
    expect(countOf(scraped, unmatchedPost) - countOf(before, unmatchedPost)).toBe(1);
    expect(scraped.text).not.toContain('no-such-upload');
    expect(scraped.text).not.toContain('path-12345');
    expect(scraped.text).not.toContain('path-67890');
    expect(scraped.text).not.toContain('/no/such');
    // Every route label is a registered pattern or "unmatched": nothing a client made up.
    const routes = new Set(scraped.samples.map((s) => s.labels['route']).filter((route) => route !== undefined));
    for (const route of routes) expect(route === 'unmatched' || route.startsWith('/'), route).toBe(true);
    expect([...routes].filter((route) => route.includes('upload'))).toEqual(['/uploads/:name']);
  });

  it('counts a refused scrape as an unknown address, not as /metrics', async () => {
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    const before = (await scrape(server)).value('http_requests_total', unmatched) ?? 0;
    expectNotFoundEnvelope(await getMetrics(server, { authorization: 'Bearer wrong-token-0123456789abcdef' }));
    const after = await scrape(server);
    expect(after.value('http_requests_total', unmatched)).toBe(before + 1);
    expect(after.value('http_requests_total', { method: 'GET', route: '/metrics', status: '404' })).toBeUndefined();
  });

  it('counts each call of a route once, in the counter and in the histogram', async () => {
    const labels = { method: 'POST', route: CALLS.getKefu.path, status: '200' };
    const before = await scrape(server);
    const counted = before.value('http_requests_total', labels) ?? 0;
    const timed = before.value('http_request_duration_seconds_count', labels) ?? 0;
    const calls = 7;
    for (let i = 0; i < calls; i += 1) expect((await callAs(server, null, CALLS.getKefu, {})).status).toBe(200);

    const after = await scrape(server);
    expect(after.value('http_requests_total', labels)).toBe(counted + calls);
    expect(after.value('http_request_duration_seconds_count', labels)).toBe(timed + calls);
    expect(after.value('http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(timed + calls);
    expect(after.value('http_request_duration_seconds_sum', labels)).toBeGreaterThan(before.value('http_request_duration_seconds_sum', labels) ?? 0);
    // A refused call is counted under its own status, apart.
    const refusedLabels = { ...labels, route: CALLS.userAssets.path, status: '401' };
    const refusedBefore = after.value('http_requests_total', refusedLabels) ?? 0;
    expect((await callAs(server, { token: 'no-such-session-token' }, CALLS.userAssets, {})).status).toBe(401);
    expect((await scrape(server)).value('http_requests_total', refusedLabels)).toBe(refusedBefore + 1);
  });

  it('times the draw of a period with its settlement, per project', async () => {
    const project = 'fast3-1m';
    const user = await registerUser(server);
    const count = (scraped: Scrape) => scraped.value('settlement_duration_seconds_count', { project }) ?? 0;
    const before = count(await scrape(server));
    // The period a player sees now (reading it has the server create it); then the clock on to its draw.
    const period = await callAs(server, user, CALLS.gamePeriod, { projectId: project });
    expect(period.status).toBe(200);
    expect(period.body.data.status).not.toBe('drawn');
    server.clock.advance(period.body.data.drawsAt - server.clock.now());
    // The scheduler's next round draws it, with no request asking.
    const after = await scrapeUntil(server, (scraped) => count(scraped) > before, `the draw of ${project} ${period.body.data.periodNo}`);
    expect(count(after)).toBe(before + 1);
    expect(after.value('settlement_duration_seconds_bucket', { project, le: '+Inf' })).toBe(count(after));
    expect(after.value('settlement_duration_seconds_sum', { project })).toBeGreaterThan(0);
    expect(after.value('draw_lag_seconds', { project })).toBe(0);
    expect(after.value('draw_lag_seconds', { project: 'fast3-3m' })).toBeGreaterThanOrEqual(0);
  });

  it('shows how many recharges wait for review, and for how long the oldest has', async () => {
    await openTestChannel(server, token);
    const user = await registerUser(server);
    const before = await scrape(server);
    expect(before.value('review_queue_length', { queue: 'recharges' })).toBe(0);
    expect(before.value('review_queue_oldest_age_seconds', { queue: 'recharges' })).toBe(0);
    for (const queue of ['withdrawals', 'adjustments', 'feedback']) expect(before.value('review_queue_length', { queue }), queue).toBeGreaterThanOrEqual(0);

    const first = await requestRecharge(server, user, '100.00');
    expect(first.status).toBe(200);
    server.clock.advance(90 * SECOND);
    const second = await requestRecharge(server, user, '200.00');
    expect(second.status).toBe(200);
    const waiting = await scrape(server);
    expect(waiting.value('review_queue_length', { queue: 'recharges' })).toBe(2);
    // The server's own clock: the oldest was asked for 90 s ago.
    expect(waiting.value('review_queue_oldest_age_seconds', { queue: 'recharges' })).toBe(90);

    expect((await review(server, token, 'recharges', first.body.data.orderNo, true)).status).toBe(200);
    server.clock.advance(30 * SECOND);
    const one = await scrape(server);
    expect(one.value('review_queue_length', { queue: 'recharges' })).toBe(1);
    expect(one.value('review_queue_oldest_age_seconds', { queue: 'recharges' })).toBe(30);

    expect((await review(server, token, 'recharges', second.body.data.orderNo, false, 'no payment arrived')).status).toBe(200);
    const none = await scrape(server);
    expect(none.value('review_queue_length', { queue: 'recharges' })).toBe(0);
    expect(none.value('review_queue_oldest_age_seconds', { queue: 'recharges' })).toBe(0);
  });

  it('counts the money writes that went through group commit, each once, in no more transactions than writes', async () => {
    await openTestChannel(server, token);
    const user = await registerUser(server);
    const creations = { write: 'recharge creations' };
    const reviews = { write: 'recharge reviews' };
    const before = await scrape(server);
    const amounts = ['10.00', '11.00', '12.00', '13.00', '14.00'];
    const created = await Promise.all(amounts.map((amount) => requestRecharge(server, user, amount)));
    expect(created.map((answer) => answer.status)).toEqual(amounts.map(() => 200));
    await Promise.all(created.map((answer) => review(server, token, 'recharges', answer.body.data.orderNo, true)));
    const after = await scrape(server);
    const grew = (name: string, labels: Labels) => (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);
    for (const labels of [creations, reviews]) {
      expect(grew('group_commit_writes_total', labels), labels.write).toBe(amounts.length);
      expect(grew('group_commit_batches_total', labels), labels.write).toBeGreaterThanOrEqual(1);
      expect(grew('group_commit_batches_total', labels), labels.write).toBeLessThanOrEqual(amounts.length);
      expect(grew('group_commit_retried_alone_total', labels), labels.write).toBe(0);
    }
    for (const name of ['orders', 'chase starts']) expect(after.value('group_commit_writes_total', { write: name }), name).toBeGreaterThanOrEqual(0);
  });

  it('includes the process defaults, and the database pool on PostgreSQL only', async () => {
    const scraped = await scrape(server);
    expect(scraped.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(scraped.value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    const pool = ['used', 'idle', 'waiting'].map((state) => scraped.value('db_pool_connections', { state }));
    if (onPostgres) {
      for (const connections of pool) expect(connections).toBeGreaterThanOrEqual(0);
      expect(pool[0]! + pool[1]!).toBeGreaterThan(0);
    } else {
      expect(pool).toEqual([undefined, undefined, undefined]);
      expect(scraped.text).not.toContain('db_pool_connections');
    }
  });
});
