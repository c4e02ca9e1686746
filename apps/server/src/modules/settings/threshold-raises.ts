import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatMoney } from '@wallet/contract';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import { decideOnce } from '../../security/second-operator.js';
import type { SettingsService } from './service.js';

const THRESHOLD = 'adjustApprovalThreshold';

/**
 * PRODUCT §9, four eyes, for the threshold itself: a higher
 * adjustApprovalThreshold lets one operator move more alone, so it waits for
 * a second admin, exactly once; a lower one only asks for more eyes and
 * applies at once.
 */
export function createThresholdRaises(db: Kysely<Database>, settings: SettingsService) {
  async function viewsOf(from: Kysely<Database>, filter: (query: ReturnType<typeof raisesQuery>) => ReturnType<typeof raisesQuery>) {
    const rows = await filter(raisesQuery(from)).execute();
    const current = await settings.get(THRESHOLD, from);
    return rows.map((row) => ({
      id: row.id,
      amount: formatMoney(row.amount),
      current: formatMoney(current),
      status: row.status,
      proposedBy: row.proposer_name ?? '?',
      proposedAt: row.proposed_at,
      decidedBy: row.decider_name,
      decidedAt: row.decided_at,
      remark: row.remark,
    }));
  }

  async function viewOf(from: Kysely<Database>, id: string) {
    const [view] = await viewsOf(from, (query) => query.where('threshold_raises.id', '=', id));
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  return {
    /**
     * Inside a settings save: a threshold above the one in force is kept as a
     * proposal (its id answered) instead of being saved. The threshold's row
     * is locked first, so a save racing another cannot take a raise for a
     * lowering.
     */
    async proposeIfHigher(trx: Kysely<Database>, operatorId: string, amount: number, now: number): Promise<string | undefined> {
      await trx.updateTable('settings').set((eb) => ({ value: eb.ref('value') })).where('key', '=', THRESHOLD).execute();
      const current = await settings.get(THRESHOLD, trx);
      if (amount <= current) return undefined;
      const id = randomUUID();
      await trx.insertInto('threshold_raises').values({ id, amount, status: 'pending', proposed_by: operatorId, proposed_at: now, remark: '' }).execute();
      await recordAudit(trx, { operatorId, action: 'settings/threshold/propose', target: `threshold-raise:${id}`, before: { [THRESHOLD]: formatMoney(current) }, after: { [THRESHOLD]: formatMoney(amount) } }, now);
      return id;
    },

    view: (id: string) => viewOf(db, id),

    /** Oldest first: the one waiting longest is decided first. */
    async pending(input: PageRequest) {
      const [items, count] = await Promise.all([
        viewsOf(db, (query) => query.where('threshold_raises.status', '=', 'pending').orderBy('threshold_raises.proposed_at').orderBy('threshold_raises.id').limit(input.pageSize).offset(offsetOf(input))),
        db.selectFrom('threshold_raises').select((eb) => eb.fn.countAll<string | number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow(),
      ]);
      return pageOf(items, count.n, input);
    },

    async approve(operatorId: string, id: string, now: number) {
      const view = await db.transaction().execute(async (trx) => {
        const raise = await decideOnce(trx, 'threshold_raises', id, operatorId, { status: 'approved', remark: '' }, now);
        const before = await settings.get(THRESHOLD, trx);
        await settings.save(THRESHOLD, raise.amount, trx);
        await recordAudit(trx, { operatorId, action: 'settings/threshold/approve', target: `threshold-raise:${id}`, before: { [THRESHOLD]: formatMoney(before) }, after: { [THRESHOLD]: formatMoney(raise.amount) } }, now);
        return viewOf(trx, id);
      });
      await settings.announce([THRESHOLD]);
      return view;
    },

    async reject(operatorId: string, id: string, remark: string, now: number) {
      return db.transaction().execute(async (trx) => {
        await decideOnce(trx, 'threshold_raises', id, operatorId, { status: 'rejected', remark }, now);
        await recordAudit(trx, { operatorId, action: 'settings/threshold/reject', target: `threshold-raise:${id}`, before: { status: 'pending' }, after: { status: 'rejected', remark } }, now);
        return viewOf(trx, id);
      });
    },
  };
}

function raisesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('threshold_raises')
    .leftJoin('operators as proposer', 'proposer.id', 'threshold_raises.proposed_by')
    .leftJoin('operators as decider', 'decider.id', 'threshold_raises.decided_by')
    .selectAll('threshold_raises')
    .select(['proposer.username as proposer_name', 'decider.username as decider_name']);
}

export type ThresholdRaises = ReturnType<typeof createThresholdRaises>;
