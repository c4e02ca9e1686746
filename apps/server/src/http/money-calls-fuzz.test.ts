import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, CHANNEL_KINDS, KEFU_KINDS, LANGUAGES, OPERATOR_CALLS, RECORD_STATUSES, formatMoney, type CallDefinition, type CallResult } from '@wallet/contract';
import * as moneyCalls from '../../../../packages/contract/src/calls/money.js';
import * as operatorMoneyCalls from '../../../../packages/contract/src/calls/operator-money.js';
import { operatorToken } from '../testing/accounts.js';
import { CallFuzz, FUZZ_ACCEPT_LANGUAGE, junkOf, FUZZ_PAY_PASSWORD, MOSTLY_RIGHT_BODIES, USUAL_CLIENT, KNOWN_USERNAME, KNOWN_USER_ID, OWN_UPLOAD, TRICKY_STRINGS, describeEachCall, type CallFuzzSetup, type FuzzUser } from '../testing/call-fuzz.js';
import { FIRST_CHANNEL_ID, openTestChannel, requestRecharge, review, verifyLedger, withdraw, allowLargeAdjustments } from '../testing/money.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { callAs, operatorCallAs } from '../testing/typed-call.js';

/*
 * Random bodies to every money call of the app and of the console: whatever
 * arrives, the answer is the envelope PRODUCT §2 promises, never a 500, and
 * the ledger still balances afterwards.
 */

/** Per call: enough to reach each call's rules through the canonical values below, small enough for well under a minute on both databases. */
const RUNS_PER_CALL = 80;

const APP_MONEY_CALLS: CallDefinition[] = Object.values(moneyCalls);
/** Saving settings changes what every other call sees, so it runs last. */
const OPERATOR_MONEY_CALLS: CallDefinition[] = Object.values(operatorMoneyCalls).sort(
  (a, b) => Number(a === operatorMoneyCalls.saveSettings) - Number(b === operatorMoneyCalls.saveSettings),
);

/** Stand-ins replaced just before sending by something real on the server. */
const OWN_RECHARGE = 'own-recharge:7c1d';
const OWN_WITHDRAWAL = 'own-withdrawal:7c1d';
const REVIEWED_RECHARGE = 'reviewed-recharge:7c1d';
const REVIEWED_WITHDRAWAL = 'reviewed-withdrawal:7c1d';
/** A few request ids used again and again, so retries and conflicts happen. */
const REPEATED_REQUEST_IDS = [randomUUID(), randomUUID(), randomUUID()];
/** No order has this number. */
const NO_ORDER = 'R000000AAAAAAAAAA';

let server: TestServer;
let fuzz: CallFuzz;
let reviewed: { recharge: string; withdrawal: string };
let operatorBearer: string;
let originalSettings: CallResult<typeof operatorMoneyCalls.readSettings>;

beforeAll(async () => {
  server = await startTestServer();
  fuzz = await CallFuzz.start(server, setup);
  const { known } = fuzz;
  operatorBearer = await operatorToken(server);
  await openTestChannel(server, operatorBearer);
  const recharge = await requestRecharge(server, known, '88');
  expect((await review(server, operatorBearer, 'recharges', recharge.body.data.orderNo, true)).status).toBe(200);
  const withdrawal = await withdraw(server, known, '20', { payPassword: FUZZ_PAY_PASSWORD });
  expect((await review(server, operatorBearer, 'withdrawals', withdrawal.body.data.orderNo, false, 'Fuzz')).status).toBe(200);
  reviewed = { recharge: recharge.body.data.orderNo, withdrawal: withdrawal.body.data.orderNo };
  originalSettings = (await operatorCallAs(server, operatorBearer, OPERATOR_CALLS.settings, {})).body.data;
});
afterAll(async () => server.close());

