import { sql, type Kysely } from 'kysely';
import { AppError } from '../errors.js';
import { NaturalBatches } from '../db/natural-batches.js';
import type { Database } from '../db/schema.js';
import { moneyTransaction } from './money-transaction.js';

/** What one request of a batch came to: its answer, or the refusal of one of its own rules. */
export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

export const answered = <Result>(value: Result): Outcome<Result> => ({ ok: true, value });
export const refused = (error: unknown): Outcome<never> => ({ ok: false, error });

/**
 * A money write done for many requests inside one transaction, each checked
 * as if it ran alone after the ones before it: one outcome per request, in
 * their order. It throws only when the database fails the whole batch.
 */
export type BatchWork<Item, Result> = (trx: Kysely<Database>, items: Item[]) => Promise<Outcome<Result>[]>;

/** Requests in one transaction at most, unless a write says otherwise. */
export const DEFAULT_MAX_BATCH = 64;
/** One request per transaction: as many run at once as the pool has connections, as before batching. */
const ONE_BY_ONE_AT_ONCE = 10;

export interface GroupCommitOptions<Item = never> {
  /** The most requests in one transaction; 1 writes them one by one, several at once. */
  maxBatch: number;
  /** Runs once a transaction of this write has committed (announcing live events, say). */
  afterCommit?: () => void;
  /** How many of the first requests waiting may share one transaction (the rest wait for the next); all by default. */
  fitting?: (items: Item[]) => number;
}

/** How the batches went, for `/metrics`. */
export interface GroupCommitCounts {
  batches: number;
  writes: number;
  /** Requests run again alone after the database failed their batch. */
  retriedAlone: number;
}

export interface GroupCommit<Item, Result> {
  submit(item: Item): Promise<Result>;
  readonly counts: GroupCommitCounts;
}

/**
 * Group commit (PRODUCT's hot money writes): requests that arrive together
 * are applied in one transaction and one commit, and each caller hears its
 * answer only after that commit. A request refused by its own rule is
 * answered so and leaves the others alone; when the database fails the batch
 * (a deadlock, a serialization failure, a lost connection) nothing of it
 * stays, and each request runs again alone, in order, with the retries every
 * money transaction has.
 */
export function groupCommit<Item, Result>(db: Kysely<Database>, work: BatchWork<Item, Result>, options: GroupCommitOptions<Item>): GroupCommit<Item, Result> {
  type Waiting = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  const counts: GroupCommitCounts = { batches: 0, writes: 0, retriedAlone: 0 };

  const inOneTransaction = (trx: Kysely<Database>, items: Item[]) =>
    work(trx, items).then((outcomes) => {
      if (outcomes.length !== items.length) throw new Error(`a batch of ${items.length} came to ${outcomes.length} outcomes`);
      return outcomes;
    });

  /** One request in a transaction of its own, with the retries of any money transaction; never rejects. */
  async function alone(item: Item): Promise<Outcome<Result>> {
    try {
      const [outcome] = await moneyTransaction(db, (trx) => inOneTransaction(trx, [item]));
      return outcome!;
    } catch (error) {
      return refused(error);
    }
  }

  async function run(waiting: Waiting[]): Promise<void> {
    const items = waiting.map((entry) => entry.item);
    let outcomes: Outcome<Result>[];
    if (items.length === 1) {
      // A lone request is its own batch: run as any money transaction, retries included, once.
      try {
        outcomes = await moneyTransaction(db, (trx) => inOneTransaction(trx, items));
        counts.batches += 1;
      } catch (error) {
        outcomes = [refused(error)];
      }
    } else {
      try {
        outcomes = await db.transaction().execute((trx) => inOneTransaction(trx, items));
        counts.batches += 1;
      } catch {
        outcomes = [];
        for (const item of items) {
          counts.retriedAlone += 1;
          outcomes.push(await alone(item));
        }
      }
    }
    counts.writes += items.length;
    if (outcomes.some((outcome) => outcome.ok)) {
      // What follows a commit must never keep its callers from their answers.
      try {
        options.afterCommit?.();
      } catch {
        // afterCommit reports its own failures
      }
    }
    outcomes.forEach((outcome, index) => (outcome.ok ? waiting[index]!.resolve(outcome.value) : waiting[index]!.reject(outcome.error)));
  }

  const fitting = options.fitting;
  const batches = new NaturalBatches<Waiting>(run, options.maxBatch, options.maxBatch === 1 ? ONE_BY_ONE_AT_ONCE : 1, fitting ? (waiting) => fitting(waiting.map((entry) => entry.item)) : undefined);
  return {
    counts,
    submit: (item) => new Promise<Result>((resolve, reject) => batches.add({ item, resolve, reject })),
  };
}

/**
 * A request's own work for a shared transaction. Requests run in the order
 * they arrived, as one transaction each would: in any other order the first
 * to come would not always be the first served where two meet a limit (an
 * exposure limit, say). Two batches that then lock rows the other way round
 * meet a deadlock, which fails both, and each request is run alone.
 */
type SharedWork = (trx: Kysely<Database>) => Promise<unknown>;

/**
 * Group commit for money writes whose rules stay in their own code (a
 * recharge, a chase): each request's work runs in a savepoint of one shared
 * transaction, so a refusal rolls back its own writes only, and one commit
 * serves them all.
 */
export function sharedTransactions(db: Kysely<Database>, options: Pick<GroupCommitOptions, 'maxBatch'>) {
  const batches = groupCommit<SharedWork, unknown>(
    db,
    async (trx, items) => {
      const outcomes: Outcome<unknown>[] = new Array(items.length);
      for (const [index, work] of items.entries()) {
        await sql`savepoint request`.execute(trx);
        try {
          outcomes[index] = answered(await work(trx));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await sql`rollback to savepoint request`.execute(trx);
          outcomes[index] = refused(error);
        }
        await sql`release savepoint request`.execute(trx);
      }
      return outcomes;
    },
    options,
  );
  return {
    counts: batches.counts,
    run: <Result>(work: (trx: Kysely<Database>) => Promise<Result>) => batches.submit(work) as Promise<Result>,
  };
}

export type SharedTransactions = ReturnType<typeof sharedTransactions>;
