import type { Kysely } from 'kysely';
import { formatMoney, type Language } from '@wallet/contract';
import { formatOdds, payoutCents } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database, OrdersTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { postTransfers } from '../../ledger/transfer.js';
import { newOrderNo } from '../../ledger/order-numbers.js';
import { addExposure } from './exposure.js';
import { diceOf } from './periods.js';
import { projectForOrder, projectNameIn, type Project } from './projects.js';

export interface OrderInput {
  projectId: string;
  periodNo: string;
  selections: { option: string; quantity: number }[];
  requestId: string;
}

type OrderRow = OrdersTable & { project_name: string; project_names: string | null; dice: string | null; void_reason: string | null };

/** `lang`: the reader's, for the project's name; none on the console (the operator's name). */
export function orderView(row: OrderRow, lang?: Language) {
  const payout = row.payout === null ? null : Number(row.payout);
  return {
    orderNo: row.order_no,
    projectId: row.project_id,
    projectName: projectNameIn({ name: row.project_name, names: row.project_names }, lang),
    periodNo: row.period_no,
    option: row.option_code,
    quantity: row.quantity,
    amount: formatMoney(Number(row.amount)),
    odds: formatOdds(row.odds),
    payout: payout === null ? null : formatMoney(payout),
    profit: payout === null ? null : formatMoney(payout - Number(row.amount)),
    audited: row.settled_at !== null,
    voided: row.void_reason !== null,
    dice: row.settled_at === null ? null : diceOf(row),
    createdAt: Number(row.created_at),
  };
}

/** Orders with what the app shows beside them: the project's name, and the period's dice once drawn. */
export const ordersWithPeriod = (db: Kysely<Database>) =>
  db
    .selectFrom('orders as o')
    .innerJoin('projects as p', 'p.id', 'o.project_id')
    .innerJoin('periods as d', (join) => join.onRef('d.project_id', '=', 'o.project_id').onRef('d.period_no', '=', 'o.period_no'))
    .selectAll('o')
    .select(['p.name as project_name', 'p.names as project_names', 'd.dice', 'd.void_reason']);

/** A period's state as an order checks it. */
export type PeriodForOrder = { locks_at: number | string; locked_at: number | string | null; drawn_at: number | string | null };

/**
 * The period must take orders: before its lock, so also while it is upcoming
 * (its seed hash is published then; the app orders into it while the one
 * before is locked). It must stay unlocked while the orders go in: on
 * PostgreSQL the period row is shared-locked, so its lock (which updates the
 * row and then fixes the orders root) waits for these orders and counts them
 * in; SQLite runs one transaction at a time.
 */
export function assertTakesOrders(period: PeriodForOrder | undefined, now: number): void {
  if (!period || period.drawn_at !== null || period.locked_at !== null || now >= Number(period.locks_at)) throw new AppError('PERIOD_CLOSED');
}

async function assertOpen(trx: Kysely<Database>, dialect: DialectName, input: Pick<OrderInput, 'projectId' | 'periodNo'>, now: number): Promise<void> {
  let query = trx
    .selectFrom('periods')
    .select(['locks_at', 'locked_at', 'drawn_at'])
    .where('project_id', '=', input.projectId)
    .where('period_no', '=', input.periodNo);
  if (dialect === 'postgres') query = query.forShare();
  assertTakesOrders(await query.executeTakeFirst(), now);
}

/** One order row per selection, at the project's odds now and the given unit amount. */
export function orderRowsOf(project: Project, userId: string, input: Pick<OrderInput, 'periodNo' | 'selections'>, unitAmount: number, now: number): OrdersTable[] {
  return input.selections.map((selection) => ({
    order_no: newOrderNo('order', now),
    user_id: userId,
    project_id: project.id,
    period_no: input.periodNo,
    option_code: selection.option,
    quantity: selection.quantity,
    amount: selection.quantity * unitAmount,
    odds: project.odds[selection.option]!,
    payout: null,
    settled_at: null,
    created_at: now,
  }));
}

/** What an order call answers: the orders as the app lists them, and the balance after. */
export function orderAnswer(project: Project, rows: OrdersTable[], balance: number, lang: Language) {
  return {
    orders: rows.map((row) => orderView({ ...row, project_name: project.name, project_names: project.names, dice: null, void_reason: null }, lang)),
    balance: formatMoney(balance),
  };
}

export type OrderAnswer = ReturnType<typeof orderAnswer>;

/**
 * Where an order's money comes from: the balance, or a chased period's
 * reserve, at the unit amount the chase reserved. `beforePosting` runs once
 * the exposure is counted, before any account moves (a chase whose first
 * period is open reserves its whole amount there), so accounts are still
 * locked after exposure rows, as every order takes them.
 */
export type OrderFunding = { from: 'available' } | { from: 'chase'; unitAmount: number; beforePosting?: () => Promise<void> };

/** Each selection's quantity within the project's range, else a VALIDATION naming the selection. */
export function assertQuantities(project: Pick<Project, 'minQuantity' | 'maxQuantity'>, selections: OrderInput['selections']): void {
  selections.forEach((selection, index) => {
    if (selection.quantity < project.minQuantity || selection.quantity > project.maxQuantity) {
      throw AppError.field(`selections.${index}.quantity`, 'QUANTITY_RANGE', { min: project.minQuantity, max: project.maxQuantity });
    }
  });
}

/**
 * Places one period's orders in the caller's transaction, all or none: the
 * project as stored now (its odds, limits, enabled), the period open, the
 * exposure counted, each order its own ledger transfer (to the house's game
 * account), posted together. Throws NOT_FOUND (no such or a disabled
 * project), a VALIDATION of a quantity, PERIOD_CLOSED, EXPOSURE_LIMIT or
 * INSUFFICIENT_BALANCE.
 */
export async function placeOrdersIn(
  trx: Kysely<Database>,
  dialect: DialectName,
  userId: string,
  input: Omit<OrderInput, 'requestId'>,
  now: number,
  funding: OrderFunding = { from: 'available' },
) {
  // The project first: the lock order every order and every save of a project keeps.
  const project = await projectForOrder(trx, dialect, input.projectId);
  assertQuantities(project, input.selections);
  await assertOpen(trx, dialect, input, now);
  const unitAmount = funding.from === 'chase' ? funding.unitAmount : project.unitAmount;
  const rows = orderRowsOf(project, userId, input, unitAmount, now);
  // Every exposure row first, in option order, then the accounts: parallel orders take locks in one order and never wait in a circle.
  const limit = project.exposureLimit;
  if (limit !== null) {
    for (const row of [...rows].sort((a, b) => (a.option_code < b.option_code ? -1 : 1))) {
      await addExposure(trx, row, payoutCents(row.amount, row.odds), limit);
    }
  }
  await trx.insertInto('orders').values(rows).execute();
  if (funding.from === 'chase') await funding.beforePosting?.();
  const kind = funding.from === 'chase' ? 'chase_placed' : 'order_placed';
  const posted = await postTransfers(
    trx,
    rows.map((row) => ({ kind, userId, reference: row.order_no, postings: MOVEMENTS[kind](userId, row.amount) })),
    now,
  );
  return { project, rows, balances: posted.balances };
}