/** A recharge under review of this user (the known user's when none). */
async function rechargeOf(user: FuzzUser | null): Promise<string> {
  // A whole amount from 10 to 49 999: within the first channel's limits, seldom one that is already busy.
  const amount = formatMoney((10 + Math.floor(Math.random() * 49_990)) * 100);
  const answer = await callAs(server, { token: user?.token ?? fuzz.known.token }, CALLS.createRecharge, { channelId: FIRST_CHANNEL_ID, amount, requestId: randomUUID() });
  return answer.status === 200 ? answer.body.data.orderNo : NO_ORDER;
}

async function fundUser(userId: string): Promise<void> {
  // The settings fuzz may have lowered the approval threshold meanwhile.
  await allowLargeAdjustments(server);
  await operatorCallAs(server, operatorBearer, OPERATOR_CALLS.adjustUser, { userId, account: 'available', amount: '100000', reason: 'Fuzz funds', requestId: randomUUID() });
}

/** A withdrawal under review of this user (of a new user when none), paid for by an operator's adjustment. */
async function withdrawalOf(user: FuzzUser | null): Promise<string> {
  const owner = user ?? (await fuzz.mintUser(false));
  await fundUser(owner.id);
  const answer = await callAs(server, { token: owner.token }, CALLS.createWithdrawal, {
    name: 'Fuzz',
    bankName: 'Fuzz Bank',
    cardNo: '6222000011112222',
    amount: '20',
    payPassword: FUZZ_PAY_PASSWORD,
    requestId: randomUUID(),
  });
  return answer.status === 200 ? answer.body.data.orderNo : NO_ORDER.replace('R', 'W');
}

// ---------------------------------------------------------------- arbitraries

const trickyString = fc.constantFrom(
  ...TRICKY_STRINGS,
  '-0',
  'Infinity',
  "'; drop table recharges; --",
  '１２３',
  '٣',
  '12.345',
  '0x10',
  '+5',
  '.5',
  '5.',
  '99999999999999999999',
  'R000000AAAAAAAAAA',
  'bank-transfer',
);

const junk = junkOf({ tricky: trickyString, edgeNumbers: [0, -0, 1, -1, 0.1, 0.005, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 5e-324, 1e21], hugeUnits: ['a', '9', '.', 'é', '𝒜', '\u0000', '"', '\\', '🙂'], hugeMax: 200_000, numberStrings: true });

/** Money as a client types it: within the usual limits, now and then as a JSON number or with one decimal. */
const moneyText = fc.integer({ min: 1, max: 6_000_000 }).map((cents) => formatMoney(cents));
const moneyInput = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1_000, max: 5_000_000 }).map((cents) => formatMoney(cents)) },
  { weight: 1, arbitrary: moneyText },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 50_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 500_000 }).map((tenths) => (tenths / 10).toFixed(1)) },
);
const cardNo = fc.oneof(
  fc.stringMatching(/^[0-9]{10,30}$/),
  fc.stringMatching(/^[0-9]{4}( [0-9]{4}){3}$/),
  fc.stringMatching(/^[0-9]{4}(-[0-9]{4}){3}$/),
);
const shortText = (max: number) => fc.string({ minLength: 1, maxLength: max });

/** A minimum and a maximum in order. */
const limits = fc
  .tuple(fc.integer({ min: 1, max: 6_000_000 }), fc.integer({ min: 1, max: 6_000_000 }))
  .map(([a, b]) => ({ minAmount: formatMoney(Math.min(a, b)), maxAmount: formatMoney(Math.max(a, b)) }));
const channel = fc
  .tuple(
    fc.record({
      id: fc.oneof(fc.constant(FIRST_CHANNEL_ID), fc.stringMatching(/^[a-z0-9-]{1,12}$/)),
      name: shortText(30),
      kind: fc.constantFrom(...CHANNEL_KINDS),
      details: fc.array(fc.record({ label: shortText(20), value: shortText(40) }), { maxLength: 3 }),
      randomDecimal: fc.boolean(),
      enabled: fc.boolean(),
    }),
    limits,
  )
  .map(([rest, range]) => ({ ...rest, ...range }));
