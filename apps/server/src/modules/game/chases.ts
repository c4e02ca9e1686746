import type { Kysely } from 'kysely';
import { formatMoney, type Language } from '@wallet/contract';
import { nextPeriod, type PeriodWindow } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { PageRequest } from '../../db/page.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { ACCOUNT_CEILING, accountIdOf, userAccount } from '../../ledger/accounts.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { newOrderNo } from '../../ledger/order-numbers.js';
import { postTransfer } from '../../ledger/transfer.js';
import type { LiveEvents } from '../events/index.js';
import { placeChasedPeriodIn } from './chase-placement.js';
import { readChases } from './chase-reads.js';
import { guardMoneyWrite } from '../protection/index.js';
import { DEFAULT_MAX_BATCH, sharedTransactions } from '../../ledger/group-commit.js';
import type { TransactionRunner } from '../../ledger/idempotency.js';
import { cancelWaitingPeriods } from './chase-cancellation.js';
import { assertQuantities, type OrderInput } from './orders.js';
import { projectForOrder, timingAt, type Project } from './projects.js';

export interface ChaseInput {
  projectId: string;
  startPeriodNo: string;
  periods: number;
  selections: OrderInput['selections'];
  stopOnWin: boolean;
  requestId: string;
}

export interface ChaseServiceDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  idempotency: Idempotency;
  timeZone: string;
  liveEvents?: LiveEvents;
  /** The most chases started in one transaction; 1 starts them one by one. */
  maxBatch?: number;
}

