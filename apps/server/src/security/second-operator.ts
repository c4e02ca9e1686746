import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';

/** An operator account younger than this at the proposal may have been made to approve it. */
export const APPROVER_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export interface Proposal {
  proposedBy: string;
  proposedAt: number;
}

/** Nobody decides on their own proposal, not even to reject it. */
export function assertNotProposer(proposal: Proposal, operatorId: string): void {
  if (proposal.proposedBy === operatorId) throw new AppError('SELF_APPROVAL');
}

/**
 * PRODUCT §9, four eyes: the approver is a second person, not a second
 * account of the proposer's making: not one the proposer created, nor one
 * created in the day before the proposal or after it. The first-start
 * operator, created by nobody, is nobody's second account: on a new
 * installation it may approve from the first day.
 */
export async function assertSecondOperator(db: Kysely<Database>, proposal: Proposal, approverId: string): Promise<void> {
  assertNotProposer(proposal, approverId);
  const approver = await db.selectFrom('operators').select(['created_by', 'created_at']).where('id', '=', approverId).executeTakeFirstOrThrow();
  if (approver.created_by === proposal.proposedBy) throw new AppError('APPROVER_MADE_BY_PROPOSER');
  if (approver.created_by !== null && approver.created_at > proposal.proposedAt - APPROVER_MIN_AGE_MS) throw new AppError('APPROVER_TOO_NEW');
}

/** The tables of proposals a second operator decides: balance adjustments and raises of their threshold. */
type ProposalTable = 'adjustments' | 'threshold_raises';

export interface Decision {
  status: 'approved' | 'rejected';
  remark: string;
}

/**
 * Moves a proposal out of pending, once: the guarded update lets exactly one
 * of two operators deciding at the same moment through; the other hears
 * ALREADY_REVIEWED. The proposer never decides their own, and only a second
 * person approves (assertSecondOperator). Returns the proposal as it was.
 */
export async function decideOnce<T extends ProposalTable>(trx: Kysely<Database>, table: T, id: string, operatorId: string, decision: Decision, now: number) {
  const proposals = trx as unknown as Kysely<Pick<Database, ProposalTable>>;
  const proposal = await proposals.selectFrom(table as ProposalTable).selectAll().where('id', '=', id).executeTakeFirst();
  if (!proposal) throw new AppError('NOT_FOUND');
  const proposed = { proposedBy: proposal.proposed_by, proposedAt: proposal.proposed_at };
  if (decision.status === 'approved') await assertSecondOperator(trx, proposed, operatorId);
  else assertNotProposer(proposed, operatorId);
  const changed = await proposals
    .updateTable(table as ProposalTable)
    .set({ ...decision, decided_by: operatorId, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw new AppError('ALREADY_REVIEWED');
  return proposal as Selectable<Database[T]>;
}