const feeRate = fc.oneof(fc.stringMatching(/^0\.[0-9]{1,4}$/), fc.constantFrom('0', '0.5', '0.01', '0.015'));
const withdrawalSetting = fc.tuple(limits, feeRate).map(([range, rate]) => ({ ...range, feeRate: rate }));
const kefuContact = fc.record({ name: shortText(20), kind: fc.constantFrom(...KEFU_KINDS), value: shortText(40), hours: fc.string({ maxLength: 20 }) });
const release = fc.record({
  version: fc.stringMatching(/^\d{1,2}\.\d{1,2}\.\d{1,2}$/),
  versionCode: fc.integer({ min: 0, max: 10_000 }),
  notes: fc.string({ maxLength: 40 }),
  androidUrl: fc.string({ maxLength: 40 }),
  iosUrl: fc.string({ maxLength: 40 }),
  updateUrl: fc.string({ maxLength: 40 }),
  force: fc.boolean(),
  minVersionCode: fc.integer({ min: 0, max: 10_000 }),
});

/** Mostly an order of the kind the call is about, now and then one of the other kind or one already reviewed. */
function orderNoFor(path: string): fc.Arbitrary<unknown> {
  const [own, other, reviewedOwn] = /withdraw|widht/.test(path)
    ? [OWN_WITHDRAWAL, OWN_RECHARGE, REVIEWED_WITHDRAWAL]
    : [OWN_RECHARGE, OWN_WITHDRAWAL, REVIEWED_RECHARGE];
  return fc.oneof({ weight: 6, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.constant(other) }, { weight: 1, arbitrary: fc.constant(reviewedOwn) });
}

/** What a correct client sends for a field of this name, so calls get past validation to their rules. */
function canonical(field: string, path: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'channelId':
      return fc.constant(FIRST_CHANNEL_ID);
    case 'amount':
    case 'minAmount':
    case 'maxAmount':
      return moneyInput;
    case 'requestId':
      return fc.oneof(fc.uuid(), fc.constantFrom(...REPEATED_REQUEST_IDS));
    case 'voucher':
      return fc.constant(OWN_UPLOAD);
    case 'orderNo':
      return orderNoFor(path);
    case 'name':
    case 'bankName':
      return shortText(30);
    case 'address':
      return fc.string({ maxLength: 60 });
    case 'cardNo':
      return cardNo;
    case 'useLastCard':
    case 'approve':
    case 'randomDecimal':
    case 'enabled':
      return fc.boolean();
    case 'payPassword':
      return fc.oneof({ weight: 3, arbitrary: fc.constant(FUZZ_PAY_PASSWORD) }, { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{6}$/) });
    case 'status':
      return fc.constantFrom(...RECORD_STATUSES);
    case 'q':
      return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(KNOWN_USERNAME, KNOWN_USER_ID, REVIEWED_RECHARGE, REVIEWED_WITHDRAWAL));
    case 'remark':
    case 'reason':
      return fc.string({ minLength: 1, maxLength: 40 });
    case 'userId':
      return fc.constant(KNOWN_USER_ID);
    case 'account':
      return fc.constantFrom('available', 'coin');
    case 'page':
      return fc.integer({ min: 1, max: 3 });
    case 'pageSize':
      return fc.integer({ min: 1, max: 50 });
    case 'feeRate':
      return feeRate;
    case 'rechargeChannels':
      return fc.array(channel, { maxLength: 3 });
    case 'withdrawal':
      return withdrawalSetting;
    case 'displayName':
      return shortText(20);
    case 'defaultLang':
      return fc.constantFrom(...LANGUAGES);
    case 'kefu':
      return fc.array(kefuContact, { maxLength: 3 });
    case 'release':
      return release;
    default:
      return fc.string({ maxLength: 20 });
  }
}

