import type { Kysely } from 'kysely';
import type { RecordStatus } from '@wallet/contract';
import type { Database, RechargesTable, WithdrawalsTable } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { AppError } from '../../errors.js';

export interface OwnRecordsQuery extends PageRequest {
  status?: RecordStatus | undefined;
}

type RecordRow<T extends 'recharges' | 'withdrawals'> = T extends 'recharges' ? RechargesTable : WithdrawalsTable;

/** One user's recharges or withdrawals, newest first, optionally of one status. */
export async function ownRecordsPage<T extends 'recharges' | 'withdrawals', View>(
  db: Kysely<Database>,
  table: T,
  userId: string,
  query: OwnRecordsQuery,
  view: (row: RecordRow<T>) => View,
) {
  // Both tables share these columns; Kysely cannot type a query over either, so it is typed as one of them.
  let rows = db.selectFrom(table as 'recharges').where('user_id', '=', userId);
  if (query.status) rows = rows.where('status', '=', query.status);
  const [items, count] = await Promise.all([
    rows.selectAll().orderBy('created_at', 'desc').orderBy('order_no', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
    rows.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf((items as unknown as RecordRow<T>[]).map(view), count.n, query);
}

/** One of the user's own records; anyone else's order number is "not found", never "not yours". */
export async function ownRecord<T extends 'recharges' | 'withdrawals'>(db: Kysely<Database>, table: T, userId: string, orderNo: string): Promise<RecordRow<T>> {
  const row = await db
    .selectFrom(table as 'recharges')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row as unknown as RecordRow<T>;
}
