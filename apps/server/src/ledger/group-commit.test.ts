import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransientConflict, isUniqueViolation } from '../db/database-errors.js';
import { NaturalBatches, coalesced } from '../db/natural-batches.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { answered, groupCommit, refused, sharedTransactions, type Outcome } from './group-commit.js';
import { MONEY_TRANSACTION_ATTEMPTS } from './money-transaction.js';

/*
 * What a caller of a group commit sees, on a real database: an answer only
 * once its write has committed, its own answer (or its own refusal) however
 * many came with it, and, when the database fails a whole batch, nothing of
 * that batch kept and each request run again alone.
 */

let database: TestDatabase;
let db: Kysely<Database>;

/** A scratch table, so each assertion reads committed rows and nothing of the product's tables is involved. */
const TABLE = sql.table('group_commit_rows');

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await sql`create table ${TABLE} (id varchar(40) primary key, item varchar(40) not null, batch_size integer not null)`.execute(db);
});
afterAll(async () => database.destroy());

interface Row {
  id: string;
  item: string;
  batch_size: number;
}

/** One row per item, one statement per row: a batch that fails halfway has written some of them in its transaction. */
async function insertEach(trx: Kysely<Database>, items: string[]): Promise<void> {
  for (const item of items) await sql`insert into ${TABLE} (id, item, batch_size) values (${item}, ${item}, ${items.length})`.execute(trx);
}

