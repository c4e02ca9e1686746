import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ExportKind, RecordStatus, UserAccountKind } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { formatAccountAmount } from '../../ledger/accounts.js';
import { recordFilters } from '../money/index.js';
import { isoTime, money, type Cell } from './csv.js';

/** The filters of the list an export comes from; each export reads those of its list. */
export interface ExportFilter {
  /** [start, end) in milliseconds. */
  start?: number | undefined;
  end?: number | undefined;
  /** Recharges and withdrawals: the status, and an order number, username or user id. */
  status?: RecordStatus | undefined;
  q?: string | undefined;
  /** Orders. */
  projectId?: string | undefined;
  periodNo?: string | undefined;
  username?: string | undefined;
  /** The statement. */
  userId?: string | undefined;
  /** The audit log. */
  operatorId?: string | undefined;
  action?: string | undefined;
}

/** Where the last batch ended: rows come oldest first by time, then by a unique key. */
export interface Cursor {
  at: number;
  key: string | number;
}

export interface ExportSource {
  header: readonly string[];
  /** Up to `limit` rows after the cursor, oldest first, as CSV cells (times in `timeZone`); each with the cursor it ends at. */
  batch(db: Kysely<Database>, filter: ExportFilter, after: Cursor | null, limit: number, timeZone: string): Promise<{ cells: Cell[]; cursor: Cursor }[]>;
}

/** The rows of the filter's days after the cursor: `(time, key) > cursor`. */
export function window(time: string, key: string, filter: ExportFilter, after: Cursor | null): RawBuilder<SqlBool> {
  const conditions = [sql`1 = 1`];
  if (filter.start !== undefined) conditions.push(sql`${sql.ref(time)} >= ${filter.start}`);
  if (filter.end !== undefined) conditions.push(sql`${sql.ref(time)} < ${filter.end}`);
  // `time >= at` first, so the index on (time, key) starts the scan at the cursor instead of the table's beginning.
  if (after) conditions.push(sql`${sql.ref(time)} >= ${after.at} and (${sql.ref(time)} > ${after.at} or ${sql.ref(key)} > ${after.key})`);
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

const recharges: ExportSource = {
  header: ['order_no', 'username', 'channel', 'amount', 'pay_amount', 'status', 'remark', 'created_at', 'reviewed_at', 'reviewed_by'],
  async batch(db, filter, after, limit, timeZone) {
    const rows = await db
      .selectFrom('recharges as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('operators as o', 'o.id', 'r.reviewed_by')
      .select(['r.order_no', 'u.username', 'r.channel_name', 'r.amount', 'r.pay_amount', 'r.status', 'r.remark', 'r.created_at', 'r.reviewed_at', 'o.username as reviewer'])
      .where(window('r.created_at', 'r.order_no', filter, after))
      .where(recordFilters(filter))
      .orderBy('r.created_at').orderBy('r.order_no').limit(limit).execute();
    return rows.map((row) => ({
      cells: [{ plain: row.order_no }, row.username, row.channel_name, money(row.amount), money(row.pay_amount), row.status, row.remark, isoTime(row.created_at, timeZone), isoTime(row.reviewed_at, timeZone), row.reviewer],
      cursor: { at: row.created_at, key: row.order_no },
    }));
  },
};

const withdrawals: ExportSource = {
  header: ['order_no', 'username', 'amount', 'fee', 'name', 'bank_name', 'card_no', 'address', 'status', 'remark', 'created_at', 'reviewed_at', 'reviewed_by'],
  async batch(db, filter, after, limit, timeZone) {
    const rows = await db
      .selectFrom('withdrawals as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('operators as o', 'o.id', 'r.reviewed_by')
      .select(['r.order_no', 'u.username', 'r.amount', 'r.fee', 'r.name', 'r.bank_name', 'r.card_no', 'r.address', 'r.status', 'r.remark', 'r.created_at', 'r.reviewed_at', 'o.username as reviewer'])
      .where(window('r.created_at', 'r.order_no', filter, after))
      .where(recordFilters(filter))
      .orderBy('r.created_at')
      .orderBy('r.order_no')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      cells: [
        { plain: row.order_no },
        row.username,
        money(row.amount),
        money(row.fee),
        row.name,
        row.bank_name,
        // Card numbers stay text: a spreadsheet would round 19 digits to a float.
        { plain: `\t${row.card_no}` },
        row.address,
        row.status,
        row.remark,
        isoTime(row.created_at, timeZone),
        isoTime(row.reviewed_at, timeZone),
        row.reviewer,
      ],
      cursor: { at: row.created_at, key: row.order_no },
    }));
  },
};

