import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, uploadReferenceOf, type OperatorRole } from '@wallet/contract';
import { operatorOnClock, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { openTestChannel, requestRecharge } from '../../testing/money.js';
import { operatorWithRole, type TestOperator } from '../../testing/operators.js';
import { callAs, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';
import { TINY_IMAGES, rawGet, uploadImage, type RawResponse } from '../../testing/uploads.js';

/*
 * PRODUCT §13: payment vouchers and feedback pictures reach their owner and
 * the operators whose role reads them, through links signed for 10 minutes;
 * any other request gets the 404 of a file that does not exist. Content
 * images stay public.
 */

const LINK = /^\/uploads\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/;
const TEN_MINUTES = 10 * 60 * 1000;

let server: ClockedServer;
let admin: () => Promise<string>;
const operators = {} as Record<OperatorRole, TestOperator>;

beforeAll(async () => {
  server = await startClockedServer();
  admin = operatorOnClock(server);
  await openTestChannel(server, await admin());
  for (const role of ['admin', 'finance', 'support', 'content'] as const) operators[role] = await operatorWithRole(server, await admin(), role);
});
afterAll(() => server.close());

async function upload(user: RegisteredUser, image: { bytes: Buffer; contentType: string } = TINY_IMAGES.png): Promise<string> {
  const answer = await uploadImage(server, { token: user.token, file: image, sign: { times: server.clock.now() } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.url;
}

/** What a request for a file that never existed gets: every refused read must look exactly like it. */
async function missingFileAnswer(): Promise<RawResponse> {
  return rawGet(server, `/uploads/${randomUUID()}.png`);
}

async function expectServed(url: string, image: { bytes: Buffer; contentType: string } = TINY_IMAGES.png) {
  const served = await rawGet(server, url);
  expect(served.status, url).toBe(200);
  expect(served.headers['content-type']).toBe(image.contentType);
  expect(served.headers['cache-control']).toBe('private, no-store');
  expect(served.body.equals(image.bytes)).toBe(true);
}

async function expectLikeMissing(url: string) {
  const [refused, missing] = await Promise.all([rawGet(server, url), missingFileAnswer()]);
  expect(refused.status, url).toBe(404);
  expect(refused.body.toString(), url).toBe(missing.body.toString());
  for (const header of ['content-type', 'cache-control', 'content-length']) expect(refused.headers[header], header).toBe(missing.headers[header]);
  expect(refused.headers['cache-control']).toBe('private, no-store');
}

describe('a payment voucher', () => {
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let orderNo: string;
  let uploaded: string;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([registerUser(server), registerUser(server)]);
    uploaded = await upload(owner);
    const recharge = await requestRecharge(server, owner, '60', { voucher: uploaded });
    expect(recharge.status).toBe(200);
    orderNo = recharge.body.data.orderNo;
  });

  it('is shown to its owner through every recharge call that returns it, and never kept in a cache', async () => {
    expect(uploaded).toMatch(LINK);
    await expectServed(uploaded);
    const detail = await callAs(server, owner, CALLS.rechargeDetail, { orderNo });
    const listed = await callAs(server, owner, CALLS.rechargeList, { page: 1, pageSize: 10 });
    const links = [detail.body.data.voucher!, listed.body.data.items[0]!.voucher!];
    for (const link of links) {
      expect(link).toMatch(LINK);
      expect(uploadReferenceOf(link)).toBe(uploadReferenceOf(uploaded));
      await expectServed(link);
    }
  });

  it('keeps the path, not a link: the database holds no signature', async () => {
    const row = await server.database.db.selectFrom('recharges').select('voucher').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect(row.voucher).toBe(uploadReferenceOf(uploaded));
  });

  it('is a missing file to anyone without a link: another user asking for the plain path, or for the record', async () => {
    await expectLikeMissing(uploadReferenceOf(uploaded));
    expectRefusal(await callAs(server, stranger, CALLS.rechargeDetail, { orderNo }), 404, 'NOT_FOUND');
    expect((await callAs(server, stranger, CALLS.rechargeList, { page: 1, pageSize: 10 })).body.data.items).toEqual([]);
  });

  it.each(['admin', 'finance'] as const)('reaches operators of the %s role through the review queue', async (role) => {
    const queue = await operatorCallAs(server, operators[role].token, OPERATOR_CALLS.recharges, { q: orderNo, page: 1, pageSize: 10 });
    expect(queue.status).toBe(200);
    await expectServed(queue.body.data.items[0]!.voucher!);
  });

  it.each(['support', 'content'] as const)('never reaches operators of the %s role, who may not read the queue', async (role) => {
    const queue = await operatorCallAs(server, operators[role].token, OPERATOR_CALLS.recharges, { q: orderNo, page: 1, pageSize: 10 });
    expectRefusal(queue, 403, 'ROLE_FORBIDDEN');
  });

  it('comes with the answer of the review itself', async () => {
    const second = await requestRecharge(server, owner, '61', { voucher: await upload(owner) });
    const reviewed = await operatorCallAs(server, operators.finance.token, OPERATOR_CALLS.reviewRecharge, { orderNo: second.body.data.orderNo, approve: false, remark: 'no payment' });
    expect(reviewed.status).toBe(200);
    await expectServed(reviewed.body.data.voucher!);
  });

  it('can be replaced with the link an upload answered, or with the plain path a client sent before', async () => {
    const third = await requestRecharge(server, owner, '62');
    for (const voucher of [await upload(owner), uploadReferenceOf(await upload(owner))]) {
      const attached = await callAs(server, owner, CALLS.attachRechargeVoucher, { orderNo: third.body.data.orderNo, voucher });
      expect(attached.status).toBe(200);
      expect(uploadReferenceOf(attached.body.data.voucher!)).toBe(uploadReferenceOf(voucher));
      await expectServed(attached.body.data.voucher!);
    }
  });
});

describe('feedback pictures', () => {
  let sender: RegisteredUser;
  let id: string;
  let images: string[];

  beforeAll(async () => {
    sender = await registerUser(server);
    const sent = await callAs(server, sender, CALLS.submitFeedback, {
      email: 'me@example.com',
      content: 'The receipt screen cuts off the amount.',
      images: [await upload(sender), await upload(sender, TINY_IMAGES.gif)],
    });
    expect(sent.status).toBe(200);
    ({ id, images } = sent.body.data);
  });

  it('are shown to their sender, in the answer and in their feedback list', async () => {
    const mine = await callAs(server, sender, CALLS.myFeedback, { page: 1, pageSize: 10 });
    for (const list of [images, mine.body.data.items[0]!.images]) {
      await expectServed(list[0]!);
      await expectServed(list[1]!, TINY_IMAGES.gif);
    }
  });

  it('are a missing file to another user and to anyone with the plain path', async () => {
    const stranger = await registerUser(server);
    expect((await callAs(server, stranger, CALLS.myFeedback, { page: 1, pageSize: 10 })).body.data.items).toEqual([]);
    for (const image of images) await expectLikeMissing(uploadReferenceOf(image));
  });

  it.each(['admin', 'support'] as const)('reach operators of the %s role through the feedback list and the reply', async (role) => {
    const listed = await operatorCallAs(server, operators[role].token, OPERATOR_CALLS.feedback, { page: 1, pageSize: 50 });
    const item = listed.body.data.items.find((feedback) => feedback.id === id)!;
    await expectServed(item.images[0]!);
    const replied = await operatorCallAs(server, operators[role].token, OPERATOR_CALLS.replyFeedback, { id, reply: `Thanks, seen by ${role}.` });
    await expectServed(replied.body.data.images[1]!, TINY_IMAGES.gif);
  });

  it.each(['finance', 'content'] as const)('never reach operators of the %s role', async (role) => {
    expectRefusal(await operatorCallAs(server, operators[role].token, OPERATOR_CALLS.feedback, { page: 1, pageSize: 50 }), 403, 'ROLE_FORBIDDEN');
  });
});

describe('an avatar', () => {
  it('is shown to its owner only', async () => {
    const owner = await registerUser(server);
    const updated = await callAs(server, owner, CALLS.updateUser, { avatar: await upload(owner) });
    expect(updated.body.data.avatar).toMatch(LINK);
    const info = await callAs(server, owner, CALLS.userInfo, {});
    await expectServed(info.body.data.avatar!);
    await expectLikeMissing(uploadReferenceOf(info.body.data.avatar!));
  });
});

describe('a content image', () => {
  it('is public: a plain path anyone may read and keep for a year', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(TINY_IMAGES.webp.bytes)], { type: 'image/webp' }), 'cover.webp');
    const response = await fetch(`${server.baseUrl}${OPERATOR_CALLS.uploadImage.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operators.content.token}` },
      body: form,
    });
    const { url } = ((await response.json()) as { data: { url: string } }).data;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await rawGet(server, url);
    expect([served.status, served.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(served.body.equals(TINY_IMAGES.webp.bytes)).toBe(true);
  });
});

