import type { Kysely } from 'kysely';
import { REPLAY_WINDOW_MS } from '@wallet/contract';
import { Purger } from '../db/purger.js';
import type { Database } from '../db/schema.js';

/**
 * Remembers each `ranstr` for the replay window, in the database so every
 * server instance sees the same calls. The primary key makes "first one
 * wins" atomic; old entries are purged at most once a minute per instance.
 */
export class ReplayStore {
  private readonly purger: Purger;

  constructor(private readonly db: Kysely<Database>) {
    this.purger = new Purger((now) => this.db.deleteFrom('request_nonces').where('seen_at', '<', now - REPLAY_WINDOW_MS).execute());
  }

  /** True when this ranstr is new; false when it was already used within the window. */
  async remember(ranstr: string, now: number): Promise<boolean> {
    await this.purger.maybePurge(now);
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
