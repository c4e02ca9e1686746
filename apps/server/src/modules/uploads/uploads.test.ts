import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, REASONS, uploadReferenceOf, type Envelope, type ErrorData, type Reason } from '@wallet/contract';
import { operatorToken, registerUser, type RegisteredUser } from '../../testing/accounts.js';
import { post, signedBody, startTestServer, type TestServer } from '../../testing/test-server.js';
import { errorOf } from '../../testing/typed-call.js';
import { TINY_IMAGES, rawGet, uploadImage } from '../../testing/uploads.js';

let server: TestServer;
let user: RegisteredUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await registerUser(server);
});
afterAll(async () => server.close());

const MB = 1024 * 1024;
const UPLOAD_PATH = CALLS.uploadImage.path;
const UPLOAD_URL = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;
/** A user's picture is private: its URL is a link signed for a while. */
const SIGNED_UPLOAD_URL = /^\/uploads\/[0-9a-f-]{36}\.(jpg|png|gif|webp)\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/;

const uploadCount = async () =>
  Number((await server.database.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

function expectRefusal(response: { status: number; body: { code: number; data: unknown } }, status: number, reason: Reason) {
  expect(REASONS[reason]).toBe(status);
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(status);
  expect((response.body.data as ErrorData).reason).toBe(reason);
}

describe('upload/image accepts images, checked by their bytes', () => {
  it.each(Object.entries(TINY_IMAGES))('takes a %s and serves the same bytes back with its type and nosniff', async (extension, image) => {
    const response = await uploadImage(server, { token: user.token, file: { ...image, filename: `photo.${extension}` } });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.mess).toBe('Uploaded');
    expect(Object.keys(response.body.data)).toEqual(['url']);
    const { url } = response.body.data;
    expect(url).toMatch(SIGNED_UPLOAD_URL);
    expect(uploadReferenceOf(url).endsWith(`.${extension}`)).toBe(true);

    const served = await fetch(`${server.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(image.contentType);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(Buffer.from(await served.arrayBuffer()).equals(image.bytes)).toBe(true);

    const row = await server.database.db.selectFrom('uploads').selectAll().where('url', '=', uploadReferenceOf(url)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content_type: image.contentType, size: image.bytes.length, visibility: 'private' });
  });

  it('goes by the bytes, not by the name or declared type', async () => {
    const response = await uploadImage(server, {
      token: user.token,
      file: { bytes: TINY_IMAGES.gif.bytes, filename: 'page.html', contentType: 'text/html' },
    });
    expect(response.status).toBe(200);
    expect(uploadReferenceOf(response.body.data.url)).toMatch(/\.gif$/);
    const served = await fetch(`${server.baseUrl}${response.body.data.url}`);
    expect(served.headers.get('content-type')).toBe('image/gif');
  });

  it('takes a file of exactly 5 MB', async () => {
    const bytes = Buffer.alloc(5 * MB, 0);
    TINY_IMAGES.png.bytes.copy(bytes);
    const response = await uploadImage(server, { token: user.token, file: { bytes, filename: 'big.png', contentType: 'image/png' } });
    expect(response.status).toBe(200);
    const served = await fetch(`${server.baseUrl}${response.body.data.url}`);
    expect(Number(served.headers.get('content-length'))).toBe(5 * MB);
  });
});

describe('upload/image refuses', () => {
  const notImages = [
    ['a text file named .png', { bytes: Buffer.from('just some text, honestly a picture'), filename: 'picture.png', contentType: 'image/png' }],
    [
      'an SVG',
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(document.cookie)</script></svg>'),
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
      },
    ],
    ['an HTML page', { bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), filename: 'a.png', contentType: 'text/html' }],
    ['a PNG signature cut short', { bytes: TINY_IMAGES.png.bytes.subarray(0, 6), filename: 'cut.png', contentType: 'image/png' }],
    ['a RIFF file that is not WebP', { bytes: Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '), filename: 'x.webp', contentType: 'image/webp' }],
  ] as const;

  it.each(notImages)('%s with 400 fields.file', async (_name, file) => {
    const before = await uploadCount();
    const response = await uploadImage(server, { token: user.token, file });
    expectRefusal(response, 400, 'VALIDATION');
    expect(errorOf(response).fields).toEqual({ file: 'Only JPEG, PNG, GIF or WebP images are accepted.' });
    expect(await uploadCount()).toBe(before);
  });

  it('a file over 5 MB with 413 PAYLOAD_TOO_LARGE, keeping nothing', async () => {
    const before = await uploadCount();
    const bytes = Buffer.alloc(5 * MB + 1, 0);
    TINY_IMAGES.png.bytes.copy(bytes);
    const response = await uploadImage(server, { token: user.token, file: { bytes, filename: 'huge.png', contentType: 'image/png' } });
    expectRefusal(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.body.mess).toBe('The request is too large.');
    expect(await uploadCount()).toBe(before);
  });

  it('no file, an empty file or a file under another name with 400 fields.file', async () => {
    const missing = await uploadImage(server, { token: user.token });
    expectRefusal(missing, 400, 'VALIDATION');
    expect(errorOf(missing).fields).toEqual({ file: 'This field is required.' });

    const empty = await uploadImage(server, { token: user.token, file: { bytes: Buffer.alloc(0), filename: 'empty.png' } });
    expectRefusal(empty, 400, 'VALIDATION');
    expect(Object.keys(errorOf(empty).fields ?? {})).toEqual(['file']);

    const form = new FormData();
    for (const [name, value] of Object.entries(signedBody({}, { token: user.token }))) form.append(name, String(value));
    form.append('image', new Blob([new Uint8Array(TINY_IMAGES.png.bytes)], { type: 'image/png' }), 'a.png');
    const elsewhere = await fetch(`${server.baseUrl}${UPLOAD_PATH}`, { method: 'POST', body: form });
    const body = (await elsewhere.json()) as Envelope<ErrorData>;
    expect([elsewhere.status, body.code, body.data.reason]).toEqual([400, 400, 'VALIDATION']);
    expect(Object.keys(body.data.fields ?? {})).toEqual(['file']);
  });

  it('an unknown form field with 400 naming it', async () => {
    const response = await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, fields: { avatar: '1' } });
    expectRefusal(response, 400, 'VALIDATION');
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['avatar']);
  });

  it('a caller without a session with 401', async () => {
    const none = await uploadImage(server, { file: TINY_IMAGES.png });
    expectRefusal(none, 401, 'SESSION_REQUIRED');
    const unknown = await uploadImage(server, { token: 'x'.repeat(43), file: TINY_IMAGES.png });
    expectRefusal(unknown, 401, 'SESSION_INVALID');
  });

  it('a bad, missing, stale or replayed signature with 403', async () => {
    const before = await uploadCount();
    const badSign = await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, fields: { sign: '0'.repeat(32) } });
    expectRefusal(badSign, 403, 'SIGNATURE_INVALID');
    const wrongKey = await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, sign: { key: 'not-the-key' } });
    expectRefusal(wrongKey, 403, 'SIGNATURE_INVALID');
    const badTimes = await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, fields: { times: 'yesterday' } });
    expectRefusal(badTimes, 403, 'SIGNATURE_INVALID');
    const stale = await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, sign: { times: Date.now() - 10 * 60 * 1000 } });
    expectRefusal(stale, 403, 'REQUEST_STALE');

    const form = new FormData();
    form.append('token', user.token);
    form.append('file', new Blob([new Uint8Array(TINY_IMAGES.png.bytes)], { type: 'image/png' }), 'a.png');
    const unsigned = await fetch(`${server.baseUrl}${UPLOAD_PATH}`, { method: 'POST', body: form });
    expect([unsigned.status, ((await unsigned.json()) as Envelope<ErrorData>).data.reason]).toEqual([403, 'SIGNATURE_INVALID']);

    const ranstr = 'Replay0123456789';
    expect((await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, sign: { ranstr } })).status).toBe(200);
    const replay = await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, sign: { ranstr } });
    expectRefusal(replay, 403, 'REQUEST_REPLAYED');
    expect(await uploadCount()).toBe(before + 1);
  });

  it('a JSON or plain-text body with 415', async () => {
    const json = await post(server, UPLOAD_PATH, signedBody({}, { token: user.token }));
    expectRefusal(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const text = await fetch(`${server.baseUrl}${UPLOAD_PATH}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'file' });
    const body = (await text.json()) as Envelope<ErrorData>;
    expect([text.status, body.code, body.data.reason]).toEqual([415, 415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('a multipart body it cannot read (no boundary, cut off) with 400, not 500', async () => {
    const signedParts = Object.entries(signedBody({}, { token: user.token }))
      .map(([name, value]) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`)
      .join('');
    const cutOff = `${signedParts}--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
    for (const [contentType, body] of [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=xyz', cutOff],
    ] as const) {
      const before = await uploadCount();
      const response = await fetch(`${server.baseUrl}${UPLOAD_PATH}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      const envelope = (await response.json()) as Envelope<ErrorData>;
      expect([response.status, envelope.code, envelope.data.reason]).toEqual([400, 400, 'VALIDATION']);
      expect(Object.keys(envelope.data.fields ?? {})).toEqual(['body']);
      expect(await uploadCount()).toBe(before);
    }
  });

  it('sends multipart only to the uploads: a JSON call or another operator call answers 415', async () => {
    for (const path of [CALLS.userInfo.path, CALLS.signIn.path, CALLS.userAssets.path, OPERATOR_CALLS.users.path]) {
      const form = new FormData();
      for (const [name, value] of Object.entries(signedBody({}, { token: user.token }))) form.append(name, String(value));
      const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', body: form });
      const envelope = (await response.json()) as Envelope<ErrorData>;
      expect([path, response.status, envelope.code, envelope.data.reason]).toEqual([path, 415, 415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
  });

  it('more than 30 pictures an hour from one account with 429', async () => {
    const uploader = await registerUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await uploadImage(server, { token: uploader.token, file: TINY_IMAGES.gif })).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    const other = await uploadImage(server, { token: user.token, file: TINY_IMAGES.gif });
    expect(other.status).toBe(200);
  });
});

/** The console's upload: a bearer token instead of the app's signed fields. */
async function operatorUpload(token: string | null, file: { bytes: Buffer; contentType: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), 'cover');
  const response = await fetch(`${server.baseUrl}${OPERATOR_CALLS.uploadImage.path}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<{ url: string } & ErrorData> };
}

describe('admin/api/upload/image', () => {
  it('keeps an operator’s picture, public, and no user can pass it off as their own', async () => {
    const token = await operatorToken(server);
    const uploaded = await operatorUpload(token, TINY_IMAGES.webp);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data.url).toMatch(UPLOAD_URL);
    const served = await rawGet(server, uploaded.body.data.url);
    expect([served.status, served.headers['content-type'], served.headers['cache-control']]).toEqual([200, 'image/webp', 'public, max-age=31536000, immutable']);
    expect(served.body.equals(TINY_IMAGES.webp.bytes)).toBe(true);

    const feedback = await post(
      server,
      CALLS.submitFeedback.path,
      signedBody({ email: 'someone@example.com', content: 'A picture that is not mine.', images: [uploaded.body.data.url] }, { token: user.token }),
    );
    expect(feedback.status).toBe(400);
    expect((feedback.body.data as ErrorData).fields).toHaveProperty(['images.0']);
  });

  it('refuses a caller without a bearer token (401) and a file that is not an image (400), keeping nothing', async () => {
    const before = await uploadCount();
    expectRefusal(await operatorUpload(null, TINY_IMAGES.png), 401, 'SESSION_REQUIRED');
    const token = await operatorToken(server);
    const text = await operatorUpload(token, { bytes: Buffer.from('<svg onload="alert(1)"></svg>'), contentType: 'image/svg+xml' });
    expectRefusal(text, 400, 'VALIDATION');
    expect(text.body.data.fields).toEqual({ file: expect.any(String) });
    expect(await uploadCount()).toBe(before);
  });
});

describe('GET /uploads/', () => {
  it.each([
    '/uploads/../secret.txt',
    '/uploads/..%2Fsecret.txt',
    '/uploads/%2e%2e%2fsecret.txt',
    '/uploads/%2e%2e/secret.txt',
    '/uploads/..%5Csecret.txt',
    '/uploads/....//secret.txt',
    '/uploads/%252e%252e%252fsecret.txt',
    '/uploads/secret.txt',
    '/uploads/..',
    '/uploads/.',
    '/uploads/',
    '/uploads/00000000-0000-0000-0000-000000000000.png',
    '/uploads/00000000-0000-0000-0000-000000000000.png%00.txt',
    '/uploads/..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '/uploads/%2Fetc%2Fpasswd',
  ])('answers %s with a 404 envelope and never a file outside the uploads', async (requestPath) => {
    fs.writeFileSync(path.join(server.config.dataDir, 'secret.txt'), 'TOP SECRET');
    const response = await rawGet(server, requestPath);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(response.body.toString('utf8')) as Envelope<ErrorData>;
    expect(body).toEqual({ code: 404, mess: 'What you are looking for does not exist.', data: { reason: 'NOT_FOUND' } });
    expect(response.body.toString('utf8')).not.toContain('TOP SECRET');
  });
});
