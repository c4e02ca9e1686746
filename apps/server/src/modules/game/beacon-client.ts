import type { FastifyBaseLogger } from 'fastify';
import type { VoidReason } from '@wallet/contract';
import { BEACON_SCHEME, beaconRandomnessOf, beaconRoundTime, type BeaconChain } from '@wallet/contract/game';
import { beaconSignatureHolds } from '@wallet/contract/game/beacon-signature';
import type { BeaconConfig } from '../../config.js';

/** One answer of the beacon may take this long; then it counts as unreachable and is asked again. */
const FETCH_TIMEOUT_MS = 3000;
/** After a failed ask, the same round (or the chain's info) is asked again no sooner than this. */
const RETRY_AFTER_MS = 2000;
/** Verified rounds (and failed asks) kept: far more than the periods waiting for one at any time. */
const ROUNDS_KEPT = 2000;

export interface VerifiedRound {
  round: number;
  randomness: string;
  signature: string;
}

interface Failure {
  reason: VoidReason;
  at: number;
  detail: string;
  /** When the ask before this one failed too, if it did: a void needs two failed asks after its deadline. */
  previousAt: number | null;
}

export interface BeaconState {
  url: string;
  chain: (BeaconChain & { hash: string | null }) | null;
  /** The newest round this instance fetched and verified, and when it was due. */
  lastRound: number | null;
  lastRoundAt: number | null;
  lastError: (Omit<Failure, 'previousAt'> & { round: number | null }) | null;
}

