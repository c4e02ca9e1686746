import { sql, type Kysely } from 'kysely';
import { rowsAsTable } from '../../db/bulk-rows.js';
import type { DialectName } from '../../db/database.js';
import { coalesced } from '../../db/natural-batches.js';
import { REPLAY_WINDOW_MS } from '@wallet/contract';
import { OncePerInterval } from '../../once-per-interval.js';
import type { Database } from '../../db/schema.js';
import type { ReplayStore } from './replay-store.js';

/** Nonces in one INSERT at most. */
const COALESCED_NONCES = 256;

/**
 * The replay window in the database, so several instances on one PostgreSQL
 * share it without Redis. The primary key makes "first one wins" atomic; old
 * entries are purged at most once a minute per instance. Signed calls that
 * arrive together share one INSERT (and one commit).
 */
export class DatabaseReplayStore implements ReplayStore {
  private readonly cleanup: OncePerInterval;
  private readonly insertNew: (nonce: { ranstr: string; seen_at: number }) => Promise<boolean>;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.cleanup = new OncePerInterval((now) => this.db.deleteFrom('request_nonces').where('seen_at', '<', now - REPLAY_WINDOW_MS).execute());
    this.insertNew = coalesced(async (nonces) => {
      const source = rowsAsTable(dialect, [['ranstr', 'text'], ['seen_at', 'bigint']], nonces);
      const inserted = await sql<{ ranstr: string }>`insert into request_nonces (ranstr, seen_at)
        select ${source.column('ranstr')}, ${source.column('seen_at')} from ${source.from} where true order by ${source.order}
        on conflict (ranstr) do nothing returning ranstr`.execute(this.db);
      const fresh = new Set(inserted.rows.map((row) => row.ranstr));
      // Two of the same batch: the first is the one that counts.
      return nonces.map((nonce) => fresh.delete(nonce.ranstr));
    }, COALESCED_NONCES);
  }

  async remember(ranstr: string, now: number): Promise<boolean> {
    await this.cleanup.runIfDue(now);
    if (await this.insertNew({ ranstr, seen_at: now })) return true;

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
