import { checkPeriod, type Dice, type OrderLeafFields, type OrderProof } from '@wallet/contract/game';
import { beaconCheck, type SignatureCheck } from './beacon-check';
import { seedChecks, type NamedCheck } from './fairness-verdict';
import { orderInSet, ordersCheck } from './orders-in-set';

/** A drawn period as published: the seed's hash and the seed, the dice, its orders root and its beacon round. */
export interface VerifiablePeriod {
  projectId: string;
  periodNo: string;
  serverSeedHash: string;
  serverSeed: string;
  dice: Dice;
  ordersRoot: string | null;
  orderCount: number | null;
  beaconRound: number | null;
  beaconRandomness: string | null;
  beaconSignature: string | null;
}

/** Where Verify gets what it checks against, asked for only when a check needs it. */
export interface VerifySources {
  /** The beacon's public key as the server pins it; null when it names none. */
  beaconKey(): Promise<string | null>;
  loadSignatureCheck(): Promise<SignatureCheck>;
  /** The viewer's orders of the period: none when signed out. */
  myOrders(): Promise<readonly OrderLeafFields[]>;
  proofOf(orderNo: string): Promise<OrderProof>;
}

const orNothing = <T>(promise: Promise<T>): Promise<T | undefined> => promise.catch(() => undefined);

async function checkBeacon(period: VerifiablePeriod & { beaconRound: number }, sources: VerifySources): Promise<NamedCheck> {
  const key = await orNothing(sources.beaconKey());
  if (key === undefined) return { name: 'beaconSignature', outcome: 'unchecked', problem: 'loadFailed', params: { round: period.beaconRound } };
  const needsCheck = key !== null && period.beaconSignature !== null;
  return beaconCheck(period, key, needsCheck ? await orNothing(sources.loadSignatureCheck()) : undefined);
}

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
    beaconRound === null ? undefined : checkBeacon({ ...period, beaconRound }, sources),
    ordersRoot === null ? undefined : checkMyOrders(ordersRoot, period.orderCount, sources),
  ]);
  return [...seed, ...(beacon ? [beacon] : []), ...(orders ? [orders] : [])];
}
