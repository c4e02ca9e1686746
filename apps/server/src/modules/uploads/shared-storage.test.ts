import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, uploadReferenceOf } from '@wallet/contract';
import { migrateToLatest } from '../../db/migrate.js';
import { operatorToken, registerUser } from '../../testing/accounts.js';
import { startLocalObjectStore, type LocalObjectStore } from '../../testing/object-store.js';
import { openData, sharedDataForProcesses, startServerProcess } from '../../testing/server-process.js';
import { onPostgres } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { callAs, operatorCallAs } from '../../testing/typed-call.js';
import { TINY_IMAGES, rawGet, uploadImage } from '../../testing/uploads.js';
import { createObjectStoreStorage } from './object-store-storage.js';
import { createUploadLinks } from './signed-links.js';

/*
 * PRODUCT §13: with several instances every upload is readable from every
 * instance, kept in the database or in an S3-compatible object store; and
 * the files an earlier version kept on one instance's disk survive the
 * upgrade.
 */

const nameOf = (url: string) => path.basename(uploadReferenceOf(url));

async function expectImage(server: Pick<TestServer, 'baseUrl'>, url: string, image: { bytes: Buffer; contentType: string }) {
  const served = await rawGet(server as TestServer, url);
  expect(served.status, `${server.baseUrl}${url}`).toBe(200);
  expect(served.headers['content-type']).toBe(image.contentType);
  expect(served.body.equals(image.bytes)).toBe(true);
}

async function operatorUpload(server: TestServer, token: string, image: { bytes: Buffer; contentType: string }): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image.bytes)], { type: image.contentType }), 'cover');
  const response = await fetch(`${server.baseUrl}${OPERATOR_CALLS.uploadImage.path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

describe('with an S3-compatible object store configured', () => {
  let store: LocalObjectStore;
  let server: TestServer;
  beforeAll(async () => {
    store = await startLocalObjectStore();
    server = await startTestServer(store.env);
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
  });

  it('keeps every upload in the bucket, none in the database, and serves them as before', async () => {
    const user = await registerUser(server);
    const uploaded = await uploadImage(server, { token: user.token, file: TINY_IMAGES.jpg });
    expect(uploaded.status).toBe(200);
    const cover = await operatorUpload(server, await operatorToken(server), TINY_IMAGES.gif);

    await expectImage(server, uploaded.body.data.url, TINY_IMAGES.jpg);
    await expectImage(server, cover, TINY_IMAGES.gif);
    const bucket = createObjectStoreStorage(store.config);
    expect((await bucket.get(nameOf(uploaded.body.data.url)))?.equals(TINY_IMAGES.jpg.bytes)).toBe(true);
    expect((await bucket.get(nameOf(cover)))?.equals(TINY_IMAGES.gif.bytes)).toBe(true);
    expect(await server.database.db.selectFrom('upload_files').select('name').execute()).toEqual([]);
  });
});

describe('two instances on one PostgreSQL, each with its own disk', () => {
  const shared = sharedDataForProcesses();
  const ownDirs: string[] = [];
  afterAll(() => ownDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  async function instance(): Promise<TestServer> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-instance-'));
    ownDirs.push(dataDir);
    const started = await startServerProcess(shared.data, { DATA_DIR: dataDir });
    shared.running.push(started);
    return started.server;
  }

  // Several instances share a PostgreSQL database (README); an SQLite file belongs to one process.
  it.runIf(onPostgres)('read each other’s uploads: a user’s through the links either hands out, an operator’s by its path', async () => {
    const [a, b] = [await instance(), await instance()];
    const user = await registerUser(a);
    const picture = await uploadImage(a, { token: user.token, file: TINY_IMAGES.png });
    const sent = await callAs(a, user, CALLS.submitFeedback, { email: 'me@example.com', content: 'Two screens show two balances.', images: [picture.body.data.url] });
    expect(sent.status).toBe(200);

    const mine = await callAs(b, user, CALLS.myFeedback, { page: 1, pageSize: 10 });
    const link = mine.body.data.items[0]!.images[0]!;
    await expectImage(b, link, TINY_IMAGES.png);
    await expectImage(a, link, TINY_IMAGES.png);

    const admin = await operatorToken(b);
    const listed = await operatorCallAs(b, admin, OPERATOR_CALLS.feedback, { page: 1, pageSize: 10 });
    await expectImage(a, listed.body.data.items[0]!.images[0]!, TINY_IMAGES.png);

    const cover = await operatorUpload(b, admin, TINY_IMAGES.webp);
    await expectImage(a, cover, TINY_IMAGES.webp);
    expect((await rawGet(a, uploadReferenceOf(link))).status).toBe(404);
  });
});

describe('files an earlier version kept on the disk', () => {
  const shared = sharedDataForProcesses();
  const SECRET = 'an-upload-signing-secret-of-the-tests';

  it('are moved into the shared storage at start and read through a signed link; a file without its record stays', async () => {
    const kept = `${randomUUID()}.png`;
    const stray = `${randomUUID()}.png`;
    const before = openData(shared.data);
    await migrateToLatest(before, '0009_ledger_totals');
    await sql`insert into uploads (id, user_id, url, content_type, size, created_at)
      values (${randomUUID()}, ${randomUUID()}, ${`/uploads/${kept}`}, 'image/png', ${TINY_IMAGES.png.bytes.length}, ${Date.now()})`.execute(before.db);
    await before.close();
    const disk = path.join(shared.data.env.DATA_DIR!, 'uploads');
    fs.mkdirSync(disk, { recursive: true });
    for (const name of [kept, stray]) fs.writeFileSync(path.join(disk, name), TINY_IMAGES.png.bytes);

    const started = await startServerProcess(shared.data, { UPLOAD_SIGNING_SECRET: SECRET });
    shared.running.push(started);
    const link = createUploadLinks(SECRET).sign(`/uploads/${kept}`, Date.now());
    await expectImage(started.server, link, TINY_IMAGES.png);
    expect((await rawGet(started.server, `/uploads/${kept}`)).status).toBe(404);

    expect(fs.readdirSync(disk)).toEqual([stray]);
    const after = openData(shared.data);
    try {
      const stored = await after.db.selectFrom('upload_files').select('name').execute();
      expect(stored.map((row) => row.name)).toEqual([kept]);
      expect((await after.db.selectFrom('uploads').select('visibility').executeTakeFirstOrThrow()).visibility).toBe('private');
    } finally {
      await after.close();
    }
  });
});