const orders: ExportSource = {
  header: ['order_no', 'username', 'project', 'period_no', 'option', 'quantity', 'amount', 'odds', 'payout', 'created_at', 'settled_at'],
  async batch(db, filter, after, limit, timeZone) {
    let query = db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.order_no', 'u.username', 'o.project_id', 'o.period_no', 'o.option_code', 'o.quantity', 'o.amount', 'o.odds', 'o.payout', 'o.created_at', 'o.settled_at'])
      .where(window('o.created_at', 'o.order_no', filter, after));
    if (filter.projectId) query = query.where('o.project_id', '=', filter.projectId);
    if (filter.periodNo) query = query.where('o.period_no', '=', filter.periodNo);
    if (filter.username) query = query.where('u.username_key', '=', filter.username.toLowerCase());
    const rows = await query.orderBy('o.created_at').orderBy('o.order_no').limit(limit).execute();
    return rows.map((row) => ({
      cells: [{ plain: row.order_no }, row.username, row.project_id, { plain: row.period_no }, row.option_code, row.quantity, money(row.amount), { plain: (row.odds / 100).toFixed(2) }, money(row.payout), isoTime(row.created_at, timeZone), isoTime(row.settled_at, timeZone)],
      cursor: { at: row.created_at, key: row.order_no },
    }));
  },
};

/** One line per ledger entry on a user's account: the statement every user reads, for everyone at once. */
const statement: ExportSource = {
  header: ['entry_id', 'transfer_id', 'created_at', 'kind', 'username', 'account', 'amount', 'balance_after', 'reference', 'memo'],
  async batch(db, filter, after, limit, timeZone) {
    let query = db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['e.id', 'e.transfer_id', 'e.created_at', 't.kind', 'u.username', 'a.kind as account', 'e.amount', 'e.balance_after', 't.reference', 't.memo'])
      .where(window('e.created_at', 'e.id', filter, after));
    if (filter.userId) query = query.where('a.user_id', '=', filter.userId);
    const rows = await query.orderBy('e.created_at').orderBy('e.id').limit(limit).execute();
    return rows.map((row) => {
      const account = row.account as UserAccountKind;
      return {
        cells: [row.id, { plain: row.transfer_id }, isoTime(row.created_at, timeZone), row.kind, row.username, account, { plain: formatAccountAmount(account, row.amount) }, { plain: formatAccountAmount(account, row.balance_after) }, { plain: row.reference }, row.memo],
        cursor: { at: row.created_at, key: row.id },
      };
    });
  },
};

const audit: ExportSource = {
  header: ['id', 'created_at', 'operator', 'action', 'target', 'before', 'after'],
  async batch(db, filter, after, limit, timeZone) {
    let query = db
      .selectFrom('audit_log as l')
      .leftJoin('operators as o', 'o.id', 'l.operator_id')
      .select(['l.id', 'l.created_at', 'o.username', 'l.action', 'l.target', 'l.before_json', 'l.after_json'])
      .where(window('l.created_at', 'l.id', filter, after));
    if (filter.operatorId) query = query.where('l.operator_id', '=', filter.operatorId);
    if (filter.action) query = query.where('l.action', '=', filter.action);
    const rows = await query
      .orderBy('l.created_at')
      .orderBy('l.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      cells: [{ plain: row.id }, isoTime(row.created_at, timeZone), row.username, row.action, row.target, row.before_json, row.after_json],
      cursor: { at: row.created_at, key: row.id },
    }));
  },
};

export const EXPORT_SOURCES: Record<ExportKind, ExportSource> = { recharges, withdrawals, orders, statement, audit };
