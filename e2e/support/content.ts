import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { DEFAULT_APP_ID, DEV_SIGNING_KEY, computeSign, randomRanstr, type Envelope } from '@wallet/contract/core';
import type { OperatorBody, OperatorClient, OperatorResult } from './fixtures';
import { E2E_BASE_URL } from './server';

export type ContentFields = OperatorBody<'/admin/api/content/save'>;
export type ContentItem = OperatorResult<'/admin/api/content/save'>;
export type OperatorFeedback = OperatorResult<'/admin/api/feedback'>['items'][number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Publishes a notice, activity or banner through the operator API, as the console would. */
export function publish(operator: OperatorClient, fields: ContentFields): Promise<ContentItem> {
  return operator.call('/admin/api/content/save', fields);
}

export function removeContent(operator: OperatorClient, id: string): Promise<unknown> {
  return operator.call('/admin/api/content/delete', { id });
}

/** An activity running now, ending in `days` days. */
export const runningFor = (days: number) => ({ publishAt: Date.now() - 60_000, expiresAt: Date.now() + days * DAY_MS });

/** An activity that ended `daysAgo` days ago (ended ones stay listed for 30 days). */
export const endedDaysAgo = (daysAgo: number) => ({ publishAt: Date.now() - (daysAgo + 14) * DAY_MS, expiresAt: Date.now() - daysAgo * DAY_MS });

/** The user's newest feedback as the operators see it. */
export async function feedbackFrom(operator: OperatorClient, username: string): Promise<OperatorFeedback> {
  const { items } = await operator.call('/admin/api/feedback', { answered: false, page: 1, pageSize: 50 });
  const found = items.find((item) => item.username === username);
  if (!found) throw new Error(`no unanswered feedback from ${username}`);
  return found;
}

export async function replyToFeedback(operator: OperatorClient, id: string, reply: string): Promise<void> {
  await operator.call('/admin/api/feedback/reply', { id, reply });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, check]);
}

/** A small PNG with a diagonal gradient between two colours: a believable cover or screenshot without an image library. */
export function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const share = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) rows[row + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * share);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Uploads an image as the signed-in user's app does (multipart, signed fields) and answers its address. */
/** A content picture (a cover) as the console uploads it: an operator's upload, public. */
export async function uploadAsOperator(operator: OperatorClient, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const response = await fetch(`${E2E_BASE_URL}/admin/api/upload/image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${operator.token}` } });
  const envelope = (await response.json()) as Envelope<{ url: string }>;
  if (envelope.code !== 200) throw new Error(`operator upload failed: ${envelope.code} ${envelope.mess}`);
  return envelope.data.url;
}

/** A user's picture (a voucher): private, answered as a link signed for a while. */
export async function uploadAs(token: string, png: Buffer): Promise<string> {
  const times = Date.now();
  const ranstr = randomRanstr((bytes) => randomBytes(bytes.length));
  const form = new FormData();
  const fields = { token, appid: DEFAULT_APP_ID, secret: 'k1', times, ranstr, sign: computeSign(DEFAULT_APP_ID, times, ranstr, DEV_SIGNING_KEY) };
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const response = await fetch(`${E2E_BASE_URL}/api/upload/image`, { method: 'POST', body: form, headers: { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` } });
  const envelope = (await response.json()) as Envelope<{ url: string }>;
  if (envelope.code !== 200) throw new Error(`upload failed: ${envelope.code} ${envelope.mess}`);
  return envelope.data.url;
}