/** The chase's periods as the clock numbers them from the first: each the one after the last, under the timing that holds at its start. */
function periodsFrom(project: Project, timeZone: string, first: PeriodWindow, count: number): PeriodWindow[] {
  const windows = [first];
  while (windows.length < count) {
    const last = windows[windows.length - 1]!;
    windows.push(nextPeriod(timingAt(project, last.drawsAt), timeZone, last));
  }
  return windows;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function createChaseService({ db, dialect, idempotency, timeZone, liveEvents, maxBatch = DEFAULT_MAX_BATCH }: ChaseServiceDependencies) {
  const starts = sharedTransactions(db, { maxBatch });
  const availableOf = (userId: string) => accountIdOf(userAccount(userId, 'available'));

  return {
    /** How its batches went, for `/metrics`. */
    groupCommitCounts: starts.counts,
    /**
     * Reserves the whole chase (available → chase) and writes its periods,
     * in one transaction. When the first period is open already, its orders
     * are placed in that transaction too, so a refusal (exposure, quantity)
     * refuses the chase while the user is there to see it.
     */
    async start(userId: string, input: ChaseInput, now: number) {
      const key = { ownerId: userId, requestId: input.requestId, scope: 'game/chase', fields: { ...input, requestId: undefined } };
      // Chases started together share one transaction, each in a savepoint of its own.
      const inShared: TransactionRunner = (work) => starts.run(work);
      return idempotency.run(
        key,
        now,
        async (transact) =>
        transact(async (trx) => {
          const guard = await guardMoneyWrite(trx, dialect, userId, 'loss', now);
          const project = await projectForOrder(trx, dialect, input.projectId);
          assertQuantities(project, input.selections);
          const start = await trx
            .selectFrom('periods')
            .select(['period_no', 'opens_at', 'locks_at', 'locked_at', 'draws_at', 'drawn_at'])
            .where('project_id', '=', project.id)
            .where('period_no', '=', input.startPeriodNo)
            .executeTakeFirst();
          if (!start || start.drawn_at !== null || start.locked_at !== null || now >= Number(start.locks_at)) throw new AppError('PERIOD_CLOSED');
          const first = { periodNo: start.period_no, index: 0, opensAt: Number(start.opens_at), locksAt: Number(start.locks_at), drawsAt: Number(start.draws_at) };
          const windows = periodsFrom(project, timeZone, first, input.periods);

          const chaseNo = newOrderNo('chase', now);
          const amountPerPeriod = sum(input.selections.map((s) => s.quantity)) * project.unitAmount;
          const totalAmount = amountPerPeriod * windows.length;
          // No balance holds more than the ceiling: a larger chase is one the user cannot pay, never an overflow.
          if (totalAmount > ACCOUNT_CEILING) throw new AppError('INSUFFICIENT_BALANCE');
          const placeFirstNow = now >= first.opensAt;
          const chase = {
            chase_no: chaseNo,
            user_id: userId,
            project_id: project.id,
            selections: JSON.stringify(input.selections.map(({ option, quantity }) => ({ option, quantity }))),
            unit_amount: project.unitAmount,
            amount_per_period: amountPerPeriod,
            stop_on_win: input.stopOnWin ? 1 : 0,
            created_at: now,
          };
          await trx.insertInto('chases').values(chase).execute();
          await trx
            .insertInto('chase_periods')
            .values(
              windows.map((window, seq) => ({
                chase_no: chaseNo,
                seq,
                project_id: project.id,
                period_no: window.periodNo,
                expected_opens_at: window.opensAt,
                expected_locks_at: window.locksAt,
                amount: amountPerPeriod,
                state: seq === 0 && placeFirstNow ? ('placed' as const) : ('waiting' as const),
                reason: null,
                payout: null,
                placed_at: seq === 0 && placeFirstNow ? now : null,
                ended_at: null,
              })),
            )
            .execute();

          let balance = 0;
          const reserve = async () => {
            const posted = await postTransfer(trx, { kind: 'chase_reserved', userId, reference: chaseNo, postings: MOVEMENTS.chase_reserved(userId, totalAmount) }, now);
            balance = posted.balances.get(availableOf(userId))!;
          };
          if (placeFirstNow) {
            const period = { ...chase, seq: 0, period_no: first.periodNo, amount: amountPerPeriod };
            await placeChasedPeriodIn(trx, dialect, period, now, reserve);
          } else {
            await reserve();
          }
          await guard.afterWrite(totalAmount);
          return {
            chaseNo,
            periodNos: windows.map((window) => window.periodNo),
            amountPerPeriod: formatMoney(amountPerPeriod),
            totalAmount: formatMoney(totalAmount),
            balance: formatMoney(balance),
          };
        }),
        inShared,
      );
    },

    /** Every period still waiting: cancelled and returned (chase → available), in one transaction; one being placed meanwhile stays placed. */
    async cancel(userId: string, input: { chaseNo: string; requestId: string }, now: number) {
      const key = { ownerId: userId, requestId: input.requestId, scope: 'game/chase/cancel', fields: { chaseNo: input.chaseNo } };
      const answer = await idempotency.run(key, now, async (transact) =>
        transact(async (trx) => {
          const chase = await trx.selectFrom('chases').select('chase_no').where('chase_no', '=', input.chaseNo).where('user_id', '=', userId).executeTakeFirst();
          if (!chase) throw new AppError('NOT_FOUND');
          const { chases, balance } = await cancelWaitingPeriods(trx, dialect, userId, [chase.chase_no], 'CANCELLED', now, liveEvents);
          const cancelled = chases[0]?.periods ?? [];
          if (cancelled.length === 0) throw new AppError('CHASE_FINISHED');
          return {
            chaseNo: chase.chase_no,
            cancelledPeriodNos: cancelled.map((period) => period.periodNo),
            returned: formatMoney(sum(cancelled.map((period) => period.amount))),
            balance: formatMoney(balance!),
          };
        }),
      );
      liveEvents?.publish();
      return answer;
    },

    /** The user's chases, newest first, each with its periods in order and the orders each placed. */
    async list(userId: string, query: PageRequest, lang: Language) {
      const page = await readChases(db, { userId }, query, lang);
      return { ...page, items: page.items.map(({ userId: _userId, username: _username, ...chase }) => chase) };
    },
  };
}

export type ChaseService = ReturnType<typeof createChaseService>;
