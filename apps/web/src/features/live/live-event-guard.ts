import type { LiveEventData, LiveEventType } from '@wallet/contract/events';

// The contract's live-event schemas, checked by hand: the schema library would more than double the live-results
// download. live-event-guard.test.ts holds these to the contract's schemas, so a field added there fails it here.

type Check = (value: unknown) => boolean;
type Shape = Record<string, Check>;

const text: Check = (value) => typeof value === 'string';
const number: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const int: Check = (value) => Number.isSafeInteger(value);
const money: Check = (value) => typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value);
const oneOf =
  (...options: string[]): Check =>
  (value) =>
    typeof value === 'string' && options.includes(value);
const dice: Check = (value) => Array.isArray(value) && value.length === 3 && value.every(int);
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shape's fields of `value`, each checked; other fields are left out, as the contract's schemas do. */
function pick(shape: Shape, value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const picked: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(shape)) {
    if (!check(value[key])) return undefined;
    picked[key] = value[key];
  }
  return picked;
}

const balanceAfter: Shape = { balance: money, freeze: money, coin: int };
const order: Shape = { orderNo: text, amount: money, payout: money, profit: money };

const SHAPES: Record<LiveEventType, Shape> = {
  period: {
    projectId: text,
    periodNo: text,
    status: oneOf('upcoming', 'open', 'locked', 'drawn', 'void'),
    opensAt: number,
    locksAt: number,
    drawsAt: number,
    dice: nullable(dice),
  },
  settled: {
    projectId: text,
    periodNo: text,
    dice,
    orders: (value) => Array.isArray(value) && value.every((item) => pick(order, item) !== undefined),
    payout: money,
    profit: money,
    ...balanceAfter,
  },
  balance: { cause: text, reference: text, ...balanceAfter },
  notice: { id: text, publishAt: number },
};

/** The live events the stream sends, by name. */
export const LIVE_EVENT_TYPES = Object.keys(SHAPES) as LiveEventType[];

/** `data` as the event `type` carries it, if it is what the contract says; undefined otherwise. */
export function readLiveEventData<T extends LiveEventType>(type: T, data: unknown): LiveEventData<T> | undefined {
  const picked = pick(SHAPES[type], data);
  if (picked && type === 'settled') picked.orders = (picked.orders as unknown[]).map((item) => pick(order, item));
  return picked as LiveEventData<T> | undefined;
}
