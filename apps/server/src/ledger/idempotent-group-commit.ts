import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { answered, groupCommit, type BatchWork, type GroupCommit, type GroupCommitOptions, type Outcome } from './group-commit.js';
import type { ClaimKey, Idempotency, IdempotencyKey } from './idempotency.js';

/** A request of an idempotent money write: who asks what, and when. */
export interface IdempotentItem {
  key: IdempotencyKey;
  now: number;
}

/** Stands for the answer of a request whose key was claimed already: it is read once the batch has committed. */
class ClaimedElsewhere {
  constructor(readonly key: ClaimKey & { hash: string }) {}
}

/**
 * Group commit for requests that carry an idempotency key: the keys are
 * claimed in the batch's own transaction and answered (or given back, for a
 * refusal) before its commit, so an answer exists exactly when its work does.
 * A request whose key is already claimed gets the first answer once that has
 * committed, or runs again if the first attempt was refused.
 */
export function idempotentGroupCommit<Item extends IdempotentItem, Result>(
  db: Kysely<Database>,
  dialect: DialectName,
  idempotency: Idempotency,
  work: BatchWork<Item, Result>,
  options: Omit<GroupCommitOptions, 'fitting'>,
): Pick<GroupCommit<Item, Result>, 'submit' | 'counts'> {
  /** Each request's key and fields' hash, worked out once: a request may be looked at by several batches' fitting. */
  const keysOf = new WeakMap<Item, ClaimKey & { hash: string }>();
  const keyOf = (item: Item) => {
    let key = keysOf.get(item);
    if (!key) keysOf.set(item, (key = idempotency.keyOf(item.key)));
    return key;
  };
  const withKeys: BatchWork<Item, Result | ClaimedElsewhere> = async (trx, items) => {
    const keys = items.map((item) => ({ ...keyOf(item), now: item.now }));
    const tokens = await idempotency.claimInBatch(trx, dialect, keys);
    const mine = items.filter((_, index) => tokens[index] !== null);
    const outcomes = mine.length > 0 ? await work(trx, mine) : [];
    let next = 0;
    const all: Outcome<Result | ClaimedElsewhere>[] = [];
    const claims: { key: ClaimKey; token: string; response?: unknown }[] = [];
    items.forEach((_, index) => {
      const token = tokens[index];
      if (token === null || token === undefined) return all.push(answered(new ClaimedElsewhere(keys[index]!)));
      const outcome = outcomes[next++]!;
      claims.push({ key: keys[index]!, token, ...(outcome.ok ? { response: outcome.value } : {}) });
      return all.push(outcome);
    });
    await idempotency.settleBatch(trx, dialect, claims);
    return all;
  };
  /**
   * A request that repeats a key of an earlier one waits for the next batch,
   * where it is first: it then gets that one's answer, or, when that one was
   * refused, runs in its own turn, before anything that came after it.
   */
  const upToRepeatedKey = (items: Item[]) => {
    const seen = new Set<string>();
    const index = items.findIndex((item) => {
      const key = keyOf(item);
      const name = `${key.ownerId}\u0000${key.requestId}`;
      if (seen.has(name)) return true;
      seen.add(name);
      return false;
    });
    return index === -1 ? items.length : index;
  };
  const batches = groupCommit(db, withKeys, { ...options, fitting: upToRepeatedKey });

  async function submit(item: Item): Promise<Result> {
    await idempotency.purgeIfDue(item.now);
    for (;;) {
      const result = await batches.submit(item);
      if (!(result instanceof ClaimedElsewhere)) return result;
      const first = await idempotency.answerOf(result.key);
      if (first) return first.response as Result;
    }
  }
  return { submit, counts: batches.counts };
}