class BeaconAnswerError extends Error {
  constructor(
    readonly reason: VoidReason,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * The public randomness beacon (PRODUCT §6), as this instance sees it: the
 * chain's timing from `/info` (its key must be the pinned one), and each
 * round from `/public/{round}`, kept only once its BLS signature checks
 * against the pinned key and its randomness is the signature's hash. Every
 * ask is bounded in time, asked again after a pause, and runs in the
 * background: whoever needs a round asks for it and moves on, so a slow or
 * silent beacon holds up no draw that does not need it.
 */
export function createBeaconClient(config: BeaconConfig, log: FastifyBaseLogger, now: () => number, fetchImpl: typeof fetch = fetch) {
  let chain: (BeaconChain & { hash: string | null }) | null = null;
  let chainAskedAt = -Infinity;
  let chainFetch: Promise<void> | null = null;
  let chainFailure: Failure | undefined;
  const verified = new Map<number, VerifiedRound>();
  const failures = new Map<number, Failure>();
  const inFlight = new Map<number, Promise<void>>();
  const roundListeners: (() => void)[] = [];
  let lastSeen: number | null = null;
  let lastError: BeaconState['lastError'] = null;

  async function getJson(path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.url}${path}`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new BeaconAnswerError('BEACON_UNREACHABLE', `no answer: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new BeaconAnswerError('BEACON_UNREACHABLE', `HTTP ${response.status}`);
    if (!response.ok) throw new BeaconAnswerError('BEACON_NOT_PUBLISHED', `HTTP ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new BeaconAnswerError('BEACON_UNREACHABLE', 'an answer that is not JSON');
    }
  }

  function noteFailure(round: number | null, error: unknown, before: Failure | undefined): Failure {
    const { reason, detail } = error instanceof BeaconAnswerError ? { reason: error.reason, detail: error.message } : { reason: 'BEACON_UNREACHABLE' as const, detail: String(error) };
    const failure = { reason, detail, at: now(), previousAt: before?.at ?? null };
    lastError = { reason, detail, at: failure.at, round };
    log.warn({ round, reason: failure.reason, detail: failure.detail }, 'beacon round not had');
    return failure;
  }

  async function fetchChain(): Promise<void> {
    try {
      const info = (await getJson('/info')) as { public_key?: unknown; period?: unknown; genesis_time?: unknown; hash?: unknown; schemeID?: unknown };
      if (info.public_key !== config.publicKey) throw new BeaconAnswerError('BEACON_BAD_SIGNATURE', "the chain's key is not the pinned FAIRNESS_BEACON_PUBLIC_KEY");
      if (info.schemeID !== undefined && info.schemeID !== BEACON_SCHEME) throw new BeaconAnswerError('BEACON_BAD_SIGNATURE', `scheme ${String(info.schemeID)}, not ${BEACON_SCHEME}`);
      if (!Number.isSafeInteger(info.period) || !Number.isSafeInteger(info.genesis_time) || (info.period as number) <= 0) {
        throw new BeaconAnswerError('BEACON_UNREACHABLE', 'the chain info has no period or genesis time');
      }
      chain = { genesisTime: info.genesis_time as number, period: info.period as number, hash: typeof info.hash === 'string' ? info.hash : null };
    } catch (error) {
      chainFailure = noteFailure(null, error, chainFailure);
    } finally {
      chainFetch = null;
    }
  }

  async function fetchRound(round: number): Promise<void> {
    try {
      const body = (await getJson(`/public/${round}`)) as { round?: unknown; randomness?: unknown; signature?: unknown };
      if (body.round !== round) throw new BeaconAnswerError('BEACON_WRONG_ROUND', `asked for round ${round}, answered ${String(body.round)}`);
      const signature = typeof body.signature === 'string' ? body.signature.toLowerCase() : '';
      if (!beaconSignatureHolds(config.publicKey, round, signature)) throw new BeaconAnswerError('BEACON_BAD_SIGNATURE', `round ${round}: the signature does not check against the pinned key`);
      const randomness = beaconRandomnessOf(signature)!;
      if (typeof body.randomness !== 'string' || body.randomness.toLowerCase() !== randomness) {
        throw new BeaconAnswerError('BEACON_BAD_SIGNATURE', `round ${round}: the randomness is not the signature's hash`);
      }
      if (verified.size >= ROUNDS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(round, { round, randomness, signature });
      failures.delete(round);
      lastSeen = Math.max(lastSeen ?? 0, round);
      for (const listener of roundListeners) listener();
    } catch (error) {
      if (failures.size >= ROUNDS_KEPT) failures.delete(failures.keys().next().value!);
      failures.set(round, noteFailure(round, error, failures.get(round)));
    } finally {
      inFlight.delete(round);
    }
  }

  return {
    /** The chain's timing; null until its info was had (asked for meanwhile). */
    chain(): BeaconChain | null {
      if (!chain && !chainFetch && now() - chainAskedAt >= RETRY_AFTER_MS) {
        chainAskedAt = now();
        chainFetch = fetchChain();
      }
      return chain;
    },

    /** The round, verified; undefined while it is not (then it is asked for, once it is due and no ask is under way). */
    round(round: number): VerifiedRound | undefined {
      const had = verified.get(round);
      if (had) return had;
      const current = this.chain();
      const failedAt = failures.get(round)?.at ?? -Infinity;
      if (current && now() >= beaconRoundTime(current, round) && !inFlight.has(round) && now() - failedAt >= RETRY_AFTER_MS) {
        inFlight.set(round, fetchRound(round));
      }
      return undefined;
    },

    /** Why the round was not had the last time it was asked for (or, before the chain is known, its info), and when. */
    failure: (round: number): Failure | undefined => failures.get(round) ?? (chain ? undefined : chainFailure),

    /** Told when a round has been verified, so a draw waiting for it need not wait for the next period round. */
    onRound: (listener: () => void) => void roundListeners.push(listener),

    /** Every ask under way, ended (a test waits on it; so does a clean shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...inFlight.values(), chainFetch]);
    },

    /** The newest round published, asked for now and checked against the pinned key: is the beacon there at all. */
    async probe(): Promise<{ round: number; at: number } | { error: string }> {
      try {
        const body = (await getJson('/public/latest')) as { round?: unknown; signature?: unknown };
        const round = Number(body.round);
        const signature = typeof body.signature === 'string' ? body.signature : '';
        if (!Number.isSafeInteger(round) || round < 1) return { error: 'the newest round has no round number' };
        if (!beaconSignatureHolds(config.publicKey, round, signature)) return { error: `round ${round}: the signature does not check against the pinned key` };
        if (!chain) return { error: 'the chain info is not known yet' };
        return { round, at: beaconRoundTime(chain, round) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },

    state(): BeaconState {
      return {
        url: config.url,
        chain,
        lastRound: lastSeen,
        lastRoundAt: chain && lastSeen !== null ? beaconRoundTime(chain, lastSeen) : null,
        lastError,
      };
    },
  };
}

export type BeaconClient = ReturnType<typeof createBeaconClient>;
