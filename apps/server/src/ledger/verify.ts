import { sql, type Kysely } from 'kysely';
import { USER_ACCOUNT_KINDS, type TransferKind } from '@wallet/contract';
import type { OpenDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { accountIdOf } from './accounts.js';
import { creditPointsOf } from '@wallet/contract/game';
import { MOVEMENTS, chasePeriodReference } from './movements.js';
import type { Posting } from './transfer.js';

export interface LedgerProblem {
  check: string;
  subject: string;
  detail: string;
}

export interface LedgerReport {
  ok: boolean;
  transfers: number;
  accounts: number;
  entries: number;
  problems: LedgerProblem[];
}

/** Enough to act on; a broken ledger could otherwise answer with millions of lines. */
const MAX_PROBLEMS = 200;

type Db = Kysely<Database>;
type Check = (db: Db) => Promise<LedgerProblem[]>;

const problem = (check: string, subject: string, detail: string): LedgerProblem => ({ check, subject, detail });

const transfersSumToZero: Check = async (db) => {
  const rows = await sql<{ transfer_id: string; total: string | number; legs: string | number }>`
    select t.id as transfer_id, coalesce(sum(e.amount), 0) as total, count(e.id) as legs
    from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
    group by t.id
    having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`.execute(db);
  return rows.rows.map((r) => problem('transfer-sums-to-zero', r.transfer_id, `sum ${r.total} over ${r.legs} entries`));
};

const balancesMatchEntries: Check = async (db) => {
  const rows = await sql<{ id: string; balance: string | number; total: string | number }>`
    select a.id, a.balance, coalesce(sum(e.amount), 0) as total
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance
    having a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
  return rows.rows.map((r) => problem('balance-equals-entries', r.id, `stored ${r.balance}, entries sum to ${r.total}`));
};

const runningBalancesMatch: Check = async (db) => {
  const rows = await sql<{ account_id: string; id: string | number; balance_after: string | number; running: string | number }>`
    select account_id, id, balance_after, running from (
      select account_id, id, balance_after, sum(amount) over (partition by account_id order by id) as running
      from ledger_entries) entries
    where running <> balance_after`.execute(db);
  return rows.rows.map((r) => problem('balance-after', r.account_id, `entry ${r.id} says ${r.balance_after}, the entries before it sum to ${r.running}`));
};

/** Each user account's totals per transfer kind are its entries' sums, none missing, none extra. */
const totalsMatchEntries: Check = async (db) => {
  const rows = await sql<{ account_id: string; kind: string; stored: string | number | null; summed: string | number | null }>`
    select coalesce(s.account_id, e.account_id) as account_id, coalesce(s.kind, e.kind) as kind, s.total as stored, e.total as summed
    from ledger_totals s
    full outer join (
      select e.account_id, t.kind, sum(e.amount) as total
      from ledger_entries e
      join ledger_transfers t on t.id = e.transfer_id
      join ledger_accounts a on a.id = e.account_id
      where a.user_id is not null
      group by e.account_id, t.kind) e on e.account_id = s.account_id and e.kind = s.kind
    where s.total is null or e.total is null or s.total <> e.total`.execute(db);
  return rows.rows.map((r) => problem('totals-equal-entries', r.account_id, `${r.kind}: stored ${r.stored ?? 'none'}, entries sum to ${r.summed ?? 'none'}`));
};

const noUserAccountNegative: Check = async (db) => {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'balance']).where('user_id', 'is not', null).where('balance', '<', 0).execute();
  return rows.map((r) => problem('user-account-not-negative', r.id, `balance ${r.balance}`));
};

const everyUserHasAccounts: Check = async (db) => {
  const rows = await sql<{ id: string; accounts: string | number }>`
    select u.id, count(a.id) as accounts from users u left join ledger_accounts a on a.user_id = u.id
    group by u.id having count(a.id) <> ${USER_ACCOUNT_KINDS.length}`.execute(db);
  return rows.rows.map((r) => problem('user-has-accounts', r.id, `${r.accounts} accounts instead of ${USER_ACCOUNT_KINDS.length}`));
};

const frozenEqualsPendingWithdrawals: Check = async (db) => {
  const rows = await sql<{ user_id: string; balance: string | number; pending: string | number; counted: string | number }>`
    select a.user_id, a.balance, coalesce(w.total, 0) as pending, u.pending_withdrawals as counted, coalesce(w.n, 0) as n
    from ledger_accounts a
    join users u on u.id = a.user_id
    left join (select user_id, sum(amount) as total, count(*) as n from withdrawals where status = 'review' group by user_id) w
      on w.user_id = a.user_id
    where a.kind = 'frozen' and (a.balance <> coalesce(w.total, 0) or u.pending_withdrawals <> coalesce(w.n, 0))`.execute(db);
  return rows.rows.map((r) =>
    problem('frozen-equals-pending-withdrawals', r.user_id, `frozen ${r.balance}, withdrawals under review ${r.pending}, counted pending ${r.counted}`),
  );
};

/** A recharge holds an extra tenth exactly while under review on a random-decimal channel, and its user counts it. */
const randomDecimalSlotsMatch: Check = async (db) => {
  const keys = await db
    .selectFrom('recharges')
    .select(['order_no', 'status', 'random_decimal', 'match_key'])
    .where((eb) =>
      eb.or([
        eb.and([eb('match_key', 'is', null), eb('status', '=', 'review'), eb('random_decimal', '=', 1)]),
        eb.and([eb('match_key', 'is not', null), eb.or([eb('status', '<>', 'review'), eb('random_decimal', '<>', 1)])]),
      ]),
    )
    .execute();
  const counts = await sql<{ id: string; counted: string | number; holding: string | number }>`
    select u.id, u.pending_random_recharges as counted, coalesce(r.n, 0) as holding
    from users u left join (select user_id, count(*) as n from recharges where match_key is not null group by user_id) r on r.user_id = u.id
    where u.pending_random_recharges <> coalesce(r.n, 0)`.execute(db);
  return [
    ...keys.map((r) => problem('recharge-holds-tenth', r.order_no, `${r.status}, random decimal ${r.random_decimal}, match key ${r.match_key ?? 'none'}`)),
    ...counts.rows.map((r) => problem('random-decimal-slots', r.id, `counted ${r.counted}, holding ${r.holding} extra tenths`)),
  ];
};

interface PostedTransfer {
  kind: string;
  postings: Map<string, number>;
}

const describe = (transfers: PostedTransfer[]) =>
  transfers
    .map((t) => {
      const postings = [...t.postings].sort(([a], [b]) => (a < b ? -1 : 1));
      return `${t.kind}(${postings.map(([account, amount]) => `${account} ${amount}`).join(', ')})`;
    })
    .join('; ') || 'none';

function expected(kind: TransferKind, postings: Posting[]): PostedTransfer {
  const map = new Map<string, number>();
  for (const p of postings) map.set(accountIdOf(p.account), (map.get(accountIdOf(p.account)) ?? 0) + p.amount);
  for (const [account, amount] of map) if (amount === 0) map.delete(account);
  return { kind, postings: map };
}

const byKind = (transfers: PostedTransfer[]) => [...transfers].sort((x, y) => (x.kind < y.kind ? -1 : 1));
const sameTransfers = (a: PostedTransfer[], b: PostedTransfer[]) => describe(byKind(a)) === describe(byKind(b));

/** The transfers of the given kinds, grouped by the order number they belong to. */
async function postedByReference(db: Db, kinds: TransferKind[]): Promise<Map<string, PostedTransfer[]>> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_entries as e', 'e.transfer_id', 't.id')
    .select(['t.id', 't.kind', 't.reference', 'e.account_id', 'e.amount'])
    .where('t.kind', 'in', kinds)
    .execute();
  const byTransfer = new Map<string, { reference: string; transfer: PostedTransfer }>();
  for (const row of rows) {
    const entry = byTransfer.get(row.id) ?? { reference: row.reference, transfer: { kind: row.kind, postings: new Map() } };
    entry.transfer.postings.set(row.account_id, (entry.transfer.postings.get(row.account_id) ?? 0) + Number(row.amount));
    byTransfer.set(row.id, entry);
  }
  const byReference = new Map<string, PostedTransfer[]>();
  for (const { reference, transfer } of byTransfer.values()) byReference.set(reference, [...(byReference.get(reference) ?? []), transfer]);
  return byReference;
}

const RECHARGE_KINDS: TransferKind[] = ['recharge_approved'];
const WITHDRAWAL_KINDS: TransferKind[] = ['withdrawal_requested', 'withdrawal_approved', 'withdrawal_refused'];

const rechargesHaveTheirTransfers: Check = async (db) => {
  const posted = await postedByReference(db, RECHARGE_KINDS);
  const problems: LedgerProblem[] = [];
  const recharges = await db.selectFrom('recharges').select(['order_no', 'user_id', 'status', 'pay_amount']).execute();
  for (const r of recharges) {
    const want = r.status === 'completed' ? [expected('recharge_approved', MOVEMENTS.recharge_approved(r.user_id, Number(r.pay_amount)))] : [];
    const got = posted.get(r.order_no) ?? [];
    if (!sameTransfers(want, got)) problems.push(problem('recharge-transfers', r.order_no, `${r.status}: expected ${describe(want)}, found ${describe(got)}`));
    posted.delete(r.order_no);
  }
  for (const [reference, transfers] of posted) problems.push(problem('recharge-transfers', reference, `no such recharge, yet ${describe(transfers)}`));
  return problems;
};

const withdrawalsHaveTheirTransfers: Check = async (db) => {
  const posted = await postedByReference(db, WITHDRAWAL_KINDS);
  const problems: LedgerProblem[] = [];
  const withdrawals = await db.selectFrom('withdrawals').select(['order_no', 'user_id', 'status', 'amount', 'fee']).execute();
  for (const w of withdrawals) {
    const amount = Number(w.amount);
    const want = [expected('withdrawal_requested', MOVEMENTS.withdrawal_requested(w.user_id, amount))];
    if (w.status === 'completed') want.push(expected('withdrawal_approved', MOVEMENTS.withdrawal_approved(w.user_id, amount, Number(w.fee))));
    if (w.status === 'refused') want.push(expected('withdrawal_refused', MOVEMENTS.withdrawal_refused(w.user_id, amount)));
    const got = posted.get(w.order_no) ?? [];
    if (!sameTransfers(want, got)) problems.push(problem('withdrawal-transfers', w.order_no, `${w.status}: expected ${describe(want)}, found ${describe(got)}`));
    posted.delete(w.order_no);
  }
  for (const [reference, transfers] of posted) problems.push(problem('withdrawal-transfers', reference, `no such withdrawal, yet ${describe(transfers)}`));
  return problems;
};

const ORDER_KINDS: TransferKind[] = ['order_placed', 'chase_placed', 'order_won', 'order_points', 'order_voided'];

/**
 * Every order has its placement (from the balance, or from the chase reserve
 * for a chased period's order); a settled one its winnings (when won) and its
 * credit points, or, when its period was void, its whole amount back and
 * nothing else; a waiting one nothing more.
 */
const ordersHaveTheirTransfers: Check = async (db) => {
  const posted = await postedByReference(db, ORDER_KINDS);
  const problems: LedgerProblem[] = [];
  const orders = await db
    .selectFrom('orders as o')
    .leftJoin('chase_orders as c', 'c.order_no', 'o.order_no')
    .innerJoin('periods as p', (join) => join.onRef('p.project_id', '=', 'o.project_id').onRef('p.period_no', '=', 'o.period_no'))
    .select(['o.order_no', 'o.user_id', 'o.amount', 'o.quantity', 'o.payout', 'o.settled_at', 'c.chase_no', 'p.void_reason'])
    .execute();
  for (const o of orders) {
    const want = [
      o.chase_no === null
        ? expected('order_placed', MOVEMENTS.order_placed(o.user_id, Number(o.amount)))
        : expected('chase_placed', MOVEMENTS.chase_placed(o.user_id, Number(o.amount))),
    ];
    if (o.settled_at !== null && o.void_reason !== null) want.push(expected('order_voided', MOVEMENTS.order_voided(o.user_id, Number(o.amount))));
    else if (o.settled_at !== null) {
      if (Number(o.payout) > 0) want.push(expected('order_won', MOVEMENTS.order_won(o.user_id, Number(o.payout))));
      want.push(expected('order_points', MOVEMENTS.order_points(o.user_id, creditPointsOf(o))));
    }
    const got = posted.get(o.order_no) ?? [];
    const state = o.settled_at === null ? 'waiting' : o.void_reason !== null ? 'void' : `settled, payout ${o.payout}`;
    if (!sameTransfers(want, got)) problems.push(problem('order-transfers', o.order_no, `${state}: expected ${describe(want)}, found ${describe(got)}`));
    posted.delete(o.order_no);
  }
  for (const [reference, transfers] of posted) problems.push(problem('order-transfers', reference, `no such order, yet ${describe(transfers)}`));
  return problems;
};

/** What a user's chase account holds is exactly the amounts of their chased periods still waiting. */
const chaseReserveEqualsWaitingPeriods: Check = async (db) => {
  const rows = await sql<{ user_id: string; balance: string | number; waiting: string | number }>`
    select a.user_id, a.balance, coalesce(w.total, 0) as waiting
    from ledger_accounts a
    left join (select c.user_id, sum(p.amount) as total from chase_periods p join chases c on c.chase_no = p.chase_no
      where p.state = 'waiting' group by c.user_id) w on w.user_id = a.user_id
    where a.kind = 'chase' and a.user_id is not null and a.balance <> coalesce(w.total, 0)`.execute(db);
  return rows.rows.map((r) => problem('chase-equals-waiting-periods', r.user_id, `chase account ${r.balance}, periods waiting ${r.waiting}`));
};

const CHASE_KINDS: TransferKind[] = ['chase_reserved', 'chase_returned'];

/**
 * A chase reserved its whole amount once; each period skipped or cancelled
 * was returned once, and no other; a placed (or drawn) period's orders add up
 * to its amount, and a period that never placed has no orders.
 */
const chasesHaveTheirTransfers: Check = async (db) => {
  const posted = await postedByReference(db, CHASE_KINDS);
  const problems: LedgerProblem[] = [];
  const chases = await db.selectFrom('chases').select(['chase_no', 'user_id']).execute();
  const periods = await db
    .selectFrom('chase_periods as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('chase_orders as co')
          .innerJoin('orders as o', 'o.order_no', 'co.order_no')
          .select(['co.chase_no', 'co.seq', (e) => e.fn.sum<string | number>('o.amount').as('ordered')])
          .groupBy(['co.chase_no', 'co.seq'])
          .as('placed'),
      (join) => join.onRef('placed.chase_no', '=', 'p.chase_no').onRef('placed.seq', '=', 'p.seq'),
    )
    .select(['p.chase_no', 'p.seq', 'p.state', 'p.reason', 'p.amount', 'placed.ordered'])
    .execute();
  const byChase = new Map<string, typeof periods>();
  for (const period of periods) {
    const list = byChase.get(period.chase_no);
    if (list) list.push(period);
    else byChase.set(period.chase_no, [period]);
  }
  for (const chase of chases) {
    const mine = byChase.get(chase.chase_no) ?? [];
    const total = mine.reduce((sum, p) => sum + Number(p.amount), 0);
    const want = [expected('chase_reserved', MOVEMENTS.chase_reserved(chase.user_id, total))];
    const got = posted.get(chase.chase_no) ?? [];
    if (!sameTransfers(want, got)) problems.push(problem('chase-transfers', chase.chase_no, `expected ${describe(want)}, found ${describe(got)}`));
    posted.delete(chase.chase_no);
    for (const p of mine) {
      const reference = chasePeriodReference(p.chase_no, p.seq);
      // A period placed and then void came back through its orders' refunds, not from the reserve.
      const voided = p.state === 'skipped' && p.reason === 'PERIOD_VOID';
      const returned = (p.state === 'skipped' || p.state === 'cancelled') && !voided;
      const wantBack = returned ? [expected('chase_returned', MOVEMENTS.chase_returned(chase.user_id, Number(p.amount)))] : [];
      const gotBack = posted.get(reference) ?? [];
      if (!sameTransfers(wantBack, gotBack)) problems.push(problem('chase-transfers', reference, `${p.state}: expected ${describe(wantBack)}, found ${describe(gotBack)}`));
      posted.delete(reference);
      const ordered = Number(p.ordered ?? 0);
      const wantOrdered = p.state === 'placed' || p.state === 'won' || p.state === 'lost' || voided ? Number(p.amount) : 0;
      if (ordered !== wantOrdered) problems.push(problem('chase-period-orders', reference, `${p.state}: its orders come to ${ordered}, expected ${wantOrdered}`));
    }
  }
  for (const [reference, transfers] of posted) problems.push(problem('chase-transfers', reference, `no such chase or period, yet ${describe(transfers)}`));
  return problems;
};

/** A chased period is placed while its period waits for the draw, won or lost once it is drawn, skipped as void once it is void. */
const chasePeriodsFollowTheirDraw: Check = async (db) => {
  const rows = await db
    .selectFrom('chase_periods as cp')
    .innerJoin('periods as p', (join) => join.onRef('p.project_id', '=', 'cp.project_id').onRef('p.period_no', '=', 'cp.period_no'))
    .select(['cp.chase_no', 'cp.seq', 'cp.state', 'cp.reason', 'p.drawn_at', 'p.void_reason'])
    .where((eb) =>
      eb.or([
        eb.and([eb('cp.state', '=', 'placed'), eb('p.drawn_at', 'is not', null)]),
        eb.and([eb('cp.state', 'in', ['won', 'lost']), eb.or([eb('p.drawn_at', 'is', null), eb('p.void_reason', 'is not', null)])]),
        eb.and([eb('cp.reason', '=', 'PERIOD_VOID'), eb('p.void_reason', 'is', null)]),
      ]),
    )
    .execute();
  const periodState = (r: (typeof rows)[number]) => (r.drawn_at === null ? 'not drawn' : r.void_reason === null ? 'drawn' : 'void');
  return rows.map((r) => problem('chase-period-drawn', chasePeriodReference(r.chase_no, r.seq), `${r.state} ${r.reason ?? ''}, its period ${periodState(r)}`));
};

/** Drawn means settled: no order of a drawn period waits. */
const drawnPeriodsAreSettled: Check = async (db) => {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('periods as p', (join) => join.onRef('p.project_id', '=', 'o.project_id').onRef('p.period_no', '=', 'o.period_no'))
    .select(['o.order_no', 'o.project_id', 'o.period_no'])
    .where('p.drawn_at', 'is not', null)
    .where('o.settled_at', 'is', null)
    .execute();
  return rows.map((r) => problem('drawn-period-settled', r.order_no, `period ${r.project_id} ${r.period_no} is drawn, the order waits`));
};

const adjustmentsAreExplained: Check = async (db) => {
  const rows = await db
    .selectFrom('ledger_transfers')
    .select(['id', 'memo', 'operator_id'])
    .where('kind', '=', 'adjustment')
    .where((eb) => eb.or([eb('memo', '=', ''), eb('operator_id', 'is', null)]))
    .execute();
  return rows.map((r) => problem('adjustment-has-reason', r.id, 'an adjustment without a reason or an operator'));
};

/** Every invariant of PRODUCT §5; further modules (orders) add their own checks here. */
export const LEDGER_CHECKS: Check[] = [
  transfersSumToZero,
  balancesMatchEntries,
  runningBalancesMatch,
  totalsMatchEntries,
  noUserAccountNegative,
  everyUserHasAccounts,
  frozenEqualsPendingWithdrawals,
  randomDecimalSlotsMatch,
  rechargesHaveTheirTransfers,
  withdrawalsHaveTheirTransfers,
  ordersHaveTheirTransfers,
  chaseReserveEqualsWaitingPeriods,
  chasesHaveTheirTransfers,
  chasePeriodsFollowTheirDraw,
  drawnPeriodsAreSettled,
  adjustmentsAreExplained,
];

async function countOf(db: Db, table: 'ledger_transfers' | 'ledger_accounts' | 'ledger_entries'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function runChecks(db: Db): Promise<LedgerReport> {
  let problems: LedgerProblem[] = [];
  // concat, not push(...found): a broken ledger can report more problems than a call takes arguments.
  for (const check of LEDGER_CHECKS) problems = problems.concat(await check(db));
  return {
    ok: problems.length === 0,
    transfers: await countOf(db, 'ledger_transfers'),
    accounts: await countOf(db, 'ledger_accounts'),
    entries: await countOf(db, 'ledger_entries'),
    problems: problems.slice(0, MAX_PROBLEMS),
  };
}

/** All checks see one snapshot, so money moving meanwhile never shows as a false problem. */
export async function verifyLedger(database: Pick<OpenDatabase, 'db' | 'dialect'>): Promise<LedgerReport> {
  const transaction = database.db.transaction();
  if (database.dialect === 'postgres') return transaction.setIsolationLevel('repeatable read').execute(runChecks);
  return transaction.execute(runChecks);
}
