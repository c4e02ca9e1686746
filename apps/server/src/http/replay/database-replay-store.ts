import type { Kysely } from 'kysely';
import { REPLAY_WINDOW_MS } from '@wallet/contract';
import { OncePerInterval } from '../../once-per-interval.js';
import type { Database } from '../../db/schema.js';
import type { ReplayStore } from './replay-store.js';

/**
 * The replay window in the database, so several instances on one PostgreSQL
 * share it without Redis. The primary key makes "first one wins" atomic; old
 * entries are purged at most once a minute per instance.
 */
export class DatabaseReplayStore implements ReplayStore {
  private readonly cleanup: OncePerInterval;

  constructor(private readonly db: Kysely<Database>) {
    this.cleanup = new OncePerInterval((now) => this.db.deleteFrom('request_nonces').where('seen_at', '<', now - REPLAY_WINDOW_MS).execute());
  }

  async remember(ranstr: string, now: number): Promise<boolean> {
    await this.cleanup.runIfDue(now);
    const result = await this.db
      .insertInto('request_nonces')
      .values({ ranstr, seen_at: now })
      .onConflict((oc) => oc.column('ranstr').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) return true;

    // A row older than the window may still be there between purges: it does not count.
    const claimed = await this.db
      .updateTable('request_nonces')
      .set({ seen_at: now })
      .where('ranstr', '=', ranstr)
      .where('seen_at', '<', now - REPLAY_WINDOW_MS)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }
}
