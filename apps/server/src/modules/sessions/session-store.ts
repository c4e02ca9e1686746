import type { Kysely } from 'kysely';
import { OncePerInterval } from '../../once-per-interval.js';
import type { Database } from '../../db/schema.js';
import { hashToken, newToken } from './tokens.js';

export const USER_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const OPERATOR_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** Sliding expiry moves at most this often, so reads do not each write. */
const SLIDE_STEP_MS = 60 * 60 * 1000;

type SessionTable = 'user_sessions' | 'operator_sessions';

/** Sessions of users or operators: tokens stored as SHA-256, sliding expiry. */
export class SessionStore {
  private readonly cleanup: OncePerInterval;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: SessionTable,
    private readonly ttlMs: number,
  ) {
    this.cleanup = new OncePerInterval((now) => this.db.deleteFrom(this.table).where('expires_at', '<', now).execute());
  }

  async create(ownerId: string, now: number, db: Kysely<Database> = this.db): Promise<string> {
    const token = newToken();
    await db
      .insertInto(this.table)
      .values({ token_hash: hashToken(token), owner_id: ownerId, created_at: now, expires_at: now + this.ttlMs })
      .execute();
    return token;
  }

  /** The owner of a live session; using it pushes its expiry back to a full TTL. */
  async find(token: string, now: number): Promise<string | null> {
    const row = await this.db
      .selectFrom(this.table)
      .select(['owner_id', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || !(await this.used(token, row.expires_at, now))) return null;
    return row.owner_id;
  }

  /**
   * For a caller that read the session row itself (joined to its owner): false
   * when it has expired; else its expiry moves back to a full TTL, at most once per SLIDE_STEP_MS.
   */
  async used(token: string, expiresAt: number, now: number): Promise<boolean> {
    await this.cleanup.runIfDue(now);
    if (expiresAt <= now) return false;
    if (expiresAt < now + this.ttlMs - SLIDE_STEP_MS) {
      await this.db.updateTable(this.table).set({ expires_at: now + this.ttlMs }).where('token_hash', '=', hashToken(token)).execute();
    }
    return true;
  }

  async revoke(token: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('token_hash', '=', hashToken(token)).execute();
  }

  /** Ends every session of an owner, except the one holding `keepToken`; answers how many ended. */
  async revokeAll(ownerId: string, keepToken?: string, db: Kysely<Database> = this.db): Promise<number> {
    let query = db.deleteFrom(this.table).where('owner_id', '=', ownerId);
    if (keepToken !== undefined) query = query.where('token_hash', '!=', hashToken(keepToken));
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
