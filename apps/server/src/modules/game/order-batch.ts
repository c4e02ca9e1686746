import { sql, type Kysely } from 'kysely';
import type { Language } from '@wallet/contract';
import { payoutCents } from '@wallet/contract/game';
import { insertRows, rowsAsTable, type ColumnType } from '../../db/bulk-rows.js';
import type { DialectName } from '../../db/database.js';
import type { Database, OrdersTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { accountIdOf, houseAccountOf, userAccount } from '../../ledger/accounts.js';
import { answered, refused, type Outcome } from '../../ledger/group-commit.js';
import type { IdempotentItem } from '../../ledger/idempotent-group-commit.js';
import { LockedAccounts } from '../../ledger/locked-accounts.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { assertMayPlay, assertWithinLimits, lockProtections } from '../protection/index.js';
import { assertQuantities, assertTakesOrders, orderAnswer, orderRowsOf, type OrderAnswer, type OrderInput, type PeriodForOrder } from './orders.js';
import { projectOf, type Project } from './projects.js';

/** One `game/order` call of a batch. */
export interface OrderRequest extends IdempotentItem {
  userId: string;
  input: OrderInput;
  lang: Language;
}

const periodKey = (projectId: string, periodNo: string) => `${projectId}\u0000${periodNo}`;
const exposureKey = (row: Pick<OrdersTable, 'project_id' | 'period_no' | 'option_code'>) => `${row.project_id}\u0000${row.period_no}\u0000${row.option_code}`;

/** The batch's projects as stored now, enabled ones only; PostgreSQL: key-shared, so none is deleted under the orders. */
async function projectsOf(trx: Kysely<Database>, dialect: DialectName, ids: string[]): Promise<Map<string, Project>> {
  let query = trx.selectFrom('projects').selectAll().where('id', 'in', [...new Set(ids)].sort()).orderBy('id');
  if (dialect === 'postgres') query = query.forKeyShare();
  const rows = await query.execute();
  return new Map(rows.filter((row) => row.enabled === 1).map((row) => [row.id, projectOf(row)]));
}

/** The batch's periods, share-locked (see assertTakesOrders). */
async function periodsOf(trx: Kysely<Database>, dialect: DialectName, requests: OrderRequest[]): Promise<Map<string, PeriodForOrder>> {
  const pairs = [...new Map(requests.map((r) => [periodKey(r.input.projectId, r.input.periodNo), r.input])).values()];
  let query = trx
    .selectFrom('periods')
    .select(['project_id', 'period_no', 'locks_at', 'locked_at', 'drawn_at'])
    .where((eb) => eb.or(pairs.map((pair) => eb.and([eb('project_id', '=', pair.projectId), eb('period_no', '=', pair.periodNo)]))))
    .orderBy('project_id')
    .orderBy('period_no');
  if (dialect === 'postgres') query = query.forShare();
  return new Map((await query.execute()).map((row) => [periodKey(row.project_id, row.period_no), row]));
}

type ExposureRow = Pick<OrdersTable, 'project_id' | 'period_no' | 'option_code'>;
const EXPOSURE_KEY_COLUMNS: [string, ColumnType][] = [
  ['project_id', 'text'],
  ['period_no', 'text'],
  ['option_code', 'text'],
];

/**
 * The counters of the limited projects' options this batch may add to,
 * created at zero where missing and locked, in key order, before any account
 * (as a single order takes them); answers each one's possible payout now.
 */
async function lockExposure(trx: Kysely<Database>, dialect: DialectName, keys: ExposureRow[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const sorted = [...new Map(keys.map((key) => [exposureKey(key), key])).entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, key]) => key);
  const source = rowsAsTable(dialect, EXPOSURE_KEY_COLUMNS, sorted);
  const locked = await sql<ExposureRow & { possible_payout: number | string }>`insert into period_exposure (project_id, period_no, option_code, orders, amount, possible_payout)
    select ${source.column('project_id')}, ${source.column('period_no')}, ${source.column('option_code')}, 0, 0, 0 from ${source.from} where true order by ${source.order}
    on conflict (project_id, period_no, option_code) do update set orders = period_exposure.orders
    returning project_id, period_no, option_code, possible_payout`.execute(trx);
  return new Map(locked.rows.map((row) => [exposureKey(row), Number(row.possible_payout)]));
}

type ExposureAdded = ExposureRow & { orders: number; amount: number; possible: number };

async function addExposure(trx: Kysely<Database>, dialect: DialectName, added: ExposureAdded[]): Promise<void> {
  if (added.length === 0) return;
  const source = rowsAsTable(dialect, [...EXPOSURE_KEY_COLUMNS, ['orders', 'bigint'], ['amount', 'bigint'], ['possible', 'bigint']], added);
  const c = source.column;
  await sql`update period_exposure set orders = period_exposure.orders + ${c('orders')}, amount = period_exposure.amount + ${c('amount')},
    possible_payout = period_exposure.possible_payout + ${c('possible')}
    from ${source.from}
    where period_exposure.project_id = ${c('project_id')} and period_exposure.period_no = ${c('period_no')} and period_exposure.option_code = ${c('option_code')}`.execute(trx);
}

