import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { rowsAsTable } from '../db/bulk-rows.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { OncePerInterval } from '../once-per-interval.js';
import { AppError } from '../errors.js';
import { moneyTransaction } from './money-transaction.js';

/** Records are kept this long, so a retry within a month still gets the first answer. */
export const IDEMPOTENCY_RETENTION_MS = 35 * 24 * 60 * 60 * 1000;
/** A claim older than this belongs to work that died (a crash); a retry may take it over. */
const CLAIM_STALE_MS = 15_000;
/** How long a retry waits for the first attempt to finish before saying it is still in progress. */
const WAIT_LIMIT_MS = 20_000;
/** Waiting retries look again after 20 ms, then less and less often. */
const FIRST_POLL_MS = 20;
const LONGEST_POLL_MS = 250;

/** Without a requestId, the same fields from the same owner within this long are a retry of the first request. */
export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

export interface IdempotencyKey {
  /** The user (or operator) who sends the request. */
  ownerId: string;
  /** Absent: the request is known by its fields alone, within REPEAT_WINDOW_MS. */
  requestId?: string | undefined;
  /** What the request asks for: the call and its fields (secrets left out). */
  scope: string;
  fields: unknown;
}

/** Where the claim of one request is kept. */
export interface ClaimKey {
  ownerId: string;
  requestId: string;
  scope: string;
}

/**
 * Runs the claimed work's one transaction and records what it returns as the
 * answer before it commits: the answer exists exactly when the work does.
 */
export type Transact = <R>(work: (trx: Kysely<Database>) => Promise<R>) => Promise<R>;

/** Where a request's one transaction runs: its own money transaction, or a batch's shared one (ledger/group-commit.ts). */
export type TransactionRunner = <R>(work: (trx: Kysely<Database>) => Promise<R>) => Promise<R>;

/** JSON with sorted keys, so the same fields always hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const fieldsHashOf = (scope: string, fields: unknown) => createHash('sha256').update(`${scope}\n${canonical(fields)}`).digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a request at most once per owner + requestId (or, without one, per
 * owner + fields within REPEAT_WINDOW_MS). The first caller claims
 * the key and does the work; whoever comes with the same key and fields gets
 * the first answer (waiting while the work runs), with other fields 409
 * REQUEST_CONFLICT. Only successes are kept: a failed attempt gives the key
 * back, so a retry does the work again.
 */
export class Idempotency {
  private readonly cleanup: OncePerInterval;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {
    this.cleanup = new OncePerInterval((now) => this.db.deleteFrom('idempotency_keys').where('created_at', '<', now - IDEMPOTENCY_RETENTION_MS).execute());
  }