/** Every committed row whose id starts with `prefix`, by id. */
async function rowsOf(prefix: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select id, item, batch_size from ${TABLE} where id like ${`${prefix}%`} order by id`.execute(db);
  return rows.map((row) => ({ ...row, batch_size: Number(row.batch_size) }));
}

/** Whether `id` is committed, read outside any batch (on PostgreSQL, from another connection of the pool). */
async function isCommitted(id: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`select id from ${TABLE} where id = ${id}`.execute(db);
  return rows.length === 1;
}

/** A failure PostgreSQL reports for a transaction that lost a race (serialization failure). */
const serializationFailure = () => Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });

/** Resolves, and lets a held batch go on, when `release` is called. */
function gate(): { opened: Promise<void>; release: () => void } {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a group commit', () => {
  it('writes requests that arrive together in shared transactions of at most maxBatch, and answers each its own result only once committed', async () => {
    const batchSizes: number[] = [];
    let commits = 0;
    const writes = groupCommit<string, string>(
      db,
      async (trx, items) => {
        batchSizes.push(items.length);
        await insertEach(trx, items);
        return items.map((item) => answered(`wrote ${item}`));
      },
      { maxBatch: 4, afterCommit: () => (commits += 1) },
    );
    const items = Array.from({ length: 10 }, (_, index) => `together-${String(index).padStart(2, '0')}`);

    const heard = await Promise.all(
      items.map(async (item) => {
        const answer = await writes.submit(item);
        return { answer, committed: await isCommitted(item) };
      }),
    );

    expect(heard).toEqual(items.map((item) => ({ answer: `wrote ${item}`, committed: true })));
    // Ten at once, four at most per transaction: the fewest transactions that hold them.
    expect(batchSizes).toEqual([4, 4, 2]);
    expect(writes.counts).toEqual({ batches: 3, writes: 10, retriedAlone: 0 });
    expect(commits).toBe(3);
    const rows = await rowsOf('together-');
    expect(rows.map((row) => row.item)).toEqual(items);
    expect(rows.map((row) => row.batch_size)).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 2, 2]);

    // A request on its own is a batch of one.
    expect(await writes.submit('together-lone')).toBe('wrote together-lone');
    expect(batchSizes.at(-1)).toBe(1);
    expect(writes.counts).toEqual({ batches: 4, writes: 11, retriedAlone: 0 });
    expect(await rowsOf('together-lone')).toEqual([{ id: 'together-lone', item: 'together-lone', batch_size: 1 }]);
  });

  it('starts a lone request without waiting for company, and makes requests arriving meanwhile wait for the next transaction together', async () => {
    const batches: string[][] = [];
    const first = gate();
    const started = gate();
    const writes = groupCommit<string, string>(
      db,
      async (trx, items) => {
        batches.push(items);
        await insertEach(trx, items);
        if (items.includes('meanwhile-first')) {
          started.release();
          await first.opened;
        }
        return items.map((item) => answered(item));
      },
      { maxBatch: 64 },
    );

    const lone = writes.submit('meanwhile-first');
    await started.opened;
    const later = ['meanwhile-a', 'meanwhile-b', 'meanwhile-c'].map((item) => writes.submit(item));
    await nextTurn();
    // The first transaction is open: the others wait, uncommitted and unanswered.
    expect(batches).toEqual([['meanwhile-first']]);
    first.release();

    expect(await lone).toBe('meanwhile-first');
    expect(await Promise.all(later)).toEqual(['meanwhile-a', 'meanwhile-b', 'meanwhile-c']);
    expect(batches).toEqual([['meanwhile-first'], ['meanwhile-a', 'meanwhile-b', 'meanwhile-c']]);
    expect(writes.counts).toEqual({ batches: 2, writes: 4, retriedAlone: 0 });
  });

  it('answers a request refused by its own rule with that refusal, and commits the others of its batch', async () => {
    const refusal = new AppError('INSUFFICIENT_BALANCE');
    let commits = 0;
    const writes = groupCommit<string, string>(
      db,
      async (trx, items) => {
        const outcomes: Outcome<string>[] = [];
        for (const item of items) {
          if (item.endsWith('-poor')) {
            outcomes.push(refused(refusal));
            continue;
          }
          await insertEach(trx, [item]);
          outcomes.push(answered(`wrote ${item}`));
        }
        return outcomes;
      },
      { maxBatch: 64, afterCommit: () => (commits += 1) },
    );

    const results = await Promise.allSettled(['refusal-1', 'refusal-2-poor', 'refusal-3', 'refusal-4-poor', 'refusal-5'].map((item) => writes.submit(item)));

    expect(results).toEqual([
      { status: 'fulfilled', value: 'wrote refusal-1' },
      { status: 'rejected', reason: refusal },
      { status: 'fulfilled', value: 'wrote refusal-3' },
      { status: 'rejected', reason: refusal },
      { status: 'fulfilled', value: 'wrote refusal-5' },
    ]);
    expect((await rowsOf('refusal-')).map((row) => row.id)).toEqual(['refusal-1', 'refusal-3', 'refusal-5']);
    // A refusal is an answer: nothing is run again.
    expect(writes.counts).toEqual({ batches: 1, writes: 5, retriedAlone: 0 });
    expect(commits).toBe(1);

    // A batch whose every request is refused commits nothing anyone waits for: no announcement.
    const allRefused = await Promise.allSettled(['refusal-6-poor', 'refusal-7-poor'].map((item) => writes.submit(item)));
    expect(allRefused.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(commits).toBe(1);
  });

  it('keeps nothing of a batch the database fails with a unique violation, then runs each request alone: the one at fault hears the violation, the others commit', async () => {
    await insertEach(db, ['unique-taken']);
    const attempts: string[][] = [];
    const writes = groupCommit<string, string>(
      db,
      async (trx, items) => {
        attempts.push(items);
        await insertEach(trx, items);
        return items.map((item) => answered(`wrote ${item}`));
      },
      { maxBatch: 64 },
    );

    const results = await Promise.allSettled(['unique-1', 'unique-taken', 'unique-2'].map((item) => writes.submit(item)));

    expect(results[0]).toEqual({ status: 'fulfilled', value: 'wrote unique-1' });
    expect(results[1]!.status).toBe('rejected');
    expect(isUniqueViolation((results[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'wrote unique-2' });
    // The batch wrote unique-1 before the violation; its row is the one written alone, so the batch's was rolled back.
    expect(attempts).toEqual([['unique-1', 'unique-taken', 'unique-2'], ['unique-1'], ['unique-taken'], ['unique-2']]);
    expect(await rowsOf('unique-')).toEqual([
      { id: 'unique-1', item: 'unique-1', batch_size: 1 },
      { id: 'unique-2', item: 'unique-2', batch_size: 1 },
      { id: 'unique-taken', item: 'unique-taken', batch_size: 1 },
    ]);
    expect(writes.counts).toMatchObject({ writes: 3, retriedAlone: 3 });
  });

  it('runs each request of a batch that lost a race alone, in order, and answers every one of them', async () => {
    const attempts: string[][] = [];
    let commits = 0;
    const writes = groupCommit<string, string>(
      db,
      async (trx, items) => {
        attempts.push(items);
        await insertEach(trx, items);
        // Only a shared transaction loses the race: alone, each gets through.
        if (items.length > 1) throw serializationFailure();
        return items.map((item) => answered(`wrote ${item}`));
      },
      { maxBatch: 64, afterCommit: () => (commits += 1) },
    );
    const items = ['race-1', 'race-2', 'race-3', 'race-4'];

    expect(await Promise.all(items.map((item) => writes.submit(item)))).toEqual(items.map((item) => `wrote ${item}`));

    expect(attempts).toEqual([items, ...items.map((item) => [item])]);
    expect(await rowsOf('race-')).toEqual(items.map((item) => ({ id: item, item, batch_size: 1 })));
    expect(writes.counts).toEqual({ batches: 0, writes: 4, retriedAlone: 4 });
    expect(commits).toBe(1);
  });

  it('runs a lone request that lost a race again, and answers 503 UNAVAILABLE to requests that keep losing it', async () => {
    let lostOnce = false;
    const once = groupCommit<string, string>(
      db,
      async (trx, items) => {
        await insertEach(trx, items);
        if (!lostOnce) {
          lostOnce = true;
          throw serializationFailure();
        }
        return items.map((item) => answered(`wrote ${item}`));
      },
      { maxBatch: 64 },
    );
    expect(await once.submit('lost-once')).toBe('wrote lost-once');
    expect(await rowsOf('lost-once')).toEqual([{ id: 'lost-once', item: 'lost-once', batch_size: 1 }]);

    let tries = 0;
    const always = groupCommit<string, string>(
      db,
      async (trx, items) => {
        tries += 1;
        await insertEach(trx, items);
        throw serializationFailure();
      },
      { maxBatch: 64 },
    );
    const results = await Promise.allSettled(['lost-always-1', 'lost-always-2'].map((item) => always.submit(item)));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect((result as PromiseRejectedResult).reason).toMatchObject({ reason: 'UNAVAILABLE' });
    }
    // The batch once, then each alone with every attempt a money transaction has.
    expect(tries).toBe(1 + 2 * MONEY_TRANSACTION_ATTEMPTS);
    expect(await rowsOf('lost-always')).toEqual([]);
  });

  it('answers a lone request the database refuses with that error, without running it again', async () => {
    await insertEach(db, ['lone-taken']);
    let tries = 0;
    const writes = groupCommit<string, string>(
      db,
      async (trx, items) => {
        tries += 1;
        await insertEach(trx, items);
        return items.map((item) => answered(item));
      },
      { maxBatch: 64 },
    );
    const error: unknown = await writes.submit('lone-taken').then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isTransientConflict(error)).toBe(false);
    expect(tries).toBe(1);
    expect(writes.counts).toEqual({ batches: 0, writes: 1, retriedAlone: 0 });
  });

  it("never hands a caller another request's answer: work that answers too few outcomes fails its callers and keeps nothing", async () => {
    const writes = groupCommit<string, string>(
      db,
      async (trx, items) => {
        await insertEach(trx, items);
        return items.slice(1).map((item) => answered(item));
      },
      { maxBatch: 64 },
    );
    const results = await Promise.allSettled(['short-1', 'short-2'].map((item) => writes.submit(item)));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect(String((result as PromiseRejectedResult).reason)).toMatch(/a batch of 1 came to 0 outcomes/);
    }
    expect(await rowsOf('short-')).toEqual([]);
  });
});

describe('shared transactions', () => {
  it('run each request in the order it came, one commit for all, and roll back only the writes of a request refused by its own rule', async () => {
    const shared = sharedTransactions(db, { maxBatch: 64 });
    const ran: string[] = [];
    const refusal = new AppError('EXPOSURE_LIMIT');
    // Whoever comes first is served first: the third finds the room the first took.
    let room = 2;
    const request = (item: string) => async (trx: Kysely<Database>) => {
      ran.push(item);
      await insertEach(trx, [item]);
      if (room === 0) throw refusal;
      room -= 1;
      return `wrote ${item}`;
    };

    const results = await Promise.allSettled(['shared-z', 'shared-a', 'shared-m'].map((item) => shared.run(request(item))));

    expect(ran).toEqual(['shared-z', 'shared-a', 'shared-m']);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'wrote shared-z' },
      { status: 'fulfilled', value: 'wrote shared-a' },
      { status: 'rejected', reason: refusal },
    ]);
    expect((await rowsOf('shared-')).map((row) => row.id)).toEqual(['shared-a', 'shared-z']);
    expect(shared.counts).toEqual({ batches: 1, writes: 3, retriedAlone: 0 });
  });
});

describe('natural batches', () => {
  it('hold one item at least', () => {
    expect(() => new NaturalBatches<number>(async () => undefined, 0)).toThrow(RangeError);
  });

  it('start a lone item once the event loop has read what came with it, and take what arrived in the same turn as one batch', async () => {
    const runs: number[][] = [];
    const batches = new NaturalBatches<number>(async (items) => void runs.push(items), 10);
    batches.add(1);
    batches.add(2);
    expect(runs).toEqual([]);
    expect(batches.queued).toBe(2);
    await nextTurn();
    expect(runs).toEqual([[1, 2]]);
    expect(batches.queued).toBe(0);
  });

  it('keep items that arrive while a batch runs for the next, up to maxItems each, and run as many batches at once as allowed', async () => {
    const held = gate();
    const runs: number[][] = [];
    let running = 0;
    let mostAtOnce = 0;
    const batches = new NaturalBatches<number>(
      async (items) => {
        runs.push(items);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await held.opened;
        running -= 1;
      },
      3,
      2,
    );
    batches.add(1);
    await nextTurn();
    batches.add(2);
    await nextTurn();
    // A second batch may run beside the first.
    expect(runs).toEqual([[1], [2]]);
    for (const item of [3, 4, 5, 6, 7, 8, 9]) batches.add(item);
    await nextTurn();
    expect(runs).toHaveLength(2);
    expect(batches.queued).toBe(7);
    held.release();
    while (runs.flat().length < 9) await nextTurn();
    expect(runs).toEqual([[1], [2], [3, 4, 5], [6, 7, 8], [9]]);
    expect(mostAtOnce).toBe(2);
  });
});

describe('a coalesced statement', () => {
  const reads: string[][] = [];
  const readRow = coalesced(async (ids: string[]) => {
    reads.push(ids);
    const { rows } = await sql<Row>`select id, item, batch_size from ${TABLE} where id in (${sql.join(ids)})`.execute(db);
    const byId = new Map(rows.map((row) => [row.id, { ...row, batch_size: Number(row.batch_size) }]));
    return ids.map((id) => byId.get(id));
  }, 3);

  it('serves the callers of one turn with one run, each with its own row, maxItems at a time', async () => {
    await insertEach(db, ['read-a', 'read-b']);
    reads.length = 0;
    const answers = await Promise.all(['read-a', 'read-missing', 'read-b', 'read-a'].map((id) => readRow(id)));
    expect(answers).toEqual([{ id: 'read-a', item: 'read-a', batch_size: 2 }, undefined, { id: 'read-b', item: 'read-b', batch_size: 2 }, { id: 'read-a', item: 'read-a', batch_size: 2 }]);
    expect(reads).toEqual([['read-a', 'read-missing', 'read-b'], ['read-a']]);
  });

  it('tells every caller of a run whose statement fails that error, and nobody of the next run', async () => {
    await insertEach(db, ['insert-taken']);
    const insertRow = coalesced(async (ids: string[]) => {
      const { rows } = await sql<{ id: string }>`insert into ${TABLE} (id, item, batch_size)
        values ${sql.join(ids.map((id) => sql`(${id}, ${id}, ${ids.length})`))} returning id`.execute(db);
      return rows.map((row) => row.id);
    }, 10);

    const failed = await Promise.allSettled(['insert-1', 'insert-taken', 'insert-2'].map((id) => insertRow(id)));
    const errors = failed.map((result) => (result.status === 'rejected' ? (result.reason as unknown) : result.value));
    expect(isUniqueViolation(errors[0])).toBe(true);
    expect(errors[1]).toBe(errors[0]);
    expect(errors[2]).toBe(errors[0]);
    // One statement: none of its rows stays.
    expect(await rowsOf('insert-')).toEqual([{ id: 'insert-taken', item: 'insert-taken', batch_size: 1 }]);

    expect(await Promise.all(['insert-3', 'insert-4'].map((id) => insertRow(id)))).toEqual(['insert-3', 'insert-4']);
    expect((await rowsOf('insert-')).map((row) => row.id)).toEqual(['insert-3', 'insert-4', 'insert-taken']);
  });
});