describe('a link', () => {
  let owner: RegisteredUser;
  beforeAll(async () => {
    owner = await registerUser(server);
  });

  it('is refused when tampered with, cut short or borrowed from another file', async () => {
    const link = await upload(owner);
    const other = await upload(owner);
    const path = uploadReferenceOf(link);
    const { exp, sig } = Object.fromEntries(new URL(link, server.baseUrl).searchParams) as { exp: string; sig: string };
    const otherSig = new URL(other, server.baseUrl).searchParams.get('sig')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    for (const url of [
      `${path}?exp=${exp}`,
      `${path}?sig=${sig}`,
      `${path}?exp=${exp}&sig=${flipped}`,
      `${path}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${path}?exp=${exp}&sig=${otherSig}`,
      `${path}?exp=${exp}&sig=${sig.slice(0, 20)}`,
      `${path}?exp=${exp}&sig=${sig}&sig=${sig}`,
      `${path}?exp=${exp}0&sig=${sig}`,
      `${path}?exp=-${exp}&sig=${sig}`,
      `${uploadReferenceOf(other)}?exp=${exp}&sig=${sig}`,
      `${path.replace('.png', '.gif')}?exp=${exp}&sig=${sig}`,
    ]) {
      await expectLikeMissing(url);
    }
    await expectServed(link);
  });

  it('works for 10 minutes and not a moment longer', async () => {
    const link = await upload(owner);
    const exp = Number(new URL(link, server.baseUrl).searchParams.get('exp'));
    expect(exp * 1000).toBeLessThanOrEqual(server.clock.now() + TEN_MINUTES);
    expect(exp * 1000).toBeGreaterThan(server.clock.now() + TEN_MINUTES - 1000);
    server.clock.advance(exp * 1000 - server.clock.now() - 1);
    await expectServed(link);
    server.clock.advance(1);
    await expectLikeMissing(link);
    const fresh = await callAs(server, owner, CALLS.updateUser, { avatar: link });
    expect(fresh.status).toBe(200);
    await expectServed(fresh.body.data.avatar!);
  });
});
