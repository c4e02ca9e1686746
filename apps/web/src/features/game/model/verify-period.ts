import { beaconRoundFor, checkPeriod, type Dice, type OrderLeafFields, type OrderProof } from '@wallet/contract/game';
import { beaconCheck, type SignatureCheck } from './beacon-check';
import { seedChecks, type NamedCheck } from './fairness-verdict';
import { orderInSet, ordersCheck } from './orders-in-set';

/** A drawn period as published: the seed's hash and the seed, the dice, its orders root and its beacon round. */
export interface VerifiablePeriod {
  projectId: string;
  periodNo: string;
  locksAt: number;
  serverSeedHash: string;
  serverSeed: string;
  dice: Dice;
  ordersRoot: string | null;
  orderCount: number | null;
  beaconRound: number | null;
  beaconRandomness: string | null;
  beaconSignature: string | null;
}

/** The beacon as the server names it: its pinned key, and the chain's timing once the server has read it. */
export interface BeaconNamed {
  publicKey: string;
  genesisTime: number | null;
  period: number | null;
}

/** Where Verify gets what it checks against, asked for only when a check needs it. */
export interface VerifySources {
  /** Null when the server names no beacon. */
  beacon(): Promise<BeaconNamed | null>;
  loadSignatureCheck(): Promise<SignatureCheck>;
  /** The viewer's orders of the period: none when signed out. */
  myOrders(): Promise<readonly OrderLeafFields[]>;
  proofOf(orderNo: string): Promise<OrderProof>;
}

const orNothing = <T>(promise: Promise<T>): Promise<T | undefined> => promise.catch(() => undefined);

/**
 * The round is the beacon's, signed with its key, and it is the round the rules fix: the first at least a second
 * after the lock. A round chosen later, once its value was known, would sign as well as the right one.
 */
async function checkBeacon(period: VerifiablePeriod & { beaconRound: number }, sources: VerifySources): Promise<NamedCheck> {
  const round = period.beaconRound;
  const beacon = await orNothing(sources.beacon());
  if (beacon === undefined) return { name: 'beaconSignature', outcome: 'unchecked', problem: 'loadFailed', params: { round } };
  const needsCheck = beacon !== null && period.beaconSignature !== null;
  const signed = beaconCheck(period, beacon?.publicKey ?? null, needsCheck ? await orNothing(sources.loadSignatureCheck()) : undefined);
  if (signed.outcome !== 'holds' || beacon === null) return signed;
  if (beacon.genesisTime === null || beacon.period === null) return { name: 'beaconSignature', outcome: 'unchecked', problem: 'loadFailed', params: { round } };
  const expected = beaconRoundFor({ genesisTime: beacon.genesisTime, period: beacon.period }, period.locksAt);
  return expected === round ? signed : { name: 'beaconSignature', outcome: 'fails', problem: 'roundNotFixed', params: { round, expected } };
}

/** Randomness mixed into the dice with no round named to check it against: nothing says where it came from. */
const roundMissing: NamedCheck = { name: 'beaconSignature', outcome: 'fails', problem: 'roundMissing' };

async function checkMyOrders(ordersRoot: string, orderCount: number | null, sources: VerifySources): Promise<NamedCheck | undefined> {
  const orders = await orNothing(sources.myOrders());
  if (!orders) return { name: 'ordersInSet', outcome: 'unchecked', problem: 'loadFailed' };
  if (orders.length === 0) return undefined;
  const checked = await Promise.all(orders.map(async (order) => orderInSet(order, await orNothing(sources.proofOf(order.orderNo)), ordersRoot)));
  return ordersCheck(checked, orderCount);
}

/**
 * Everything the browser can check of a drawn period: the seed and dice (Web
 * Crypto: throws where the browser has none), the beacon's signature when it
 * has a round, and that the viewer's orders are in the set fixed at the lock
 * (none for a period drawn before roots were kept, or without orders in it).
 */
export async function verifyPeriod(period: VerifiablePeriod, sources: VerifySources): Promise<NamedCheck[]> {
  const { beaconRound, ordersRoot } = period;
  const [seed, beacon, orders] = await Promise.all([
    checkPeriod(period).then((check) => seedChecks(check, beaconRound)),
    beaconRound === null ? (period.beaconRandomness === null ? undefined : roundMissing) : checkBeacon({ ...period, beaconRound }, sources),
    ordersRoot === null ? undefined : checkMyOrders(ordersRoot, period.orderCount, sources),
  ]);
  return [...seed, ...(beacon ? [beacon] : []), ...(orders ? [orders] : [])];
}
