import { sql, type Kysely } from 'kysely';
import type { Language } from '@wallet/contract';
import type { DialectName } from '../../db/database.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import type { Database } from '../../db/schema.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import { DEFAULT_MAX_BATCH } from '../../ledger/group-commit.js';
import { idempotentGroupCommit } from '../../ledger/idempotent-group-commit.js';
import { placeOrderBatch, type OrderRequest } from './order-batch.js';
import { orderView, ordersWithPeriod, type OrderAnswer, type OrderInput } from './orders.js';

export interface OrderServiceDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  idempotency: Idempotency;
  /** The most orders in one transaction; 1 places them one by one. */
  maxBatch?: number;
}

export function createOrderService({ db, dialect, idempotency, maxBatch = DEFAULT_MAX_BATCH }: OrderServiceDependencies) {
  const writes = idempotentGroupCommit<OrderRequest, OrderAnswer>(db, dialect, idempotency, (trx, requests) => placeOrderBatch(trx, dialect, requests), { maxBatch });
  return {
    /** How its batches went, for `/metrics`. */
    groupCommitCounts: writes.counts,
    /**
     * All selections or none, after the player-protection guard; each order is
     * its own ledger transfer (available → game). Answered once its
     * transaction, shared with the orders that came with it, has committed.
     */
    place(userId: string, input: OrderInput, now: number, lang: Language): Promise<OrderAnswer> {
      const key = { ownerId: userId, requestId: input.requestId, scope: 'game/order', fields: { ...input, requestId: undefined } };
      return writes.submit({ key, now, userId, input, lang });
    },

    async list(userId: string, query: PageRequest & { projectId?: string | undefined; periodNo?: string | undefined; audited?: boolean | undefined }, lang: Language) {
      let rows = ordersWithPeriod(db).where('o.user_id', '=', userId);
      if (query.projectId) rows = rows.where('o.project_id', '=', query.projectId);
      if (query.periodNo) rows = rows.where('o.period_no', '=', query.periodNo);
      if (query.audited !== undefined) rows = rows.where('o.settled_at', query.audited ? 'is not' : 'is', null);
      const [items, count] = await Promise.all([
        rows.orderBy('o.created_at', 'desc').orderBy('o.order_no', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
        rows.clearSelect().select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(items.map((row) => orderView(row, lang)), count.n, query);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
