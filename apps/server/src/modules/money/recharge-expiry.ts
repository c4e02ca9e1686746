import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Purger } from '../../db/purger.js';
import type { Database } from '../../db/schema.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import type { SettingsService } from '../settings/service.js';
import { releasePendingSlots } from './pending-slots.js';

const HOUR_MS = 60 * 60 * 1000;
/** How often an instance looks for stale recharges on its own, with no request asking. */
export const RECHARGE_EXPIRY_INTERVAL_MS = 60_000;

/**
 * Recharges on a random-decimal channel still under review after the
 * configured hours expire: status `expired`, the extra tenth and the user's
 * slot free again, no money moved. Any instance may run it at any time: the
 * UPDATE's `status = 'review'` condition lets each recharge expire once.
 */
export function createRechargeExpiry(db: Kysely<Database>, settings: SettingsService, log: FastifyBaseLogger) {
  async function expireStale(now: number): Promise<number> {
    const cutoff = now - (await settings.get('rechargeExpiryHours')) * HOUR_MS;
    return moneyTransaction(db, async (trx) => {
      const expired = await trx
        .updateTable('recharges')
        .set({ status: 'expired', match_key: null, reviewed_at: now })
        .where('status', '=', 'review')
        .where('random_decimal', '=', 1)
        .where('created_at', '<=', cutoff)
        .returning('user_id')
        .execute();
      await releasePendingSlots(
        trx,
        'randomDecimalRecharge',
        expired.map((row) => row.user_id),
      );
      return expired.length;
    });
  }

  const purger = new Purger(expireStale, RECHARGE_EXPIRY_INTERVAL_MS);
  /** A failed round is only late: the next one (a minute on) expires the same recharges. */
  const logFailure = (error: unknown) => log.error({ err: error }, 'recharge expiry failed');
  return {
    expireStale,
    /** Before anything reads or takes extra tenths; at most once a minute per instance, never failing the request. */
    catchUp: (now: number) => purger.maybePurge(now).catch(logFailure),
    /** Expires what is overdue at once, then on schedule even when no request comes; stops when the app closes. */
    start(now: () => number): () => void {
      const catchUpNow = () => void purger.maybePurge(now()).catch(logFailure);
      catchUpNow();
      // A little more often than the interval, so a tick never falls just short of it and skips a round.
      const timer = setInterval(catchUpNow, RECHARGE_EXPIRY_INTERVAL_MS / 2);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type RechargeExpiry = ReturnType<typeof createRechargeExpiry>;