  async run<T>(request: IdempotencyKey, now: number, work: (transact: Transact) => Promise<T>, transactions?: TransactionRunner): Promise<T> {
    await this.cleanup.runIfDue(now);
    const hash = fieldsHashOf(request.scope, request.fields);
    const key = request.requestId === undefined ? await this.repeatKey(request, hash, now) : { ...request, requestId: request.requestId };
    const startedAt = this.clock();
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      const token = await this.claim(key, hash, now);
      if (token) return this.runClaimed(key, token, work, transactions);

      const row = await this.read(key);
      if (!row) continue;
      if (row.fields_hash !== hash) throw new AppError('REQUEST_CONFLICT');
      if (row.response_json !== null) return JSON.parse(row.response_json) as T;
      if (this.clock() - row.claimed_at > CLAIM_STALE_MS) {
        const taken = await this.takeOver(key, row.claim_token);
        if (taken) return this.runClaimed(key, taken, work, transactions);
        continue;
      }
      if (this.clock() - startedAt > WAIT_LIMIT_MS) throw new AppError('REQUEST_IN_PROGRESS');
      await sleep(pollMs);
      pollMs = Math.min(LONGEST_POLL_MS, pollMs * 2);
    }
  }

  private async runClaimed<T>(key: ClaimKey, token: string, work: (transact: Transact) => Promise<T>, transactions?: TransactionRunner): Promise<T> {
    let answered = false;
    const inTransaction: TransactionRunner = transactions ?? ((inner) => moneyTransaction(this.db, inner));
    const transact: Transact = async (inner) => {
      if (answered) throw new Error(`one transaction per idempotent request: ${key.scope}`);
      // Answered only once committed: a transaction run again after a lost race is the same one.
      const response = await inTransaction(async (trx) => {
        const response = await inner(trx);
        const result = await trx
          .updateTable('idempotency_keys')
          .set({ response_json: JSON.stringify(response) })
          .where('owner_id', '=', key.ownerId)
          .where('request_id', '=', key.requestId)
          .where('claim_token', '=', token)
          .where('response_json', 'is', null)
          .executeTakeFirst();
        // Someone took the claim over (this attempt looked dead): roll this one back, theirs counts.
        if (Number(result.numUpdatedRows) !== 1) throw new AppError('REQUEST_IN_PROGRESS');
        return response;
      });
      answered = true;
      return response;
    };
    try {
      const response = await work(transact);
      if (!answered) throw new Error(`idempotent work finished without its transaction: ${key.scope}`);
      return response;
    } catch (error) {
      if (!answered) {
        await this.db
          .deleteFrom('idempotency_keys')
          .where('owner_id', '=', key.ownerId)
          .where('request_id', '=', key.requestId)
          .where('claim_token', '=', token)
          .where('response_json', 'is', null)
          .execute();
      }
      throw error;
    }
  }

  /** Purges answers past their retention, at most once per interval: a batch calls it outside its transaction. */
  purgeIfDue(now: number): Promise<void> {
    return this.cleanup.runIfDue(now);
  }

  /** The key a request is claimed under, and the hash of its fields, as `run` works them out (without touching the database). */
  keyOf(request: IdempotencyKey): ClaimKey & { hash: string } {
    const hash = fieldsHashOf(request.scope, request.fields);
    const requestId = request.requestId ?? `repeat:${hash.slice(0, 48)}`;
    return { ownerId: request.ownerId, requestId, scope: request.scope, hash };
  }

  /**
   * Claims the keys of a batch inside its transaction: a claim commits with
   * the work it guards or not at all, so a crash leaves none behind. A key
   * another transaction holds makes this one wait for its commit. Answers each
   * key's claim token, or null where a request with that key is done, under
   * way, or earlier in the same batch.
   */
  async claimInBatch(trx: Kysely<Database>, dialect: DialectName, keys: (ClaimKey & { hash: string; now: number })[]): Promise<(string | null)[]> {
    const repeats = keys.filter((key) => key.requestId.startsWith('repeat:'));
    for (const key of repeats) {
      await trx
        .deleteFrom('idempotency_keys')
        .where('owner_id', '=', key.ownerId)
        .where('request_id', '=', key.requestId)
        .where('response_json', 'is not', null)
        .where('created_at', '<=', key.now - REPEAT_WINDOW_MS)
        .execute();
    }
    const tokens = keys.map(() => randomUUID());
    const claimedAt = this.clock();
    const rows = keys.map((key, index) => ({ owner_id: key.ownerId, request_id: key.requestId, fields_hash: key.hash, claim_token: tokens[index]!, created_at: key.now }));
    const source = rowsAsTable(dialect, [['owner_id', 'text'], ['request_id', 'text'], ['fields_hash', 'text'], ['claim_token', 'text'], ['created_at', 'bigint']], rows);
    const column = (name: string) => source.column(name);
    const claimed = await sql<{ claim_token: string }>`insert into idempotency_keys (owner_id, request_id, fields_hash, claim_token, claimed_at, response_json, created_at)
      select ${column('owner_id')}, ${column('request_id')}, ${column('fields_hash')}, ${column('claim_token')}, ${claimedAt}, null, ${column('created_at')}
      from ${source.from} where true order by ${source.order}
      on conflict (owner_id, request_id) do nothing returning claim_token`.execute(trx);
    const won = new Set(claimed.rows.map((row) => row.claim_token));
    return tokens.map((token) => (won.has(token) ? token : null));
  }

  /**
   * In the batch's transaction, once its work is done: each answered claim
   * keeps its answer, each refused one is given back, so a retry does the work again.
   */
  async settleBatch(trx: Kysely<Database>, dialect: DialectName, claims: { key: ClaimKey; token: string; response?: unknown }[]): Promise<void> {
    const answered = claims.filter((claim) => claim.response !== undefined);
    const givenBack = claims.filter((claim) => claim.response === undefined);
    if (answered.length > 0) {
      const source = rowsAsTable(
        dialect,
        [['claim_token', 'text'], ['response_json', 'text']],
        answered.map((claim) => ({ claim_token: claim.token, response_json: JSON.stringify(claim.response) })),
      );
      const result = await sql`update idempotency_keys set response_json = ${source.column('response_json')} from ${source.from}
        where idempotency_keys.claim_token = ${source.column('claim_token')} and idempotency_keys.response_json is null`.execute(trx);
      if (Number(result.numAffectedRows ?? 0n) !== answered.length) throw new Error('a claimed key of the batch was taken over');
    }
    for (const claim of givenBack) {
      await trx.deleteFrom('idempotency_keys').where('owner_id', '=', claim.key.ownerId).where('request_id', '=', claim.key.requestId).where('claim_token', '=', claim.token).execute();
    }
  }

  /**
   * For a request whose key someone else claimed, once that claim has
   * committed or gone: the first answer (waiting while it is under way),
   * REQUEST_CONFLICT for other fields, or null when the claim is gone (its
   * work was refused) and the request is to be run again.
   */
  async answerOf(key: ClaimKey & { hash: string }): Promise<{ response: unknown } | null> {
    const startedAt = this.clock();
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      const row = await this.read(key);
      if (!row) return null;
      if (row.fields_hash !== key.hash) throw new AppError('REQUEST_CONFLICT');
      if (row.response_json !== null) return { response: JSON.parse(row.response_json) as unknown };
      // A claim outside any transaction (`run`) whose work died with its process.
      if (this.clock() - row.claimed_at > CLAIM_STALE_MS) {
        await this.db.deleteFrom('idempotency_keys').where('owner_id', '=', key.ownerId).where('request_id', '=', key.requestId).where('claim_token', '=', row.claim_token).where('response_json', 'is', null).execute();
        return null;
      }
      if (this.clock() - startedAt > WAIT_LIMIT_MS) throw new AppError('REQUEST_IN_PROGRESS');
      await sleep(pollMs);
      pollMs = Math.min(LONGEST_POLL_MS, pollMs * 2);
    }
  }

  /**
   * A request without a requestId is named by its fields (a client's
   * requestId never holds a colon). Its answer serves retries for
   * REPEAT_WINDOW_MS; after that the same fields are new work.
   */
  private async repeatKey(request: IdempotencyKey, hash: string, now: number): Promise<ClaimKey> {
    const key = { ownerId: request.ownerId, requestId: `repeat:${hash.slice(0, 48)}`, scope: request.scope };
    await this.db
      .deleteFrom('idempotency_keys')
      .where('owner_id', '=', key.ownerId)
      .where('request_id', '=', key.requestId)
      .where('response_json', 'is not', null)
      .where('created_at', '<=', now - REPEAT_WINDOW_MS)
      .execute();
    return key;
  }

  private async claim(key: ClaimKey, hash: string, now: number): Promise<string | null> {
    const token = randomUUID();
    const result = await this.db
      .insertInto('idempotency_keys')
      .values({
        owner_id: key.ownerId,
        request_id: key.requestId,
        fields_hash: hash,
        claim_token: token,
        claimed_at: this.clock(),
        response_json: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['owner_id', 'request_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? token : null;
  }

  private async takeOver(key: ClaimKey, staleToken: string): Promise<string | null> {
    const token = randomUUID();
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({ claim_token: token, claimed_at: this.clock() })
      .where('owner_id', '=', key.ownerId)
      .where('request_id', '=', key.requestId)
      .where('claim_token', '=', staleToken)
      .where('response_json', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? token : null;
  }

  private read(key: ClaimKey) {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('owner_id', '=', key.ownerId)
      .where('request_id', '=', key.requestId)
      .executeTakeFirst();
  }
}
