import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Envelope, ErrorData } from '@wallet/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { MIGRATIONS } from '../db/migrations/index.js';
import { createTestDatabase } from '../testing/test-database.js';
import { TEST_APP_ID, TEST_KEY, TEST_KEY_ID, startTestServer } from '../testing/test-server.js';

/*
 * `/healthz` says the process is alive, `/readyz` whether it should get
 * traffic (PRODUCT §13): not while it shuts down, nor on a database that
 * lacks a migration or cannot be reached.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function get(baseUrl: string, pathname: string): Promise<{ status: number; body: Envelope<unknown>; headers: Headers }> {
  const response = await fetch(`${baseUrl}${pathname}`);
  return { status: response.status, body: (await response.json()) as Envelope<unknown>, headers: response.headers };
}

function expectUnavailable(answer: { status: number; body: Envelope<unknown> }): void {
  expect(answer.status).toBe(503);
  expect(answer.body.code).toBe(503);
  expect(typeof answer.body.mess).toBe('string');
  expect((answer.body.data as ErrorData).reason).toBe('UNAVAILABLE');
}

it('answers ready on a started server, and alive', async () => {
  const server = await startTestServer();
  cleanups.push(() => server.close());
  const ready = await get(server.baseUrl, '/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({ code: 200, data: { status: 'ready' } });
  const alive = await get(server.baseUrl, '/healthz');
  expect(alive.status).toBe(200);
  expect(alive.body).toMatchObject({ code: 200, data: { status: 'ok' } });
});

it('answers 503 once shutting down, while /healthz still answers 200', async () => {
  const server = await startTestServer();
  cleanups.push(() => server.close());
  expect((await get(server.baseUrl, '/readyz')).status).toBe(200);

  server.beginShutdown();
  const ready = await get(server.baseUrl, '/readyz');
  expectUnavailable(ready);
  expect(ready.headers.get('retry-after')).toBe('5');
  expect((ready.body.data as ErrorData).retryAfterSeconds).toBe(5);
  // It stays so: shutting down is not undone.
  expectUnavailable(await get(server.baseUrl, '/readyz'));

  const alive = await get(server.baseUrl, '/healthz');
  expect(alive.status).toBe(200);
  expect(alive.body).toMatchObject({ code: 200, data: { status: 'ok' } });
});

it('answers 503 on a database that lacks the latest migration, and ready once it is applied', async () => {
  const names = Object.keys(MIGRATIONS);
  const earlier = names[names.length - 2]!;
  const database = await createTestDatabase(earlier);
  cleanups.push(() => database.destroy());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-readiness-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    APP_ID: TEST_APP_ID,
    APP_SIGNING_KEYS: `${TEST_KEY_ID}:${TEST_KEY}`,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
  });
  // Built as main.ts builds it, only without migrating first: as an instance that started on a database another version migrated.
  const { app } = await buildApp({ config, database });
  cleanups.push(() => app.close());
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  expectUnavailable(await get(baseUrl, '/readyz'));
  expect((await get(baseUrl, '/healthz')).status).toBe(200);

  await migrateToLatest(database);
  const ready = await get(baseUrl, '/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({ code: 200, data: { status: 'ready' } });
});

it('answers 503 on both checks when the database cannot be reached', async () => {
  const server = await startTestServer();
  cleanups.push(() => server.close());
  expect((await get(server.baseUrl, '/readyz')).status).toBe(200);

  await server.database.close();
  expectUnavailable(await get(server.baseUrl, '/readyz'));
  expectUnavailable(await get(server.baseUrl, '/healthz'));
});