/** Almost right: the values a rule has to tell apart from right ones. */
function nearby(field: string, path: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'channelId':
      return fc.constantFrom('BANK-TRANSFER', ' bank-transfer', 'no-such-channel', '');
    case 'amount':
    case 'minAmount':
    case 'maxAmount':
      return fc.constantFrom('0', '0.00', '-5', '-0.01', '5.5', '1.234', '9.99', '50000.01', '10000000000.00', '10000000000.01', '1e3', ' 10', 0, -1, 10.005);
    case 'requestId':
      return fc.constantFrom('short', 'x'.repeat(65), 'has space in it', '');
    case 'voucher':
      return fc.oneof(fc.constant(fuzz.knownUploadUrl), fc.webUrl(), fc.constant('/uploads/none.png'));
    case 'orderNo':
      return fc.oneof(fc.constant(NO_ORDER), fc.string({ minLength: 38, maxLength: 42 }));
    case 'cardNo':
      return fc.oneof(fc.stringMatching(/^[0-9]{1,9}$/), fc.stringMatching(/^[0-9]{31,40}$/), fc.constant('6222 abcd 1111 2222'));
    case 'payPassword':
      return fc.constantFrom('12345', '1234567', 'abcdef', 135790);
    case 'status':
      return fc.constantFrom('pending', 'REVIEW', '');
    case 'feeRate':
      return fc.constantFrom('1', '0.5001', '0.00001', '-0.01', '1%', '.5', 0.01);
    case 'account':
      return fc.constantFrom('frozen', 'world', 'fees', 'AVAILABLE');
    case 'userId':
      return fc.oneof(fc.uuid(), fc.string({ minLength: 60, maxLength: 70 }));
    case 'rechargeChannels':
      return fc.oneof(
        fc.array(channel, { minLength: 2, maxLength: 2 }).map(([a, b]) => [a, { ...b, id: a!.id }]),
        fc.array(channel, { minLength: 21, maxLength: 21 }),
        channel.map((c) => [{ ...c, minAmount: c.maxAmount, maxAmount: c.minAmount }]),
      );
    case 'withdrawal':
      return fc.oneof(
        withdrawalSetting.map((w) => ({ ...w, minAmount: w.maxAmount, maxAmount: w.minAmount })),
        fc.record({ minAmount: nearby('amount', path), maxAmount: moneyText, feeRate: nearby('feeRate', path) }),
      );
    case 'page':
    case 'pageSize':
      return fc.integer({ min: -1, max: 100_001 });
    default:
      return canonical(field, path);
  }
}

/** Optional fields a correct client nearly always sends. */
const USUALLY_SENT = new Set(['cardNo', 'address', 'status']);

const setup: CallFuzzSetup = {
  ...USUAL_CLIENT,
  fields: {
    canonical,
    nearby,
    junk,
    optional: (name) => (USUALLY_SENT.has(name) ? { absent: 1, sent: 4 } : { absent: 2, sent: 1 }),
    ...MOSTLY_RIGHT_BODIES,
  },
  acceptLanguage: FUZZ_ACCEPT_LANGUAGE,
  standIns: new Map<string, (user: FuzzUser | null) => unknown>([
    [OWN_RECHARGE, (user) => rechargeOf(user)],
    [OWN_WITHDRAWAL, (user) => withdrawalOf(user)],
    [REVIEWED_RECHARGE, () => reviewed.recharge],
    [REVIEWED_WITHDRAWAL, () => reviewed.withdrawal],
  ]),
  // Money to withdraw, so withdrawals get past the balance to their other rules.
  prepareUser: async (call, user) => {
    if (call === moneyCalls.createWithdrawal) await fundUser(user.id);
  },
  numRuns: RUNS_PER_CALL,
};

// ---------------------------------------------------------------- the properties

describeEachCall('every money call of the app answers any body with a proper envelope', APP_MONEY_CALLS, (call) => fuzz.appCall(call));
describeEachCall('every money call of the console answers any body with a proper envelope', OPERATOR_MONEY_CALLS, (call) => fuzz.operatorCall(call));

describe('after all of it', () => {
  it('the ledger still balances', async () => {
    const restored = await operatorCallAs(server, operatorBearer, OPERATOR_CALLS.saveSettings, {
      rechargeChannels: originalSettings.rechargeChannels,
      withdrawal: originalSettings.withdrawal,
    });
    expect(restored.status).toBe(200);
    const report = await verifyLedger(server, operatorBearer);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.transfers).toBeGreaterThan(RUNS_PER_CALL);
  });
});