const ORDER_COLUMNS: [string, ColumnType][] = [
  ['order_no', 'text'],
  ['user_id', 'text'],
  ['project_id', 'text'],
  ['period_no', 'text'],
  ['option_code', 'text'],
  ['quantity', 'bigint'],
  ['amount', 'bigint'],
  ['odds', 'bigint'],
  ['payout', 'bigint'],
  ['settled_at', 'bigint'],
  ['created_at', 'bigint'],
];

/**
 * The orders of a batch in one transaction, each checked as if placed alone
 * right after the ones before it (PRODUCT §6, §12): the player's break, the
 * project as stored now, the quantities, the period open, the exposure limit,
 * the balance, the loss limits. Everything is locked and read first, in the
 * order a single order takes it (protection rows, projects, periods,
 * exposure counters, accounts), decided in memory, then written in a few
 * statements. A refused order is answered with its reason and leaves the
 * others as they were.
 */
export async function placeOrderBatch(trx: Kysely<Database>, dialect: DialectName, requests: OrderRequest[]): Promise<Outcome<OrderAnswer>[]> {
  const protections = await lockProtections(
    trx,
    dialect,
    requests.map((r) => r.userId),
  );
  const projects = await projectsOf(
    trx,
    dialect,
    requests.map((r) => r.input.projectId),
  );
  const periods = await periodsOf(trx, dialect, requests);
  // Counters only of periods that exist: the others refuse their orders anyway.
  const limitedKeys = requests.flatMap((r) =>
    projects.get(r.input.projectId)?.exposureLimit == null || !periods.has(periodKey(r.input.projectId, r.input.periodNo))
      ? []
      : r.input.selections.map((selection) => ({ project_id: r.input.projectId, period_no: r.input.periodNo, option_code: selection.option })),
  );
  const exposure = await lockExposure(trx, dialect, limitedKeys);
  const accounts = await LockedAccounts.lock(
    trx,
    dialect,
    requests.flatMap((r) => [accountIdOf(userAccount(r.userId, 'available')), accountIdOf(houseAccountOf('game', r.userId))]),
  );

  const placed: OrdersTable[] = [];
  const exposureAdded = new Map<string, ExposureAdded>();
  /** What each user's orders earlier in the batch put into their loss windows. */
  const lossBefore = new Map<string, number>();

  async function placeOne({ userId, input, now, lang }: OrderRequest): Promise<OrderAnswer> {
    assertMayPlay(protections.get(userId)!, now);
    const project = projects.get(input.projectId);
    if (!project) throw new AppError('NOT_FOUND');
    assertQuantities(project, input.selections);
    assertTakesOrders(periods.get(periodKey(input.projectId, input.periodNo)), now);
    const rows = orderRowsOf(project, userId, input, project.unitAmount, now);
    const staged = new Map<string, ExposureAdded>();
    const limit = project.exposureLimit;
    if (limit !== null) {
      for (const row of [...rows].sort((a, b) => (a.option_code < b.option_code ? -1 : 1))) {
        const key = exposureKey(row);
        const possible = payoutCents(row.amount, row.odds);
        const sum = staged.get(key) ?? { ...(exposureAdded.get(key) ?? { project_id: row.project_id, period_no: row.period_no, option_code: row.option_code, orders: 0, amount: 0, possible: 0 }) };
        if (possible > limit || exposure.get(key)! + sum.possible + possible > limit) throw new AppError('EXPOSURE_LIMIT');
        staged.set(key, { ...sum, orders: sum.orders + 1, amount: sum.amount + row.amount, possible: sum.possible + possible });
      }
    }
    const transfers = rows.map((row) => ({ kind: 'order_placed' as const, userId, reference: row.order_no, postings: MOVEMENTS.order_placed(userId, row.amount) }));
    accounts.assertCanPost(transfers);
    const total = rows.reduce((sum, row) => sum + row.amount, 0);
    const before = lossBefore.get(userId) ?? 0;
    await assertWithinLimits(trx, protections.get(userId)!, 'loss', userId, total, now, before + total);
    const { balances } = accounts.post(transfers, now);
    for (const [key, sum] of staged) exposureAdded.set(key, sum);
    lossBefore.set(userId, before + total);
    placed.push(...rows);
    return orderAnswer(project, rows, balances.get(accountIdOf(userAccount(userId, 'available')))!, lang);
  }

  const outcomes: Outcome<OrderAnswer>[] = [];
  for (const request of requests) {
    try {
      outcomes.push(answered(await placeOne(request)));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push(refused(error));
    }
  }
  await insertRows(trx, dialect, 'orders', ORDER_COLUMNS, placed);
  await addExposure(trx, dialect, [...exposureAdded.values()]);
  await accounts.write(trx, dialect);
  return outcomes;
}
