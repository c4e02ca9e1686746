import type { Kysely } from 'kysely';
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
