// Talking to the server as the app and the console do: signed calls (PRODUCT §2) and operator calls (§9).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ADDED_CHANNELS, BASE_URL, CAPTCHA_ANSWER, CHANNELS, FIRST_START_CHANNEL, OPERATOR, ROOT_INVITE_CODE, SIGNING, USERS } from './settings.js';

const RANSTR_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** 16 characters of [A-Za-z0-9], new for every call. */
function ranstr(): string {
  let out = '';
  while (out.length < 16) {
    for (const byte of randomBytes(24)) if (byte < 248 && out.length < 16) out += RANSTR_ALPHABET[byte % 62];
  }
  return out;
}

/** A call's JSON body with fresh signed fields: sign = md5(md5(appid + times + ranstr) + key). */
export function signedBody(fields: Record<string, unknown>, token = 'none'): string {
  const times = Date.now();
  const nonce = ranstr();
  const sign = md5(md5(`${SIGNING.appId}${times}${nonce}`) + SIGNING.key);
  return JSON.stringify({ ...fields, token, appid: SIGNING.appId, secret: SIGNING.keyId, times, ranstr: nonce, sign });
}

export const JSON_HEADERS = { 'content-type': 'application/json', 'accept-language': 'en' };

interface Envelope<T> {
  code: number;
  mess: string;
  data: T;
}

async function post<T>(path: string, body: string, headers: Record<string, string> = {}, baseUrl = BASE_URL): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code} ${envelope.mess}: ${JSON.stringify(envelope.data)}`);
  return envelope.data;
}

/** A signed app call; throws unless it answers 200. */
export const call = <T>(path: string, fields: Record<string, unknown> = {}, token?: string, baseUrl = BASE_URL) => post<T>(path, signedBody(fields, token), {}, baseUrl);

/** An operator console call with a bearer token; throws unless it answers 200. */
export const operatorCall = <T>(path: string, body: Record<string, unknown>, token: string, baseUrl = BASE_URL) =>
  post<T>(path, JSON.stringify(body), { authorization: `Bearer ${token}` }, baseUrl);

/** A recharge amount in cents: 10.00 … 20000.00, random to the cent. */
export const randomCents = () => randomInt(10_00, 20_000_00);

/** The same as the app sends it: a decimal string with two decimals. */
export const randomAmount = () => (randomCents() / 100).toFixed(2);

export const randomChannel = () => CHANNELS[randomInt(CHANNELS.length)]!;

export interface BenchUser {
  username: string;
  token: string;
}

/** A new account, registered with the root invitation code, signed in. */
export async function registerUser(username: string, baseUrl = BASE_URL): Promise<BenchUser> {
  const { captchaId } = await call<{ captchaId: string }>('/api/images/generate', {}, undefined, baseUrl);
  const fields = { username, password: 'benchpass1', payPassword: '123456', inviteCode: ROOT_INVITE_CODE, captchaId, captchaCode: CAPTCHA_ANSWER, lang: 'en' };
  const { token } = await call<{ token: string }>('/api/login/register', fields, undefined, baseUrl);
  return { username, token };
}

/** A second admin, made by the first, to propose what four eyes lets one admin only propose (PRODUCT §9). */
const SECOND_ADMIN = { username: 'benchadmin2', password: 'bench-second-admin-password' } as const;

/**
 * Raises the approval threshold of balance adjustments as an operator team must: a second admin proposes it and
 * the first-start admin (whom nobody created, so four eyes lets it approve at once) approves it.
 */
export async function raiseApprovalThreshold(operatorToken: string, amount: string, baseUrl = BASE_URL): Promise<void> {
  await operatorCall('/admin/api/operators/save', { ...SECOND_ADMIN, role: 'admin' }, operatorToken, baseUrl);
  const { token: secondToken } = await post<{ token: string }>('/admin/api/login', JSON.stringify(SECOND_ADMIN), {}, baseUrl);
  const saved = await operatorCall<{ thresholdRaise?: { id: string } }>('/admin/api/settings/save', { adjustApprovalThreshold: amount }, secondToken, baseUrl);
  if (!saved.thresholdRaise) throw new Error('raising the approval threshold was not proposed');
  await operatorCall('/admin/api/settings/threshold/approve', { id: saved.thresholdRaise.id }, operatorToken, baseUrl);
}

export interface Prepared {
  operatorToken: string;
  users: BenchUser[];
}

interface ChannelInput {
  id: string;
  [field: string]: unknown;
}

/**
 * Sets the fresh server (at `baseUrl`: the benchmark's own by default) up through its own API: the operator signs in, opens
 * the first-start channel (closed until then) with its random extra tenth off and adds three channels,
 * users register with the root invitation code, and each is funded by two
 * recharges the operator approves.
 */
export async function prepare(baseUrl = BASE_URL): Promise<Prepared> {
  const { token: operatorToken } = await post<{ token: string }>('/admin/api/login', JSON.stringify(OPERATOR), {}, baseUrl);

  const current = await operatorCall<{ rechargeChannels: ChannelInput[] }>('/admin/api/settings', {}, operatorToken, baseUrl);
  const added = ADDED_CHANNELS.map((id) => ({
    id,
    name: `Bench ${id.slice(-1).toUpperCase()}`,
    kind: 'bank',
    details: [{ label: 'Account number', value: `6222 0000 0000 000${id.slice(-1)}` }],
    minAmount: '1.00',
    maxAmount: '50000.00',
    randomDecimal: false,
    enabled: true,
  }));
  const firstStart = current.rechargeChannels.find((channel) => channel.id === FIRST_START_CHANNEL);
  if (!firstStart) throw new Error(`the first start made no channel "${FIRST_START_CHANNEL}"`);
  const channels = [{ ...firstStart, details: [{ label: 'Account number', value: '6222 0000 0000 0001' }], randomDecimal: false, enabled: true }, ...added];
  await operatorCall('/admin/api/settings/save', { rechargeChannels: channels }, operatorToken, baseUrl);

  const users: BenchUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(await registerUser(`bench${i}_${randomBytes(3).toString('hex')}`, baseUrl));

  for (const user of users) {
    for (const amount of ['1000.00', '250.00']) {
      const fields = { channelId: ADDED_CHANNELS[0], amount, requestId: randomBytes(12).toString('hex') };
      const { orderNo } = await call<{ orderNo: string }>('/api/money/recharge', fields, user.token, baseUrl);
      await operatorCall('/admin/api/recharges/review', { orderNo, approve: true, remark: '' }, operatorToken, baseUrl);
    }
  }
  return { operatorToken, users };
}
