import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { periodicJob } from '../../scheduler/periodic-job.js';
import type { SettingsService } from '../settings/index.js';
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

  /** A failed round is only late: the next one (a minute on) expires the same recharges. */
  const rounds = periodicJob({ name: 'recharge expiry', intervalMs: RECHARGE_EXPIRY_INTERVAL_MS, run: expireStale }, log);
  return {
    expireStale,
    job: rounds,
    /** Before anything reads or takes extra tenths; at most once a minute per instance, never failing the request. */
    catchUp: (now: number) => rounds.runIfDue(now),
  };
}

export type RechargeExpiry = ReturnType<typeof createRechargeExpiry>;
